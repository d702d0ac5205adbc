// The examples' cast lives in the world with its roles, whatever the seed; where the docs show a figure
// the world reproduces exactly (prices, Ava's valuation and stake, the APY), the contract's own example is
// the expected value.
import { describe, expect, it } from 'vitest';
import { resolve } from '../../../test/support/contract';
import { createSandbox } from '../src/index.js';
import { contract } from './support/contract.js';
import { AAPL, AVA, ask, BEN, BTC, CY, DEAD, DEE, ETH, MON, NOBODY, ok } from './support/world.js';

const example = (path: string, method: string, status: string, key: string): unknown =>
  resolve(
    contract.document,
    contract.document.paths[path][method].responses[status].content['application/json'].examples[key],
  ).value;

describe.each([1, 2, 977])('the cast with seed %i', (seed) => {
  const sandbox = createSandbox({ seed });

  it('ranks Ava 1st and Ben 2nd on the default leaderboard, and my-rank agrees', () => {
    const page = ok(ask(sandbox, 'listLeaderboard', { size: 2 }));
    expect(page.content.map((row: { userAddress: string }) => row.userAddress)).toEqual([AVA, BEN]);
    expect(page.content.map((row: { rank: number }) => row.rank)).toEqual([1, 2]);
    expect(ok(ask(sandbox, 'getMyRank', { user_address: AVA })).rank).toBe(1);
    expect(ok(ask(sandbox, 'getMyRank', { user_address: BEN })).rank).toBe(2);
  });

  it('keeps Cy outside the ranked set: rank 0, with his own figures', () => {
    const mine = ok(ask(sandbox, 'getMyRank', { user_address: CY }));
    expect(mine).toMatchObject({ rank: 0, userAddress: CY, winCount: 1, loseCount: 2 });
    expect(mine.totalCount).toBeGreaterThan(1000);
    expect(ok(ask(sandbox, 'listLeaderboard', { search: CY })).totalElements).toBe(0);
  });

  it('gives Dee, the empty account, all-zero records and an empty account', () => {
    // The contract's LeaderboardEntry with every number 0, for Dee's own address.
    const { properties } = contract.document.components.schemas.LeaderboardEntry;
    const zero = Object.fromEntries(Object.keys(properties).map((name) => [name, name === 'userAddress' ? DEE : 0]));
    expect(ok(ask(sandbox, 'getMyRank', { user_address: DEE }))).toEqual(zero);
    expect(
      ok(ask(sandbox, 'getTradingStats', { start_time: 0, end_time: 1_900_000_000 }, { user_address: DEE })),
    ).toEqual(zero);
    expect(ok(ask(sandbox, 'listPositions', {}, { userAddress: DEE }))).toEqual({
      content: [],
      pageNumber: 0,
      pageSize: 10,
      totalPages: 0,
      totalElements: 0,
    });
    expect(ok(ask(sandbox, 'listTradeHistory', {}, { user_address: DEE })).totalElements).toBe(0);
    expect(ok(ask(sandbox, 'getUnrealizedPnl', {}, { user_address: DEE }))).toMatchObject({
      positionCount: 0,
      unrealizedPnlUsd: '0',
      unrealizedPnlAfterAccruedFeesUsd: '0',
      fundingFeeUsd: '0',
      holdingFeeUsd: '0',
      priceAsOf: null,
    });
    expect(ok(ask(sandbox, 'getPortfolioData', {}, { user_address: DEE }))).toMatchObject({
      realizedPNL: '0',
      tradingVolumeUSD: '0',
      gain: 0,
      loss: 0,
      tradingPairs: [],
    });
  });

  it('makes Ava the leader of Monad Maxis (MAXI42) and Ben its member', () => {
    const ava = ok(ask(sandbox, 'getTeamInfo', {}, { user_address: AVA }));
    expect(ava.leaderTeam).toMatchObject({ teamName: 'Monad Maxis', code: 'MAXI42', teamMemberCount: 1 });
    expect(ava.memberTeam).toBeNull();
    const ben = ok(ask(sandbox, 'getTeamInfo', {}, { user_address: BEN }));
    expect(ben).toEqual({ leaderTeam: null, memberTeam: ava.leaderTeam });
    const members = ok(ask(sandbox, 'listTeamMembers', {}, { user_address: AVA }));
    expect(members.content).toMatchObject([{ member: BEN, joinDate: '2026-10-03T08:41:17Z' }]);
    expect(ok(ask(sandbox, 'getTeamInfo', {}, { user_address: DEE }))).toEqual({ leaderTeam: null, memberTeam: null });
  });

  it("prices the cast's four markets as the examples do, and cannot resolve the dead pair", () => {
    const latest = ok(ask(sandbox, 'queryLatestPrices', {}, {}, { pairBases: [BTC, ETH, MON, AAPL, DEAD] }));
    expect(latest.prices).toEqual({
      [BTC]: '97250500000000000000000',
      [ETH]: '3412250000000000000000',
      [MON]: '31200000000000000',
      [AAPL]: '228140000000000000000',
    });
    expect(latest.failures).toEqual([{ pairBase: DEAD, reason: 'no latest oracle price found' }]);
    expect(ok(ask(sandbox, 'getPrice24hAgo', { pair_base: BTC }))).toEqual(
      example('/v1/oracle/price/pair-24h-ago', 'get', '200', 'btc24hAgo'),
    );
    expect(ok(ask(sandbox, 'getPriceHoursAgo', { pair_base: BTC, hours_ago: 6 }))).toEqual(
      example('/v1/oracle/price/pair-hours-ago', 'get', '200', 'btc6HoursAgo'),
    );
  });

  it('gives AAPL trading hours and the next US session after Saturday noon', () => {
    const aapl = ok(ask(sandbox, 'listPairs', { symbol: 'AAPL' })).content[0];
    expect(aapl).toMatchObject({
      pairType: 'STOCKS',
      nextOpen: '2026-11-23T14:30:00Z',
      nextClose: '2026-11-23T21:00:00Z',
      schedule: {},
    });
    const btc = ok(ask(sandbox, 'listPairs', { symbol: 'BTC' })).content[0];
    expect(btc).toMatchObject({ nextOpen: null, nextClose: null, schedule: null });
  });

  it("values Ava's two open positions exactly as the example does", () => {
    expect(ok(ask(sandbox, 'getUnrealizedPnl', {}, { user_address: AVA }))).toEqual(
      example('/v1/portfolio/{user_address}/unrealized-pnl', 'get', '200', 'withPositions'),
    );
  });

  it("keeps Ava's stake and the 7-day APY of the examples", () => {
    expect(ok(ask(sandbox, 'getStakedPortfolio', {}, { user_address: AVA }))).toEqual(
      example('/v1/sstk/{user_address}/portfolio', 'get', '200', 'avaStakedPortfolio'),
    );
    expect(ok(ask(sandbox, 'getStakedApy'))).toBe(example('/v1/sstk/apy', 'get', '200', 'sevenDayApy'));
  });

  it('holds competitions 5, 7, 8 and 9 with their statuses, types and privacy', () => {
    const all = ok(ask(sandbox, 'listCompetitions', { userAddress: BEN }));
    const byId = new Map(all.map((competition: { id: number }) => [competition.id, competition]));
    expect(byId.get(7)).toMatchObject({
      status: 'ONGOING',
      leaderboardType: 'TOTAL_VOLUME_BASED',
      requiresInviteCode: false,
      collateralToken: null,
      currentParticipants: 412,
      hasJoined: true,
    });
    expect(byId.get(8)).toMatchObject({
      status: 'ONGOING',
      leaderboardType: 'COLLATERAL_PNL_VOLUME_BASED',
      requiresInviteCode: true,
      collateralToken: '0x5d876d73f4441d5f2438b1a3e2a51771b337f27a',
      currentParticipants: 37,
      hasJoined: false,
    });
    expect(byId.get(5)).toMatchObject({ status: 'ENDED', leaderboardType: 'PNL', currentParticipants: 968 });
    expect(byId.get(5)).not.toHaveProperty('requiresInviteCode');
    expect(byId.get(5)).not.toHaveProperty('collateralToken');
    expect(byId.get(9)).toMatchObject({
      status: 'UPCOMING',
      leaderboardType: 'HIGH_LEVERAGE_VOLUME_BASED',
      currentParticipants: 0,
      tradingVolume: 0,
    });
    const row = ok(ask(sandbox, 'listCompetitionLeaderboard', { userAddress: CY, limit: 2 }, { id: 7 })).currentUser;
    expect(row).toMatchObject({ trader: CY, stats: { tradingVolume: expect.any(Number) } });
  });

  it('gives an unknown trader the all-zero record for their own address', () => {
    expect(ok(ask(sandbox, 'getMyRank', { user_address: NOBODY.toUpperCase().replace('0X', '0x') }))).toMatchObject({
      rank: 0,
      userAddress: NOBODY,
      pnl: 0,
      totalCount: 0,
    });
  });
});

