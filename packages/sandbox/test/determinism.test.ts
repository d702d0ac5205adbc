// The same seed and now give byte-identical answers; another seed or now gives another world.
import { describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../src/index.js';
import { AVA, ask, BEN, BTC, NOW } from './support/world.js';

/** A spread of requests over every area of the world; the join is asked last, then read back. */
function transcript(sandbox: Sandbox): string {
  const someone = sandbox.describe().tryThese.rankedTraders![2]!;
  const answers = [
    ask(sandbox, 'listLeaderboard', { size: 20, page: 3, sort_field: 'TOTAL_VOL_USD' }),
    ask(sandbox, 'listLeaderboard', { timeframe: 'SEVEN_DAY', search: '0x1' }),
    ask(sandbox, 'getMyRank', { user_address: someone, sort_field: 'BIGGEST_WIN' }),
    ask(sandbox, 'listPositions', { size: 50 }, { userAddress: someone }),
    ask(sandbox, 'listTradeHistory', { size: 50 }, { user_address: someone }),
    ask(sandbox, 'getUnrealizedPnl', {}, { user_address: someone }),
    ask(
      sandbox,
      'getPnlChart',
      { timeframe: 'ALL_TIME', is_after_fee: true, timezone: 'Europe/Berlin' },
      { user_address: someone },
    ),
    ask(sandbox, 'getPortfolioData', {}, { user_address: AVA }),
    ask(sandbox, 'listPairs', { is_ready_to_display: false, size: 50, volume_time_range: 'SEVEN_DAY' }),
    ask(sandbox, 'getPriceHoursAgo', { pair_base: BTC, hours_ago: 13 }),
    ask(
      sandbox,
      'queryPriceUpdates',
      {},
      {},
      {
        pairBase: BTC,
        collateral: '0x760afe86e5de5fa0ee542fc7b7b713e1c5425701',
        options: { includeEncodingData: true, includeFee: true, includePrice: true },
      },
    ),
    ask(sandbox, 'listCompetitionLeaderboard', { limit: 50 }, { id: 7 }),
    ask(sandbox, 'listTeamPointsLeaderboard', { size: 60 }),
    ask(sandbox, 'listUserDailyVolumes', { startTime: '2026-11-10T00:00:00Z', endTime: '2026-11-12T00:00:00Z' }),
    ask(sandbox, 'getProtocolVolumeAllTime'),
    ask(sandbox, 'getStakedApy', { days: 30 }),
    ask(sandbox, 'joinCompetition', {}, {}, { trader: BEN, competitionId: 8, inviteCode: 'MAXI-8F3K' }),
    ask(sandbox, 'listCompetitions', { userAddress: BEN }),
  ];
  return JSON.stringify([answers, sandbox.describe()]);
}

describe('determinism', () => {
  const first = transcript(createSandbox({ seed: 42 }));

  it('gives byte-identical answers for the same seed and now', () => {
    expect(transcript(createSandbox({ seed: 42 }))).toBe(first);
  });

  it('gives another world for another seed', () => {
    const other = transcript(createSandbox({ seed: 43 }));
    expect(other).not.toBe(first);
    // Not just a few bytes: the generated traders themselves differ.
    const ranked = (text: string) => JSON.parse(text)[1].tryThese.rankedTraders[2];
    expect(ranked(other)).not.toBe(ranked(first));
  });

  it('moves the world with now: the same seed a day later answers as of that day', () => {
    const later = createSandbox({ seed: 42, now: '2026-11-22T12:00:00Z' });
    const stamp = ask(later, 'getUnrealizedPnl', {}, { user_address: AVA }).body;
    expect(stamp.blockTimestamp).toBe(NOW + 86_400 - 2);
    expect(later.now).toBe('2026-11-22T12:00:00Z');
  });

  it('answers the same whatever was asked before: caches change speed, never bytes', () => {
    const requests: [string, Record<string, string | number>, Record<string, string>][] = [
      ['listLeaderboard', { sort_field: 'WIN_RATE', sort_direction: 'ASC', size: 30, page: 2 }, {}],
      ['getMyRank', { user_address: BEN, sort_field: 'WIN_RATE', sort_direction: 'ASC' }, {}],
      ['listTradeHistory', { size: 30 }, { user_address: AVA }],
      ['listCompetitionLeaderboard', { orderBy: 'pnl', limit: 30 }, { id: '7' }],
      ['listTeamPointsLeaderboard', { epoch: 9 }, {}],
      ['listUserDailyVolumes', { startTime: '2026-11-18T00:00:00Z', endTime: '2026-11-20T06:00:00Z' }, {}],
    ];
    const forward = createSandbox({ seed: 5 });
    const backward = createSandbox({ seed: 5 });
    const answers = requests.map(([operationId, query, path]) =>
      JSON.stringify(ask(forward, operationId, query, path)),
    );
    const reversed = [...requests]
      .reverse()
      .map(([operationId, query, path]) => JSON.stringify(ask(backward, operationId, query, path)));
    expect(reversed.reverse()).toEqual(answers);
  });

  it('needs no clock: answering twice gives the same bytes', () => {
    const sandbox = createSandbox();
    const once = JSON.stringify(
      ask(sandbox, 'getTradeOverview', { timeframe: 'DAYS_7', is_after_fee: true }, { user_address: AVA }),
    );
    expect(
      JSON.stringify(
        ask(sandbox, 'getTradeOverview', { timeframe: 'DAYS_7', is_after_fee: true }, { user_address: AVA }),
      ),
    ).toBe(once);
  });
});
