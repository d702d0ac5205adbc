// What a failure reads as: its message (the core's messageOf, one for every package) or, in a log line, its stack.
export { messageOf } from '@trading-analytics/core';

/** An error's stack, or its message, or the thrown value as text: what a log line shows of a fault. */
export function stackOf(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** A value as an error message shows it: JSON where it has one, else its text (a bigint as `7n`). */
export function shownValue(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  return JSON.stringify(value) ?? String(value);
}
