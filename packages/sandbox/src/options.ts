// The inputs of a sandbox and of its controls, checked: a bad seed, start or clock is refused with a TypeError
// saying what is wrong; a bad world name, duration or instant given to a control with a SandboxInputError
// naming the field.
import { DEFAULT_NOW, DEFAULT_SEED } from './cast.js';
import { badField, SandboxInputError } from './errors.js';
import { addDuration, isoSeconds, parseDuration, parseInstant } from './time.js';
import type { SandboxOptions } from './types.js';

/** The earliest and latest `now` accepted: the world's history (a year of listings) must stay after 1970. */
const EARLIEST = parseInstant('1972-01-01T00:00:00Z') as number;
const LATEST = parseInstant('9999-01-01T00:00:00Z') as number;
/** The fastest live clock: a million world seconds (about 11.6 days) per wall second. */
const FASTEST_RATE = 1_000_000;

export interface Inputs {
  readonly seed: number;
  /** Unix seconds. */
  readonly now: number;
  readonly clock: { readonly wallMs: () => number; readonly rate: number } | undefined;
}

/** A value as a message shows it: JSON where it has one, else its text (a bigint as `7n`). */
function shown(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  return JSON.stringify(value) ?? String(value);
}

/**
 * The seed, now and clock of the options. Only the object's own properties are read: an option inherited
 * through its prototype (a polluted `Object.prototype`, a class's defaults) is ignored, as if left out.
 */
export function readOptions(options: SandboxOptions | undefined): Inputs {
  if (options !== undefined && (options === null || typeof options !== 'object'))
    throw new TypeError(`createSandbox takes an options object ({ seed, now, clock }), not ${String(options)}`);
  const own = (name: keyof SandboxOptions): unknown =>
    options !== undefined && Object.hasOwn(options, name) ? options[name] : undefined;
  const seed = own('seed') === undefined ? DEFAULT_SEED : own('seed');
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > 0xffff_ffff) {
    throw new TypeError(`seed must be an integer from 0 to 4294967295, not ${shown(seed)}`);
  }
  const nowOption = own('now') === undefined ? DEFAULT_NOW : own('now');
  const now = typeof nowOption === 'string' ? parseInstant(nowOption) : undefined;
  if (now === undefined)
    throw new TypeError(
      `now must be an ISO-8601 instant with its offset, such as ${DEFAULT_NOW}, not ${shown(nowOption)}`,
    );
  if (now < EARLIEST || now > LATEST) throw new TypeError(`now must be between 1972 and 9999, not ${nowOption}`);
  return { seed, now, clock: readClock(own('clock')) };
}

function readClock(clock: unknown): Inputs['clock'] {
  if (clock === undefined) return undefined;
  if (clock === null || typeof clock !== 'object' || typeof (clock as { wallMs?: unknown }).wallMs !== 'function')
    throw new TypeError('clock must be { wallMs: () => milliseconds, rate? }, such as { wallMs: () => Date.now() }');
  const { wallMs, rate = 1 } = clock as { wallMs: () => number; rate?: unknown };
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0 || rate > FASTEST_RATE)
    throw new TypeError(`clock.rate must be a number above 0 and at most ${FASTEST_RATE}, not ${shown(rate)}`);
  if (!Number.isFinite(wallMs())) throw new TypeError('clock.wallMs() must return milliseconds as a finite number');
  return { wallMs, rate };
}

const worldName = /^[A-Za-z0-9_-]{1,64}$/;

/** A world's name as sent in X-Sandbox-World: 1 to 64 of A-Z, a-z, 0-9, _ and -. */
export function checkWorldName(name: unknown): string {
  if (typeof name === 'string' && worldName.test(name)) return name;
  const text = typeof name === 'string' ? name : shown(name);
  throw badField(
    'X-Sandbox-World',
    `A world's name is 1 to 64 of the letters A-Z and a-z, the digits 0-9, _ and -, not ${JSON.stringify(text.length > 70 ? `${text.slice(0, 70)}…` : text)}`,
  );
}

/** The instant a clock moved on by `duration` from `now` reaches; 400 naming `field` for what cannot be used. */
export function durationTarget(now: number, duration: unknown, field: string): number {
  const parts = typeof duration === 'string' ? parseDuration(duration) : undefined;
  if (!parts)
    throw badField(
      field,
      `${field} must be an ISO-8601 duration in whole units, such as PT1H, P1D or P1Y2M10DT2H30M, not ${shown(duration)}`,
    );
  const target = addDuration(now, parts);
  if (!Number.isFinite(target) || target > LATEST)
    throw badField(
      field,
      `${field} ${duration} would move the clock past 9999-01-01, the latest instant the sandbox holds`,
    );
  return target;
}

/** An instant a clock is set to: at or after `now` (the clock moves forward only); 4xx naming `field` otherwise. */
export function instantTarget(now: number, instant: unknown, field: string): number {
  const target = typeof instant === 'string' ? parseInstant(instant) : undefined;
  if (target === undefined)
    throw badField(
      field,
      `${field} must be an ISO-8601 instant with its offset, such as ${DEFAULT_NOW}, not ${shown(instant)}`,
    );
  if (target > LATEST)
    throw badField(field, `${field} must be before 9999-01-01, the latest instant the sandbox holds`);
  if (target < now)
    throw new SandboxInputError(
      409,
      'clock-backwards',
      'The clock moves forward only',
      `${field} ${instant} is before the world's now, ${isoSeconds(now)}: the clock moves forward only, as a test clock does. DELETE /__sandbox puts the world back to its start.`,
      field,
    );
  return target;
}
