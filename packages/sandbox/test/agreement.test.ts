// Data that agrees across operations (issue 20, item 3): my-rank is the trader's leaderboard row, events
// belong to positions, portfolio figures and volumes add up from the trades, the valuation follows the
// seed's rules from the positions and quotes, latest prices agree with the pairs, and the teams agree.
import { describe, expect, it } from 'vitest';
import { AVA, ask, type Body, CY, defaultSandbox, NOBODY, ok } from './support/world.js';

const sandbox = defaultSandbox();
const description = sandbox.describe();
/** A spread of traders: the cast, ranks from the top to the bottom of the leaderboard, and the roles. */
const leaderboard = ok(ask(sandbox, 'listLeaderboard', { size: 1000 })).content as Body[];
const sample: string[] = [
  ...new Set([
    AVA,
    ...[0, 3, 17, 120, 400, 777, 999].map((at) => leaderboard[at].userAddress),
    ...Object.values(description.tryThese)
      .flat()
      .filter((value) => /^0x[0-9a-f]{40}$/.test(value)),
  ]),
];

const pages = (
  operationId: string,
  path: Record<string, string>,
  query: Record<string, string | number> = {},
): Body[] => {
  const first = ok(ask(sandbox, operationId, { ...query, size: 1000 }, path));
  return first.content;
};

describe('my-rank and the leaderboard', () => {
  it.each(
    ['ONE_DAY', 'SEVEN_DAY', 'THIRTY_DAY', 'ALL'].flatMap((timeframe) =>
      ['PNL', 'WIN_RATE', 'BIGGEST_WIN', 'TOTAL_VOL_USD'].flatMap((sort_field) =>
        ['ASC', 'DESC'].map((sort_direction) => [timeframe, sort_field, sort_direction] as const),
      ),
    ),
  )("%s %s %s: my-rank equals the trader's row", (timeframe, sort_field, sort_direction) => {
    const rows = ok(ask(sandbox, 'listLeaderboard', { timeframe, sort_field, sort_direction, size: 1000 }))
      .content as Body[];
    for (const row of [rows[0], rows[Math.floor(rows.length / 2)], rows.at(-1)]) {
      expect(
        ok(ask(sandbox, 'getMyRank', { user_address: row.userAddress, timeframe, sort_field, sort_direction })),
      ).toEqual(row);
    }
  });

  it('means one thing by totalCount: the ranked traders of the timeframe, or 0 in an all-zero record', () => {
    for (const timeframe of ['ONE_DAY', 'SEVEN_DAY', 'THIRTY_DAY', 'ALL']) {
      const ranked = ok(ask(sandbox, 'listLeaderboard', { timeframe, size: 1 })).totalElements;
      for (const address of sample) {
        const mine = ok(ask(sandbox, 'getMyRank', { user_address: address, timeframe }));
        const { userAddress, totalCount, ...numbers } = mine;
        const allZero = Object.values(numbers).every((value) => value === 0);
        // Without activity in the timeframe the record is all-zero (the description's rule 5), totalCount too.
        if (allZero) expect(totalCount, `${address} ${timeframe}`).toBe(0);
        else expect(totalCount, `${address} ${timeframe}`).toBe(ranked);
      }
    }
    // Cy, outside the ranked set, trades nothing in the last day: the all-zero record, as the README says.
    expect(ok(ask(sandbox, 'getMyRank', { user_address: CY, timeframe: 'ONE_DAY' }))).toMatchObject({
      rank: 0,
      pnl: 0,
      totalVolUsd: 0,
      totalCount: 0,
    });
  });

  it('gives an unknown trader the all-zero record of their own address', () => {
    expect(ok(ask(sandbox, 'getMyRank', { user_address: NOBODY }))).toMatchObject({
      userAddress: NOBODY,
      rank: 0,
      pnl: 0,
      totalCount: 0,
    });
  });
});

