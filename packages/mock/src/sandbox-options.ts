// The sandbox's settings of a command line (the bin and `npm start`): `--sandbox`, with `--seed <n>`,
// `--now <ISO-8601 | wall>`, `--clock <fixed | live>` and `--clock-rate <n>`, and what crosses from startMock
// to the mock's process. Whether a seed, a now or a rate can be used is the sandbox's own check, made where
// the world is built (server.ts); what is checked here is what must be right before it gets there.
import { ownOptions } from '@trading-analytics/core';
import { shownValue } from './message.js';

/** The sandbox's settings as startMock takes them; each left out takes the sandbox's default. */
export interface SandboxSettings {
  /** An integer from 0 to 2^32 - 1. Default 1. */
  seed?: number;
  /**
   * Where the worlds' clocks start: an ISO-8601 instant with its offset, or `'wall'` for the machine's time when
   * the mock starts. Default `2026-11-21T12:00:00Z`, the examples' now, where the cast's figures hold.
   */
  now?: string;
  /** `'fixed'` (default): now moves only when told (`POST /__sandbox/clock`); `'live'`: it follows the wall clock. */
  clock?: 'fixed' | 'live';
  /** With `clock: 'live'`, world seconds per wall second (more than 0, at most 1,000,000). Default 1. */
  clockRate?: number;
}

export { INVALID_SANDBOX_EXIT } from './exit-codes.js';

const KEYS = ['seed', 'now', 'clock', 'clockRate'];

/**
 * `startMock`'s `sandbox` option as the settings its process gets: null without a sandbox. Throws a
 * TypeError for what cannot reach the process (a value of another type, a key it does not take). Only its
 * own properties are read.
 */
export function sandboxSettings(sandbox: unknown): SandboxSettings | null {
  if (sandbox === undefined || sandbox === false) return null;
  if (sandbox === true) return {};
  const shown = (value: unknown) => (typeof value === 'number' ? String(value) : shownValue(value));
  if (sandbox === null || typeof sandbox !== 'object' || Array.isArray(sandbox)) {
    throw new TypeError(
      `startMock: sandbox must be true, false or { seed, now, clock, clockRate }, got ${shown(sandbox)}.`,
    );
  }
  const { seed, now, clock, clockRate, ...rest } = ownOptions(sandbox as Record<string, unknown>);
  const unknown = Object.keys(rest);
  if (unknown.length > 0)
    throw new TypeError(`startMock: sandbox takes { ${KEYS.join(', ')} }, not ${unknown.join(', ')}.`);
  if (seed !== undefined && (typeof seed !== 'number' || !Number.isFinite(seed))) {
    throw new TypeError(`startMock: the sandbox's seed must be an integer from 0 to 4294967295, got ${shown(seed)}.`);
  }
  if (now !== undefined && typeof now !== 'string') {
    throw new TypeError(
      `startMock: the sandbox's now must be an ISO-8601 instant as text, or 'wall', got ${shown(now)}.`,
    );
  }
  if (clock !== undefined && clock !== 'fixed' && clock !== 'live') {
    throw new TypeError(`startMock: the sandbox's clock must be 'fixed' or 'live', got ${shown(clock)}.`);
  }
  if (clockRate !== undefined && clock !== 'live') {
    throw new TypeError("startMock: the sandbox's clockRate goes with clock: 'live'.");
  }
  if (clockRate !== undefined && (typeof clockRate !== 'number' || !Number.isFinite(clockRate))) {
    throw new TypeError(`startMock: the sandbox's clockRate must be a number above 0, got ${shown(clockRate)}.`);
  }
  return {
    ...(seed === undefined ? {} : { seed }),
    ...(now === undefined ? {} : { now }),
    ...(clock === undefined ? {} : { clock }),
    ...(clockRate === undefined ? {} : { clockRate }),
  } as SandboxSettings;
}

/**
 * The sandbox of a command line: false without `--sandbox`; `--seed` must be written as a whole number and
 * `--clock-rate` as a decimal. Throws a message naming the flag for a value that is not one, or a sandbox flag
 * without `--sandbox`.
 */
export function readSandboxFlags({
  sandbox = false,
  seed,
  now,
  clock,
  clockRate,
}: {
  sandbox?: boolean;
  seed?: string;
  now?: string;
  clock?: string;
  clockRate?: string;
}): SandboxSettings | false {
  if (!sandbox) {
    if (seed !== undefined || now !== undefined || clock !== undefined || clockRate !== undefined)
      throw new Error('--seed, --now, --clock and --clock-rate go with --sandbox.');
    return false;
  }
  if (seed !== undefined && !/^[0-9]+$/.test(seed)) {
    throw new Error(`--seed takes a whole number from 0 to 4294967295, got ${JSON.stringify(seed)}.`);
  }
  if (clock !== undefined && clock !== 'fixed' && clock !== 'live') {
    throw new Error(`--clock takes fixed or live, got ${JSON.stringify(clock)}.`);
  }
  if (clockRate !== undefined && clock !== 'live') throw new Error('--clock-rate goes with --clock live.');
  if (clockRate !== undefined && !/^[0-9]+(\.[0-9]+)?$/.test(clockRate)) {
    throw new Error(
      `--clock-rate takes a number of world seconds per second, such as 60, got ${JSON.stringify(clockRate)}.`,
    );
  }
  return {
    ...(seed === undefined ? {} : { seed: Number(seed) }),
    ...(now === undefined ? {} : { now }),
    ...(clock === undefined ? {} : { clock }),
    ...(clockRate === undefined ? {} : { clockRate: Number(clockRate) }),
  };
}
