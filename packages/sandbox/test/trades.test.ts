// Trades made through the control (issue 29, item 2): a position opens at the market's price at now and closes
// at now, and every aggregate follows it (positions, history, PnL, leaderboard, my-rank, trading stats,
// portfolio, volumes, competition standings, team points); what the protocol would refuse is a 4xx naming the
// field and changes nothing; a world updated in place by its writes answers as one built afresh from them.
import { describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox, type SandboxRequest, type SandboxWorld } from '../src/index.js';
import { AAPL, AVA, ask, BEN, BTC, DEE, ETH, MON, NOW, ok, USDC, WMON } from './support/world.js';

const AVA_BTC = '0x33ee8de66fcceb2bd92161eaa897c635f15171d31d5e27915d0373ae0ee5ddd6';
const E18 = 10n ** 18n;
const price = (sandbox: SandboxWorld, base: string): bigint =>
  BigInt(ok(ask(sandbox as Sandbox, 'queryLatestPrices', {}, {}, { pairBases: [base] })).prices[base]);
const trade = (overrides: Record<string, unknown> = {}) => ({
  trader: DEE,
  pairBase: BTC,
  isLong: true,
  leverage: 10,
  margin: '100000000',
  ...overrides,
});
/** A write's refusal: its status and field. */
function refusal(write: () => unknown): { status: number; field?: string; kind: string } {
  try {
    write();
  } catch (error) {
    const { status, field, kind } = error as { status: number; field?: string; kind: string };
    return { status, field, kind };
  }
  throw new Error('the write was not refused');
}

