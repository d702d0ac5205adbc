/** A mistake in how the runner was called (flag, params file, unreachable base URL): exit code 2, one line. */
export class UsageError extends Error {}
