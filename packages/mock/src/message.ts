/** An error's message, or the thrown value as text: what the mock reports of a failure. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** An error's stack, or its message, or the thrown value as text: what a log line shows of a fault. */
export function stackOf(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** A value as an error message shows it: JSON where it has one, else its text (a bigint as `7n`). */
export function shownValue(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  return JSON.stringify(value) ?? String(value);
}
