// How an observed value appears in a report: one line, at most a few hundred characters.

const EXCERPT_LENGTH = 300;

/** A short, single-line rendering of an observed value for a report; `absent` for undefined. */
export function excerpt(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text === undefined) return 'absent';
  const line = text.replace(/\s+/g, ' ');
  return line.length > EXCERPT_LENGTH ? `${line.slice(0, EXCERPT_LENGTH)}…` : line;
}
