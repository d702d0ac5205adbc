// The sandbox's settings of a command line (the bin and `npm start`): `--sandbox`, with `--seed <n>` and
// `--now <ISO-8601>`, and what crosses from startMock to the mock's process. Whether a seed or a now can
// be used is the sandbox's own check, made where the world is built (server.ts).
import { ownOptions } from '@trading-analytics/core';
import { shownValue } from './message.js';

/** The sandbox's seed and now as startMock takes them; either left out takes the sandbox's default. */
export interface SandboxSettings {
  /** An integer from 0 to 2^32 - 1. Default 1. */
  seed?: number;
  /** The world's now, an ISO-8601 instant with its offset. Default `2026-11-21T12:00:00Z`. */
  now?: string;
}

/** The exit code of the mock's process when the sandbox refuses its seed or now (the reason on stderr). */
export const INVALID_SANDBOX_EXIT = 4;

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
    throw new TypeError(`startMock: sandbox must be true, false or { seed, now }, got ${shown(sandbox)}.`);
  }
  const { seed, now, ...rest } = ownOptions(sandbox as Record<string, unknown>);
  const unknown = Object.keys(rest);
  if (unknown.length > 0) throw new TypeError(`startMock: sandbox takes { seed, now }, not ${unknown.join(', ')}.`);
  if (seed !== undefined && (typeof seed !== 'number' || !Number.isFinite(seed))) {
    throw new TypeError(`startMock: the sandbox's seed must be an integer from 0 to 4294967295, got ${shown(seed)}.`);
  }
  if (now !== undefined && typeof now !== 'string') {
    throw new TypeError(`startMock: the sandbox's now must be an ISO-8601 instant as text, got ${shown(now)}.`);
  }
  return { ...(seed === undefined ? {} : { seed }), ...(now === undefined ? {} : { now }) };
}

/**
 * The sandbox of a command line: false without `--sandbox`; `--seed` must be written as a whole number.
 * Throws a message naming the flag for a seed that is not one, or a `--seed`/`--now` without `--sandbox`.
 */
export function readSandboxFlags({
  sandbox = false,
  seed,
  now,
}: {
  sandbox?: boolean;
  seed?: string;
  now?: string;
}): SandboxSettings | false {
  if (!sandbox) {
    if (seed !== undefined || now !== undefined) throw new Error('--seed and --now go with --sandbox.');
    return false;
  }
  if (seed !== undefined && !/^[0-9]+$/.test(seed)) {
    throw new Error(`--seed takes a whole number from 0 to 4294967295, got ${JSON.stringify(seed)}.`);
  }
  return { ...(seed === undefined ? {} : { seed: Number(seed) }), ...(now === undefined ? {} : { now }) };
}
