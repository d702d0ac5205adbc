// Figures that agree across endpoints for any trader of any world (issue 27, item 4). The sandbox's rounding
// rule (README, "Rounding"): every USD figure is the exact sum of the world's amounts, rounded half away from
// zero to the cent once, at the end; so a total and its rows (chart buckets, a day's users, the pairs, a
// competition's rows) differ by at most half a cent per row, and never by more. Seeds and traders are drawn
// by fast-check; the sandbox is pure and in-process, so many worlds are cheap.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../src/index.js';
import { ask, type Body, ok } from './support/world.js';

const worlds = new Map<number, { sandbox: Sandbox; traders: string[] }>();
/** A world per seed, with its traders that hold positions (the leaderboard's ranked ones over all time). */
function world(seed: number): { sandbox: Sandbox; traders: string[] } {
  let found = worlds.get(seed);
  if (!found) {
    const sandbox = createSandbox({ seed });
    const rows = ok(ask(sandbox, 'listLeaderboard', { size: 5000 })).content as Body[];
    found = { sandbox, traders: rows.map((row) => row.userAddress) };
    worlds.set(seed, found);
  }
  return found;
}

const cents = (text: string): bigint => {
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return text.startsWith('-') ? -value : value;
};

/** A total and its rows, all cent texts (or numbers), agree under the rounding rule: half a cent per row. */
function expectRows(total: string | number, rows: readonly (string | number)[]): void {
  const drift = rows.reduce<bigint>((sum, row) => sum + cents(String(row)), 0n) - cents(String(total));
  expect(2n * (drift < 0n ? -drift : drift), `rows ${rows.length}, drift ${drift} cents`).toBeLessThanOrEqual(
    BigInt(rows.length),
  );
}

describe('the PnL chart adds up to the trade overview', () => {
  it('for random traders of random seeds, every timeframe, before and after fees, in any time zone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.constantFrom('DAYS_7', 'DAYS_30', 'DAYS_60', 'ALL_TIME'),
        fc.boolean(),
        fc.constantFrom('UTC', 'Asia/Tokyo', 'America/New_York', 'Asia/Kolkata'),
        (seed, at, timeframe, is_after_fee, timezone) => {
          const { sandbox, traders } = world(seed);
          const user_address = traders[Math.floor(at * traders.length)] as string;
          const chart = ok(ask(sandbox, 'getPnlChart', { timeframe, is_after_fee, timezone }, { user_address }));
          const overview = ok(ask(sandbox, 'getTradeOverview', { timeframe, is_after_fee }, { user_address }));
          expectRows(
            overview.realizedPnlUsd,
            (chart.data as Body[]).map((point) => point.pnl),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

const DAY = 86_400;
const NOW = 1_795_262_400;
const iso = (seconds: number): string => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

describe('volumes add up across endpoints', () => {
  it("for random seeds and days: the users' daily volumes are the protocol's volume of that day", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 89 }), (seed, back) => {
        const { sandbox } = world(seed);
        const day = Math.floor(NOW / DAY) * DAY - back * DAY;
        const range = { startTime: iso(day), endTime: iso(day + DAY) };
        const users = ok(ask(sandbox, 'listUserDailyVolumes', range)) as Body[];
        const protocol = ok(ask(sandbox, 'getProtocolVolumeByDate', range));
        expectRows(
          protocol.usdVol,
          users.map((row) => row.dailyVolume),
        );
      }),
      { numRuns: 40 },
    );
  });

  it.each([1, 2, 3, 977])('seed %i: the per-pair cumulative volumes are the protocol all-time volume', (seed) => {
    const { sandbox } = world(seed);
    const pairs = ok(ask(sandbox, 'listPairs', { size: 1000, is_ready_to_display: false })).content as Body[];
    const all = ok(ask(sandbox, 'listPairs', { size: 1000 })).content as Body[];
    const bases = [...new Set([...pairs, ...all].map((pair) => pair.base as string))];
    const perPair = bases.map(
      (pairBase) => ok(ask(sandbox, 'getPairCumulativeVolume', {}, { pairBase })).volumeUSD as string,
    );
    expectRows(ok(ask(sandbox, 'getProtocolVolumeAllTime')).usdVol, perPair);
  });

  it.each([1, 2, 3, 977])("seed %i: each competition's volume is the sum of its rows", (seed) => {
    const { sandbox } = world(seed);
    for (const competition of ok(ask(sandbox, 'listCompetitions')) as Body[]) {
      const board = ok(ask(sandbox, 'listCompetitionLeaderboard', { limit: 5000 }, { id: competition.id }));
      const key = board.headers.find((header: Body) => header.label === 'Trading volume (USD)')?.key;
      if (key === undefined) continue;
      expectRows(
        competition.tradingVolume,
        (board.data.content as Body[]).map((row) => row.stats[key] ?? 0),
      );
    }
  });
});
