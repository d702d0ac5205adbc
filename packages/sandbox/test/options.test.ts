// createSandbox refuses a seed or now it cannot use with a clear TypeError; answer never throws.
import { describe, expect, it } from 'vitest';
import { createSandbox, DEFAULT_NOW, DEFAULT_SEED } from '../src/index.js';
import { defaultSandbox } from './support/world.js';

describe('createSandbox', () => {
  it("defaults to seed 1 and the examples' now", () => {
    const sandbox = defaultSandbox();
    expect(sandbox.seed).toBe(DEFAULT_SEED);
    expect(sandbox.now).toBe(DEFAULT_NOW);
    expect(DEFAULT_NOW).toBe('2026-11-21T12:00:00Z');
  });

  it('writes now back in UTC', () => {
    expect(createSandbox({ now: '2026-11-21T14:00:00+02:00' }).now).toBe('2026-11-21T12:00:00Z');
  });

  it.each([[-1], [1.5], [2 ** 32], [Number.NaN], ['7'], [null]])('refuses the seed %s', (seed) => {
    expect(() => createSandbox({ seed: seed as number })).toThrow(TypeError);
    expect(() => createSandbox({ seed: seed as number })).toThrow(/seed must be an integer from 0 to 4294967295/);
  });

  it.each([
    ['yesterday'],
    ['2026-11-21'],
    ['2026-11-21T12:00:00'],
    ['2026-02-30T00:00:00Z'],
    ['1969-12-31T00:00:00Z'],
    [1_795_262_400],
  ])('refuses the now %s', (now) => {
    expect(() => createSandbox({ now: now as string })).toThrow(TypeError);
  });

  it('refuses options that are not an object', () => {
    expect(() => createSandbox(7 as never)).toThrow(/options object/);
  });

  // Hostile round three: a bigint seed failed with "Do not know how to serialize a BigInt", an option
  // inherited through the options' prototype was used, and years 0001-0099 were read as 1901-1999.
  it('refuses a bigint seed with the message of every other bad seed', () => {
    expect(() => createSandbox({ seed: 7n as never })).toThrow(
      new TypeError('seed must be an integer from 0 to 4294967295, not 7n'),
    );
  });

  it('reads only the options object’s own properties: an inherited seed or now is ignored', () => {
    const inherited = Object.create({ seed: 9, now: '2030-01-01T00:00:00Z' }) as object;
    expect(createSandbox(inherited)).toMatchObject({ seed: DEFAULT_SEED, now: DEFAULT_NOW });
    const prototype = Object.prototype as Record<string, unknown>;
    prototype.seed = 'polluted';
    try {
      expect(createSandbox({}).seed).toBe(DEFAULT_SEED);
    } finally {
      delete prototype.seed;
    }
  });

  it('reads a year from 0000 to 0099 as written, refusing it as before 1972, not as 19xx', () => {
    expect(() => createSandbox({ now: '0075-06-01T00:00:00Z' })).toThrow(
      new TypeError('now must be between 1972 and 9999, not 0075-06-01T00:00:00Z'),
    );
    expect(() => createSandbox({ now: '0099-12-31T23:59:59+01:00' })).toThrow(/between 1972 and 9999/);
  });
});

describe('answer', () => {
  const sandbox = defaultSandbox();

  it.each([
    [{ operationId: 'noSuchOperation', path: {}, query: {} }, 404],
    [{ operationId: 'listLeaderboard', path: {}, query: { page: 'x' } }, 400],
    [{ operationId: 'listLeaderboard', path: {}, query: { size: '0' } }, 400],
    [{ operationId: 'listLeaderboard', path: {}, query: { page: '-1' } }, 400],
    [{ operationId: 'listLeaderboard', path: {}, query: { sort_field: 'pnl' } }, 400],
    [{ operationId: 'getMyRank', path: {}, query: {} }, 400],
    [{ operationId: 'queryLatestPrices', path: {}, query: {}, body: { pairBases: [] } }, 400],
    [{ operationId: 'queryLatestPrices', path: {}, query: {}, body: 'text' }, 400],
    [{ operationId: 'joinCompetition', path: {}, query: {} }, 400],
    [{ operationId: 'listPositions', path: {}, query: {} }, 400],
    [
      {
        operationId: 'getPnlChart',
        path: { user_address: '0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b' },
        query: { timeframe: 'DAYS_7', is_after_fee: 'true', timezone: 'Mars/Olympus' },
      },
      400,
    ],
    [
      {
        operationId: 'getUnrealizedPnl',
        path: { user_address: '0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b' },
        query: { block_chain: 'monad' },
      },
      400,
    ],
    [null, 404],
  ])('answers a request it cannot use with a problem, never a throw (%j)', (request, status) => {
    const answer = sandbox.answer(request as never);
    expect(answer.status).toBe(status);
    expect(answer.contentType).toBe('application/problem+json');
    expect(answer.body).toMatchObject({
      status,
      type: expect.stringMatching(/^urn:trading-analytics-sandbox:/),
      detail: expect.any(String),
    });
  });
});