describe('opening and closing a trade', () => {
  it("opens at the market's price at now and every aggregate of the trader follows, then closes at now", () => {
    const sandbox = createSandbox();
    const entry = price(sandbox, BTC);
    const opened = sandbox.openPosition(trade());
    expect(opened).toMatchObject({
      pairBase: BTC,
      isLong: true,
      margin: '100000000',
      tokenIn: USDC,
      entryPrice: entry.toString(),
      timestamp: NOW,
      status: 'OPEN',
    });
    const qty = BigInt(opened.qty as string);
    // 100 USDC at 10x is 1,000 USD of BTC, as a quantity scaled by 1e10.
    expect(qty).toBe((1000n * E18 * 10n ** 10n) / entry);
    expect(ok(ask(sandbox, 'listPositions', {}, { userAddress: DEE })).content).toEqual([opened]);
    const history = ok(ask(sandbox, 'listTradeHistory', {}, { user_address: DEE })).content;
    expect(history).toMatchObject([{ operationType: 'OPEN_POSITION', positionHash: opened.positionHash }]);
    expect(ok(ask(sandbox, 'getUnrealizedPnl', {}, { user_address: DEE })).positionCount).toBe(1);
    const portfolio = ok(ask(sandbox, 'getPortfolioData', {}, { user_address: DEE }));
    expect(portfolio).toMatchObject({ metrics: { positionLiveCount: 1 }, gain: 0, loss: 0 });
    const volumeBefore = BigInt(portfolio.tradingVolumeUSD);

    sandbox.advance('PT2H');
    const exit = price(sandbox, BTC);
    const closed = sandbox.closePosition(opened.positionHash as string);
    expect(closed).toMatchObject({ positionHash: opened.positionHash, status: 'CLOSED' });
    const pnl = BigInt((closed.closeInfo as { pnl: string }).pnl);
    expect(pnl).toBe(((exit - entry) * qty) / 10n ** 10n / 10n ** 12n);
    expect((closed.closeInfo as { closePrice: string }).closePrice).toBe(exit.toString());
    const after = ok(ask(sandbox, 'getPortfolioData', {}, { user_address: DEE }));
    expect(BigInt(after.tradingVolumeUSD)).toBe(volumeBefore + (qty * exit) / 10n ** 10n);
    expect(after.metrics.positionLiveCount).toBe(0);
    expect(after.gain + after.loss).toBe(1);
    // $1,000 closed and $2,000 of volume: Dee is ranked, and my-rank is her leaderboard row.
    const mine = ok(ask(sandbox, 'getMyRank', { user_address: DEE }));
    expect(mine.rank).toBeGreaterThan(0);
    const page = ok(ask(sandbox, 'listLeaderboard', { page: Math.floor((mine.rank - 1) / 50) }));
    expect(page.content.find((row: { userAddress: string }) => row.userAddress === DEE)).toEqual(mine);
    const stats = ok(ask(sandbox, 'getTradingStats', { start_time: NOW, end_time: NOW + 7200 }, { user_address: DEE }));
    expect(stats.winCount + stats.loseCount).toBe(1);
    expect(ok(ask(sandbox, 'listTradeHistory', {}, { user_address: DEE })).content[0].operationType).toBe(
      'CLOSE_POSITION',
    );
  });

  it('moves the volumes, the competition standings and the team points', () => {
    const sandbox = createSandbox();
    expect(ask(sandbox, 'joinCompetition', {}, {}, { trader: DEE, competitionId: 7 }).status).toBe(200);
    const pairVolume = () =>
      BigInt(ok(ask(sandbox, 'getPairVolume', {}, { pairBase: ETH })).volumeUSD.replace('.', ''));
    const protocol = () => ok(ask(sandbox, 'getProtocolVolumeAllTime')).usdVol;
    const standing = () =>
      ok(ask(sandbox, 'listCompetitionLeaderboard', { userAddress: DEE }, { id: 7 })).currentUser.stats.tradingVolume;
    const team = () =>
      BigInt(ok(ask(sandbox, 'getTeamInfoByCode', {}, { code: 'MAXI42' })).latestEpochTrading.volumeUSD);
    const daily = () =>
      ok(ask(sandbox, 'listUserDailyVolumes', { startTime: '2026-11-21T00:00:00Z', endTime: '2026-11-22T00:00:00Z' }));
    const before = { pair: pairVolume(), protocol: protocol(), standing: standing(), team: team(), daily: daily() };
    expect(before.standing).toBe(0);
    sandbox.openPosition(trade({ pairBase: ETH, margin: '500000000' }));
    sandbox.openPosition(trade({ trader: BEN, pairBase: ETH, leverage: 4, margin: '1000000000' }));
    // 500 USDC at 10x on ETH for Dee, 1,000 at 4x for Ben: 5,000 and 4,000 USD, to the cent or so.
    expect(Number(pairVolume() - before.pair) / 100).toBeCloseTo(9000, 0);
    expect(protocol()).not.toBe(before.protocol);
    expect(standing()).toBeCloseTo(5000, 0);
    expect(Number(team() - before.team)).toBeGreaterThanOrEqual(3999);
    const rows = daily();
    expect(rows.find((row: { userAddress: string }) => row.userAddress === DEE)).toMatchObject({ openCount: 1 });
  });

  it('closes a position of the timeline early: Ava closes her BTC position at now', () => {
    const sandbox = createSandbox();
    const before = ok(ask(sandbox, 'getUnrealizedPnl', {}, { user_address: AVA })).positionCount;
    const closed = sandbox.closePosition(AVA_BTC);
    expect(closed).toMatchObject({ status: 'CLOSED', closeInfo: { closePrice: price(sandbox, BTC).toString() } });
    expect(ok(ask(sandbox, 'getUnrealizedPnl', {}, { user_address: AVA })).positionCount).toBe(before - 1);
    expect(refusal(() => sandbox.closePosition(AVA_BTC))).toMatchObject({ status: 409, field: 'positionHash' });
    // The early close stays as the clock moves past the timeline's own close, three days on.
    sandbox.advance('P4D');
    const btc = ok(ask(sandbox, 'listPositions', { size: 50 }, { userAddress: AVA })).content.find(
      (position: { positionHash: string }) => position.positionHash === AVA_BTC,
    );
    expect(btc.closeInfo).toEqual(closed.closeInfo);
  });

  it('keeps trades across clock moves, and takes WMON as collateral at the MON price', () => {
    const sandbox = createSandbox();
    const opened = sandbox.openPosition(
      trade({ trader: BEN, pairBase: MON, leverage: 200, margin: (1000n * E18).toString(), collateral: WMON }),
    );
    expect(opened).toMatchObject({ tokenIn: WMON, marginToken: WMON, margin: (1000n * E18).toString() });
    // Held less than the market's minimum (60 s on MON): refused; a minute later it closes.
    expect(refusal(() => sandbox.closePosition(opened.positionHash as string))).toMatchObject({
      status: 409,
      kind: 'minimum-holding',
    });
    sandbox.advance('P1D');
    const listed = ok(ask(sandbox, 'listPositions', { size: 50 }, { userAddress: BEN })).content;
    expect(
      listed.find((position: { positionHash: string }) => position.positionHash === opened.positionHash),
    ).toMatchObject({ status: 'OPEN' });
    expect(sandbox.closePosition(opened.positionHash as string)).toMatchObject({ status: 'CLOSED' });
  });
});

