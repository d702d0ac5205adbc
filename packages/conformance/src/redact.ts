// Every form of a report passes through `redact`, so a --header value never reaches a report even when the
// service echoes it back.

/** The text with every secret replaced by `[redacted]`. */
export function redact(text: string, secrets: readonly string[] = []): string {
  let result = text;
  for (const secret of secrets) if (secret) result = result.replaceAll(secret, '[redacted]');
  return result;
}
