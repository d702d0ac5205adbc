// How an observed value appears in a report: one line, at most a few hundred characters, its secrets
// redacted before it is cut. A value is written as JSON without recursion and only as far as the excerpt
// shows, so no depth or size of what a service sends can exhaust the stack or the time of a run.
import type { Redact } from './redact.js';

const EXCERPT_LENGTH = 300;
// How much of a value is written before it is redacted and cut: room for the excerpt after redaction and
// whitespace folding have shortened it.
const RENDER_FACTOR = 4;

type Frame =
  | { array: true; items: readonly unknown[]; next: number; written: boolean }
  | { array: false; entries: [string, unknown][]; next: number; written: boolean };

/**
 * The JSON text of a value, written without recursion and stopped once `budget` characters are written;
 * `complete` says whether it is the whole text. Undefined where JSON has no value (`absent` at the top).
 */
export function renderJson(value: unknown, budget: number): { text: string; complete: boolean } {
  let text = '';
  const stack: Frame[] = [];
  const scalar = (item: unknown): string => {
    if (typeof item === 'string') {
      // A string longer than the budget is cut first: the whole of it is never copied.
      const cut = item.length > budget ? item.slice(0, budget) : item;
      return JSON.stringify(cut);
    }
    if (typeof item === 'number') return Number.isFinite(item) ? String(item) : 'null';
    if (typeof item === 'bigint' || typeof item === 'boolean') return String(item);
    return 'null';
  };
  const open = (item: unknown): void => {
    if (Array.isArray(item)) {
      text += '[';
      stack.push({ array: true, items: item, next: 0, written: false });
    } else if (item !== null && typeof item === 'object') {
      text += '{';
      stack.push({ array: false, entries: Object.entries(item), next: 0, written: false });
    } else text += scalar(item);
  };
  if (value === undefined) return { text: 'absent', complete: true };
  open(value);
  while (stack.length > 0 && text.length < budget) {
    const frame = stack.at(-1) as Frame;
    const length = frame.array ? frame.items.length : frame.entries.length;
    if (frame.next >= length) {
      text += frame.array ? ']' : '}';
      stack.pop();
      continue;
    }
    const [key, item] = frame.array
      ? [undefined, frame.items[frame.next++] ?? null]
      : (frame.entries[frame.next++] as [string, unknown]);
    if (item === undefined) continue;
    if (frame.written) text += ',';
    frame.written = true;
    if (key !== undefined) text += `${JSON.stringify(key)}:`;
    open(item);
  }
  const complete = stack.length === 0 && text.length <= budget;
  return { text: complete ? text : text.slice(0, budget), complete };
}

/**
 * A short, single-line rendering of an observed value for a report, every secret redacted before the text
 * is folded and cut (so a cut leaves no start of one); `absent` for undefined.
 */
export function excerpt(value: unknown, redact: Redact, limit = EXCERPT_LENGTH): string {
  return cut(
    typeof value === 'string' ? { text: value, complete: true } : renderJson(value, limit * RENDER_FACTOR),
    redact,
    limit,
  );
}

/**
 * A value a service sent as JSON, written as JSON so its type shows: the string `"0.0842"` in quotes, the
 * number `0.0842` without; redacted and cut as `excerpt`.
 */
export function jsonExcerpt(value: unknown, redact: Redact, limit = EXCERPT_LENGTH): string {
  return cut(renderJson(value, limit * RENDER_FACTOR), redact, limit);
}

function cut({ text, complete }: { text: string; complete: boolean }, redact: Redact, limit: number): string {
  // Folding whitespace could join what was apart into a secret: redacted again after.
  const line = redact(redact(text, !complete).replace(/\s+/g, ' '));
  return line.length > limit || !complete ? `${line.slice(0, limit)}…` : line;
}