describe('the cast in the description', () => {
  const description = createSandbox().describe();

  it('names the tokens with their decimals', () => {
    expect(Object.fromEntries(description.cast.tokens.map((token) => [token.symbol, token.decimals]))).toMatchObject({
      USDC: 6,
      WMON: 18,
      lvUSDC: 6,
      REWARD: 18,
    });
  });

  it('lists a few addresses per role, each of which plays it', () => {
    const sandbox = createSandbox();
    for (const address of description.tryThese.valuationUnavailable!)
      expect(ask(sandbox, 'getUnrealizedPnl', {}, { user_address: address }).status).toBe(503);
    for (const address of description.tryThese.outsideTheRankedSet!)
      expect(ok(ask(sandbox, 'getMyRank', { user_address: address })).rank).toBe(0);
    for (const address of description.tryThese.teamLeaders!)
      expect(ok(ask(sandbox, 'getTeamInfo', {}, { user_address: address })).leaderTeam).not.toBeNull();
    for (const address of description.tryThese.teamMembers!)
      expect(ok(ask(sandbox, 'getTeamInfo', {}, { user_address: address })).memberTeam).not.toBeNull();
    expect(description.counts.traders).toBeGreaterThanOrEqual(1000);
    expect(description.counts.markets).toBeGreaterThanOrEqual(20);
    expect(description.counts.historyDays).toBeGreaterThanOrEqual(90);
  });
});