describe.each(sample)('trader %s', (address) => {
  const positions = pages('listPositions', { userAddress: address });
  const events = pages('listTradeHistory', { user_address: address });

  it('has events that each belong to one of its positions, with the same position object', () => {
    const byHash = new Map(positions.map((position) => [position.positionHash, position]));
    expect(events.length).toBeGreaterThanOrEqual(positions.length);
    for (const event of events) {
      expect(byHash.has(event.positionHash), event.id).toBe(true);
      const position = byHash.get(event.positionHash);
      if (event.position) expect(event.position).toEqual(position);
      expect([event.pairBase, event.qty, event.entryPrice, event.isLong, event.margin]).toEqual([
        position.pairBase,
        position.qty,
        position.entryPrice,
        position.isLong,
        position.margin,
      ]);
      if (event.pnl !== null)
        expect([event.pnl, event.closePrice]).toEqual([position.closeInfo.pnl, position.closeInfo.closePrice]);
    }
    const times = events.map((event) => Date.parse(event.blockTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Older positions carry the legacy names, and only they do.
    for (const event of events)
      if (['OPEN_MARKET_TRADE', 'CLOSE_TRADE_SUCCESSFUL'].includes(event.operationType))
        expect(event.position).toBeUndefined();
  });

  it('adds its portfolio up from its positions and events', () => {
    const portfolio = ok(ask(sandbox, 'getPortfolioData', {}, { user_address: address }));
    const closed = positions.filter((position) => position.status === 'CLOSED');
    const closing = new Map(events.filter((event) => event.pnl !== null).map((event) => [event.positionHash, event]));
    // PnL in USD from each closing event: the margin-token PnL at the token's price when it closed.
    const decimals = (token: string) => (token === '0x5d876d73f4441d5f2438b1a3e2a51771b337f27a' ? 6n : 18n);
    const pnl = closed.reduce((sum, position) => {
      const event = closing.get(position.positionHash);
      return (
        sum + (BigInt(position.closeInfo.pnl) * BigInt(event.tokenInPrice)) / 10n ** decimals(position.marginToken)
      );
    }, 0n);
    expect(BigInt(portfolio.realizedPNL)).toBe(pnl);
    const volume = positions.reduce(
      (sum, position) =>
        sum +
        (BigInt(position.qty) * BigInt(position.entryPrice)) / 10n ** 10n +
        (position.closeInfo ? (BigInt(position.qty) * BigInt(position.closeInfo.closePrice)) / 10n ** 10n : 0n),
      0n,
    );
    expect(BigInt(portfolio.tradingVolumeUSD)).toBe(volume);
    expect(portfolio.tradingPairs.reduce((sum: bigint, pair: Body) => sum + BigInt(pair.tradingVolumeUSD), 0n)).toBe(
      volume,
    );
    expect(portfolio.gain + portfolio.loss).toBe(closed.length);
    expect(portfolio.gain).toBe(closed.filter((position) => BigInt(position.closeInfo.pnl) > 0n).length);
    expect(portfolio.metrics.positionLiveCount).toBe(positions.length - closed.length);
    const mine = ok(ask(sandbox, 'getMyRank', { user_address: address }));
    if (positions.length > 0) {
      expect(Math.round(mine.pnl * 100)).toBe(Number((pnl * 100n + (pnl >= 0n ? 5n : -5n) * 10n ** 17n) / 10n ** 18n));
      expect([mine.winCount, mine.loseCount]).toEqual([portfolio.gain, portfolio.loss]);
      const overview = ok(
        ask(sandbox, 'getTradeOverview', { timeframe: 'ALL_TIME', is_after_fee: false }, { user_address: address }),
      );
      expect(Number(overview.realizedPnlUsd)).toBe(mine.pnl);
    }
  });

  it('values its open positions from their figures and the current quotes', () => {
    const answer = ask(sandbox, 'getUnrealizedPnl', {}, { user_address: address });
    const open = positions.filter((position) => position.status === 'OPEN');
    if (answer.status === 503) {
      // Only a stale quote makes the valuation fail: the holder has a position on the stale market.
      const stale = description.cast.markets.find((market) => market.pairName === 'PEPE/USD')!.base;
      expect(open.some((position) => position.pairBase === stale)).toBe(true);
      return;
    }
    const body = ok(answer);
    expect(body.userAddress).toBe(address);
    expect(body.positionCount).toBe(open.length);
    if (open.length === 0) return;
    const quotes = ok(
      ask(
        sandbox,
        'queryLatestPrices',
        {},
        {},
        { pairBases: ['0x6d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f7a8b9c0', ...open.map((position) => position.pairBase)] },
      ),
    ).prices;
    const mon = BigInt(quotes['0x6d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f7a8b9c0']);
    let gross = 0n;
    for (const position of open) {
      const usdc = position.marginToken === '0x5d876d73f4441d5f2438b1a3e2a51771b337f27a';
      const raw =
        ((position.isLong ? 1n : -1n) *
          BigInt(position.qty) *
          (BigInt(quotes[position.pairBase]) - BigInt(position.entryPrice))) /
        10n ** 10n;
      // Rule 3: in the settlement token, capped at minus the margin, then back to USD.
      const tokenPrice = usdc ? 10n ** 18n : mon;
      const scale = usdc ? 10n ** 6n : 10n ** 18n;
      let inToken = (raw * scale) / tokenPrice;
      if (inToken < -BigInt(position.margin)) inToken = -BigInt(position.margin);
      gross += (inToken * tokenPrice) / scale;
    }
    const cents = (gross * 100n + (gross >= 0n ? 5n : -5n) * 10n ** 17n) / 10n ** 18n;
    expect(Math.round(Number(body.unrealizedPnlUsd) * 100)).toBe(Number(cents));
    expect(Number(body.holdingFeeUsd)).toBeGreaterThanOrEqual(0);
    expect(body.priceAsOf).toBeLessThanOrEqual(1_795_262_400);
  });
});

describe('valuation caps (rule 3)', () => {
  it('caps each position on its own: where a loss reaches the margin, net is not gross plus the aggregate fees', () => {
    const cents = (text: string) => Math.round(Number(text) * 100);
    let capped = 0;
    let plain = 0;
    for (const row of ok(ask(sandbox, 'listLeaderboard', { size: 1000, page: 0 })).content as Body[]) {
      const answer = ask(sandbox, 'getUnrealizedPnl', {}, { user_address: row.userAddress });
      if (answer.status !== 200 || answer.body.positionCount === 0) continue;
      const { unrealizedPnlUsd, unrealizedPnlAfterAccruedFeesUsd, fundingFeeUsd, holdingFeeUsd } = answer.body;
      const rebuilt = cents(unrealizedPnlUsd) + cents(fundingFeeUsd) - cents(holdingFeeUsd);
      // Without a cap the totals rebuild to the cent (each figure is rounded once, hence the 2-cent slack).
      if (Math.abs(rebuilt - cents(unrealizedPnlAfterAccruedFeesUsd)) <= 2) plain += 1;
      else capped += 1;
    }
    expect(plain).toBeGreaterThan(100);
    expect(capped).toBeGreaterThan(0);
  });
});

describe('prices, pairs and teams', () => {
  it('resolves every listed pair in the latest prices', () => {
    const pairs = ok(ask(sandbox, 'listPairs', { is_ready_to_display: false, size: 100 })).content as Body[];
    const latest = ok(ask(sandbox, 'queryLatestPrices', {}, {}, { pairBases: pairs.map((pair) => pair.base) }));
    expect(latest.failures).toEqual([]);
    expect(Object.keys(latest.prices).sort()).toEqual(pairs.map((pair) => pair.base).sort());
    for (const pair of pairs)
      expect(ok(ask(sandbox, 'getPriceHoursAgo', { pair_base: pair.base, hours_ago: 1 })).oracleId.id).toBe(
        pair.feedProPriceFeedId ?? pair.feedPriceFeedId,
      );
  });

  it.each(description.tryThese.teamLeaders!)('agrees on the team led by %s', (leader) => {
    const info = ok(ask(sandbox, 'getTeamInfo', {}, { user_address: leader })).leaderTeam;
    expect(ok(ask(sandbox, 'getTeamInfoByCode', {}, { code: info.code }))).toEqual(info);
    const members = ok(ask(sandbox, 'listTeamMembers', { size: 100 }, { user_address: leader }));
    expect(members.content).toHaveLength(info.teamMemberCount);
    for (const member of members.content) {
      expect(ok(ask(sandbox, 'getTeamInfo', {}, { user_address: member.member })).memberTeam).toEqual(info);
      expect(BigInt(member.cumulativeGeneralPointsToLeader)).toBe(BigInt(member.cumulativeVolumeUSD) / 10n);
    }
    const row = ok(ask(sandbox, 'listTeamPointsLeaderboard', { size: 100 })).content.find(
      (one: Body) => one.teamName === info.teamName,
    );
    expect(row.currentEpochVolume).toBe(info.latestEpochTrading.volumeUSD);
    const ranked = ok(ask(sandbox, 'listTeamLeaderboard', { size: 100 }, { team_code: info.code })).content as Body[];
    const team = new Set([leader, ...members.content.map((member: Body) => member.member)]);
    for (const one of ranked) {
      expect(team.has(one.userAddress)).toBe(true);
      expect(ok(ask(sandbox, 'getMyRank', { user_address: one.userAddress }))).toEqual(one);
    }
  });

  it("counts each competition's participants and volume from its leaderboard", () => {
    for (const competition of ok(ask(sandbox, 'listCompetitions')) as Body[]) {
      const board = ok(ask(sandbox, 'listCompetitionLeaderboard', { limit: 1000 }, { id: competition.id }));
      expect(board.data.totalElements).toBe(competition.currentParticipants);
      const volumeKey = board.headers.find((header: Body) => header.label === 'Trading volume (USD)')?.key;
      if (volumeKey === undefined) continue;
      const cents = board.data.content.reduce(
        (sum: number, row: Body) => sum + Math.round((row.stats[volumeKey] ?? 0) * 100),
        0,
      );
      expect(Math.abs(cents - Math.round(competition.tradingVolume * 100))).toBeLessThanOrEqual(
        board.data.content.length,
      );
    }
  });
});
