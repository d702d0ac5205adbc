// What one request can make the sandbox answer (hostile round three): list inputs are capped at
// MAX_LIST_ITEMS and refused past it, a reason or message shows at most SHOWN_CHARS characters of any input,
// and a value an answer must name (an unresolvable pair base) is named once. The review's request, unknown
// pair bases beside a chain of a megabyte, was answered with every failure repeating the whole chain.
import { describe, expect, it } from 'vitest';
import { MAX_LIST_ITEMS, SHOWN_CHARS } from '../src/limits.js';
import { AVA, ask, BTC, defaultSandbox, ok } from './support/world.js';

const sandbox = defaultSandbox();
const megabyte = 'x'.repeat(1_000_000);
const unknown = (count: number) =>
  Array.from({ length: count }, (_, index) => `0x${'e'.repeat(30)}${index.toString(16).padStart(10, '0')}`);
const size = (value: unknown) => JSON.stringify(value).length;

describe('latest prices', () => {
  it('names each unknown pair base once, with a reason that never repeats the chain whole', () => {
    const body = { pairBases: unknown(MAX_LIST_ITEMS), blockChain: megabyte };
    const answer = ok(ask(sandbox, 'queryLatestPrices', {}, {}, body));
    expect(answer.failures).toHaveLength(MAX_LIST_ITEMS);
    expect(answer.failures[0].reason).toBe(`no latest oracle price found on "${'x'.repeat(SHOWN_CHARS)}…"`);
    // The pair bases once each, and a reason of at most a hundred characters per failure.
    expect(size(answer)).toBeLessThan(size(body.pairBases) + MAX_LIST_ITEMS * 150);
  });

  it(`refuses more than ${MAX_LIST_ITEMS} pair bases with a 400 naming the cap`, () => {
    const answer = ask(
      sandbox,
      'queryLatestPrices',
      {},
      {},
      { pairBases: unknown(MAX_LIST_ITEMS + 1), blockChain: megabyte },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe(
      `pairBases holds ${MAX_LIST_ITEMS + 1} values; the sandbox takes at most ${MAX_LIST_ITEMS} (MAX_LIST_ITEMS)`,
    );
    expect(size(answer.body)).toBeLessThan(300);
  });

  it('counts duplicates toward the cap, and answers a pair once however often it is named', () => {
    expect(ok(ask(sandbox, 'queryLatestPrices', {}, {}, { pairBases: Array(MAX_LIST_ITEMS).fill(BTC) }))).toEqual({
      prices: { [BTC]: expect.any(String) },
      failures: [],
    });
    expect(ask(sandbox, 'queryLatestPrices', {}, {}, { pairBases: Array(MAX_LIST_ITEMS + 1).fill(BTC) }).status).toBe(
      400,
    );
  });
});

describe('list parameters', () => {
  it.each([
    ['listPairs', 'tags', (count: number) => Array.from({ length: count }, (_, index) => `t${index}`)],
    ['getProtocolVolumeAllTime', 'chains', (count: number) => Array(count).fill('MONAD').join(',')],
    ['getProtocolVolumeAllTime', 'chains', (count: number) => Array(count).fill('MONAD')],
  ] as const)(`%s: %s up to ${MAX_LIST_ITEMS} values, and a 400 past them`, (operationId, name, values) => {
    expect(ask(sandbox, operationId, { [name]: values(MAX_LIST_ITEMS) }).status).toBe(200);
    const refused = ask(sandbox, operationId, { [name]: values(MAX_LIST_ITEMS + 1) });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(new RegExp(`^${name} holds ${MAX_LIST_ITEMS + 1} values; .*MAX_LIST_ITEMS`));
  });
});

describe('what a message shows of the request', () => {
  const long = 'y'.repeat(100_000);
  it.each([
    ['getProtocolVolumeByDate', 'startTime', { startTime: long }, {}],
    ['listUserDailyVolumes', 'startTime', { startTime: long, endTime: long }, {}],
    ['listCompetitionLeaderboard', 'orderBy', { orderBy: long }, { id: 7 }],
    ['getPnlChart', 'timezone', { timeframe: 'DAYS_7', is_after_fee: 'true', timezone: long }, { user_address: AVA }],
    ['getPrice24hAgo', 'pair_base', { pair_base: long }, {}],
    ['getPrice24hAgo', 'block_chain', { pair_base: BTC, block_chain: long }, {}],
    ['getUnrealizedPnl', 'block_chain', { block_chain: long }, { user_address: AVA }],
    ['listLeaderboard', 'size', { size: long }, {}],
  ] as const)(`%s: a %s of 100,000 characters shows ${SHOWN_CHARS} of them`, (operationId, _name, query, path) => {
    const answer = ask(sandbox, operationId, query, path);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.body.detail).toContain(`${'y'.repeat(SHOWN_CHARS)}…`);
    expect(size(answer.body)).toBeLessThan(600);
  });

  it('a price-update failure shows the chain cut, and the pair and collateral once', () => {
    const answer = ok(
      ask(sandbox, 'queryPriceUpdates', {}, {}, { pairBase: long, collateral: long, blockChain: megabyte }),
    );
    expect(answer.failures).toEqual([
      { pairBase: long, reason: `no price feed found for the pair on "${'x'.repeat(SHOWN_CHARS)}…"` },
      { collateral: long, reason: 'collateral token not supported' },
    ]);
  });
});
