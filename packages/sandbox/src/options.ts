// The two inputs of a world, checked: a bad seed or now is refused with a TypeError saying what is wrong.
import { DEFAULT_NOW, DEFAULT_SEED } from './cast.js';
import { isoSeconds, parseInstant } from './time.js';
import type { SandboxOptions } from './types.js';

/** The earliest and latest `now` accepted: the world's history (a year of listings) must stay after 1970. */
const EARLIEST = parseInstant('1972-01-01T00:00:00Z') as number;
const LATEST = parseInstant('9999-01-01T00:00:00Z') as number;

export interface Inputs {
  readonly seed: number;
  /** Unix seconds. */
  readonly now: number;
  /** The same instant written back as "YYYY-MM-DDTHH:MM:SSZ". */
  readonly nowText: string;
}

/** A value as a message shows it: JSON where it has one, else its text (a bigint as `7n`). */
function shownValue(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  return JSON.stringify(value) ?? String(value);
}

/**
 * The seed and now of the options. Only the object's own properties are read: an option inherited through
 * its prototype (a polluted `Object.prototype`, a class's defaults) is ignored, as if left out.
 */
export function readOptions(options: SandboxOptions | undefined): Inputs {
  if (options !== undefined && (options === null || typeof options !== 'object'))
    throw new TypeError(`createSandbox takes an options object ({ seed, now }), not ${String(options)}`);
  const own = (name: keyof SandboxOptions): unknown =>
    options !== undefined && Object.hasOwn(options, name) ? options[name] : undefined;
  const seed = own('seed') === undefined ? DEFAULT_SEED : own('seed');
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > 0xffff_ffff) {
    throw new TypeError(`seed must be an integer from 0 to 4294967295, not ${shownValue(seed)}`);
  }
  const nowOption = own('now') === undefined ? DEFAULT_NOW : own('now');
  const now = typeof nowOption === 'string' ? parseInstant(nowOption) : undefined;
  if (now === undefined)
    throw new TypeError(
      `now must be an ISO-8601 instant with its offset, such as ${DEFAULT_NOW}, not ${shownValue(nowOption)}`,
    );
  if (now < EARLIEST || now > LATEST) throw new TypeError(`now must be between 1972 and 9999, not ${nowOption}`);
  return { seed, now, nowText: isoSeconds(now) };
}