describe('refusals change nothing', () => {
  const sandbox = createSandbox();
  const open = sandbox.openPosition(trade({ trader: BEN, pairBase: ETH }));
  const cases: [string, () => unknown, number, string][] = [
    ['a malformed address', () => sandbox.openPosition(trade({ trader: '0xdee' })), 400, 'trader'],
    ['an unknown pair', () => sandbox.openPosition(trade({ pairBase: `0x${'1'.repeat(40)}` })), 404, 'pairBase'],
    ['a margin of 0', () => sandbox.openPosition(trade({ margin: '0' })), 400, 'margin'],
    ['a negative margin', () => sandbox.openPosition(trade({ margin: '-5' })), 400, 'margin'],
    ['a margin that is a number', () => sandbox.openPosition(trade({ margin: 100 })), 400, 'margin'],
    ['a leverage over the range', () => sandbox.openPosition(trade({ leverage: 101 })), 400, 'leverage'],
    ['a leverage under the range', () => sandbox.openPosition(trade({ leverage: 1 })), 400, 'leverage'],
    ['a degen leverage over 250', () => sandbox.openPosition(trade({ pairBase: MON, leverage: 251 })), 400, 'leverage'],
    ['an unknown collateral', () => sandbox.openPosition(trade({ collateral: ETH })), 400, 'collateral'],
    ['an unknown field', () => sandbox.openPosition(trade({ size: 3 })), 400, 'size'],
    ['a market outside its hours (Saturday)', () => sandbox.openPosition(trade({ pairBase: AAPL })), 409, 'pairBase'],
    ['the same slot twice', () => sandbox.openPosition(trade({ trader: BEN, pairBase: ETH })), 409, 'pairBase'],
    ['closing an unknown hash', () => sandbox.closePosition(`0x${'ab'.repeat(32)}`), 404, 'positionHash'],
    ['closing a malformed hash', () => sandbox.closePosition('0x1234'), 400, 'positionHash'],
  ];
  const stale = sandbox.describe().tryThese;
  it.each(cases)('refuses %s with %i naming %s', (_name, write, status, field) => {
    const before = [sandbox.describe(), ok(ask(sandbox, 'listPositions', {}, { userAddress: DEE }))];
    expect(refusal(write)).toMatchObject({ status, field });
    expect([sandbox.describe(), ok(ask(sandbox, 'listPositions', {}, { userAddress: DEE }))]).toEqual(before);
  });

  it('refuses a reduce-only market, a stale quote, and closing twice', () => {
    const pairs = ok(ask(sandbox, 'listPairs', { size: 50, is_ready_to_display: false })).content;
    const base = (symbol: string) => pairs.find((pair: { symbol: string }) => pair.symbol === symbol).base;
    expect(refusal(() => sandbox.openPosition(trade({ pairBase: base('ARB') })))).toMatchObject({
      status: 409,
      kind: 'market-not-open',
    });
    expect(refusal(() => sandbox.openPosition(trade({ pairBase: base('PEPE') })))).toMatchObject({
      status: 409,
      kind: 'stale-price',
    });
    expect(stale.valuationUnavailable?.length).toBeGreaterThan(0);
    sandbox.closePosition(open.positionHash as string);
    expect(refusal(() => sandbox.closePosition(open.positionHash as string))).toMatchObject({
      status: 409,
      kind: 'position-closed',
    });
  });
});

