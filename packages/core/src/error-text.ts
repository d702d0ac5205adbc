// What a failure reads as, the one way every package and the repository's scripts say it.

/** An error's message, or the thrown value as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