describe('a world updated in place by its writes answers as one built afresh from them', () => {
  const reads: SandboxRequest[] = [
    ...['PNL', 'WIN_RATE', 'TOTAL_VOL_USD', 'BIGGEST_WIN'].flatMap((sort_field) =>
      ['ONE_DAY', 'ALL'].map((timeframe) => ({
        operationId: 'listLeaderboard',
        path: {},
        query: { sort_field, timeframe, size: '2000' },
      })),
    ),
    { operationId: 'listCompetitionLeaderboard', path: { id: '7' }, query: { limit: '1000' } },
    {
      operationId: 'listCompetitionLeaderboard',
      path: { id: '8' },
      query: { limit: '1000', orderBy: 'tradingVolume' },
    },
    { operationId: 'listCompetitions', path: {}, query: { userAddress: DEE } },
    { operationId: 'listTeamPointsLeaderboard', path: {}, query: { size: '60' } },
    { operationId: 'getTeamInfo', path: { user_address: BEN }, query: {} },
    { operationId: 'listPairs', path: {}, query: { size: '50', volume_time_range: 'ONE_DAY' } },
    { operationId: 'getProtocolVolumeAllTime', path: {}, query: {} },
    { operationId: 'getProtocolVolumeByDate', path: {}, query: {} },
    {
      operationId: 'listUserDailyVolumes',
      path: {},
      query: { startTime: '2026-11-20T00:00:00Z', endTime: '2026-11-23T00:00:00Z' },
    },
    ...[AVA, BEN, DEE, `0x${'7'.repeat(40)}`].flatMap((address): SandboxRequest[] => [
      { operationId: 'listPositions', path: { userAddress: address }, query: { size: '100' } },
      { operationId: 'listTradeHistory', path: { user_address: address }, query: { size: '100' } },
      { operationId: 'getMyRank', path: {}, query: { user_address: address, timeframe: 'ONE_DAY' } },
      { operationId: 'getPortfolioData', path: { user_address: address }, query: {} },
    ]),
  ];
  const transcript = (sandbox: Sandbox) => reads.map((request) => JSON.stringify(sandbox.answer(request)));

  /** The same writes and moves; `read` reads everything between writes (so each updates computed parts). */
  function play(sandbox: Sandbox, read: boolean): void {
    const steps: (() => unknown)[] = [
      () => ask(sandbox, 'joinCompetition', {}, {}, { trader: DEE, competitionId: 7 }),
      () => sandbox.openPosition(trade({ margin: '5000000000', leverage: 20 })),
      () => sandbox.openPosition(trade({ trader: BEN, pairBase: ETH, isLong: false, margin: '2000000000' })),
      () => sandbox.openPosition(trade({ trader: `0x${'7'.repeat(40)}`, pairBase: ETH, margin: '300000000' })),
      () =>
        ask(
          sandbox,
          'joinCompetition',
          {},
          {},
          { trader: `0x${'7'.repeat(40)}`, competitionId: 8, inviteCode: 'MAXI-8F3K' },
        ),
      () => sandbox.advance('PT3H'),
      () => sandbox.closePosition(AVA_BTC),
      () => sandbox.closePosition(ok(ask(sandbox, 'listPositions', {}, { userAddress: DEE })).content[0].positionHash),
      () => sandbox.openPosition(trade({ pairBase: ETH, margin: '1000000000', leverage: 50 })),
    ];
    for (const step of steps) {
      if (read) transcript(sandbox);
      step();
    }
  }

  it('after joins, trades, closes and a move, read between every write or not at all', () => {
    const inPlace = createSandbox({ seed: 4 });
    const afresh = createSandbox({ seed: 4 });
    play(inPlace, true);
    play(afresh, false);
    expect(transcript(inPlace)).toEqual(transcript(afresh));
    expect(inPlace.describe()).toEqual(afresh.describe());
  });
});
