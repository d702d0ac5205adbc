// The world is one timeline per seed and now selects a view of it (issue 29, item 1): a world moved from t0 to
// t1 answers every read exactly as a world started at t1 with the same seed, joins made on the way kept; the
// clock moves forward only, by a duration or to an instant; and the timeline moves under a moving clock:
// prices tick, competitions change status, windows slide, epochs roll, the APY extends, positions close.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox, SandboxInputError, type SandboxRequest } from '../src/index.js';
import { operations } from './support/contract.js';
import { requestArbitrary } from './support/requests.js';
import { AVA, ask, BEN, BTC, CY, DEE, ETH, MON, NOW, ok } from './support/world.js';

const HOUR = 3600;
const DAY = 86_400;
const iso = (seconds: number): string => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

/** Every read of the contract: its GET operations, and the two POST queries that change nothing. */
const reads = [...operations]
  .filter(([operationId, entry]) => entry.method === 'get' || operationId.startsWith('query'))
  .map(([operationId]) => operationId);

/** Requests for every read: the cast's own, and 6 generated from the contract's schemas per operation. */
function readRequests(sandbox: Sandbox): SandboxRequest[] {
  const description = sandbox.describe();
  const generated = reads.flatMap((operationId) =>
    fc.sample(requestArbitrary(operationId, description), { seed: 29, numRuns: 6 }),
  );
  const path = (userAddress: string) => ({ user_address: userAddress });
  const cast: SandboxRequest[] = [AVA, BEN, CY, DEE, ...description.tryThese.rankedTraders!].flatMap(
    (address): SandboxRequest[] => [
      { operationId: 'getMyRank', path: {}, query: { user_address: address, timeframe: 'ONE_DAY' } },
      { operationId: 'listPositions', path: { userAddress: address }, query: { size: '50' } },
      { operationId: 'listTradeHistory', path: path(address), query: { size: '50' } },
      { operationId: 'getUnrealizedPnl', path: path(address), query: {} },
      { operationId: 'getPortfolioData', path: path(address), query: {} },
      { operationId: 'getTeamInfo', path: path(address), query: {} },
      {
        operationId: 'getPnlChart',
        path: path(address),
        query: { timeframe: 'DAYS_30', is_after_fee: 'true', timezone: 'Europe/Berlin' },
      },
    ],
  );
  const lists: SandboxRequest[] = [
    { operationId: 'listLeaderboard', path: {}, query: { size: '100', timeframe: 'SEVEN_DAY' } },
    { operationId: 'listCompetitions', path: {}, query: { userAddress: BEN } },
    { operationId: 'listCompetitionLeaderboard', path: { id: '7' }, query: { limit: '50' } },
    { operationId: 'listTeamPointsLeaderboard', path: {}, query: { size: '60' } },
    { operationId: 'listPairs', path: {}, query: { size: '50', is_ready_to_display: 'false' } },
    { operationId: 'getStakedApy', path: {}, query: { days: '30' } },
    { operationId: 'getProtocolVolumeAllTime', path: {}, query: {} },
    { operationId: 'queryLatestPrices', path: {}, query: {}, body: { pairBases: [BTC, ETH, MON] } },
  ];
  return [...lists, ...cast, ...generated];
}

const transcript = (sandbox: Sandbox, requests: readonly SandboxRequest[]): string[] =>
  requests.map((request) => JSON.stringify(sandbox.answer(request)));

/** The description but for where the world's clock started, which is what differs by construction. */
function described(sandbox: Sandbox): unknown {
  const { start: _start, ...rest } = sandbox.describe();
  return rest;
}

describe('a world moved from t0 to t1 answers as a world started at t1', () => {
  const cases: [seed: number, t0: number, t1: number][] = [
    [1, NOW, NOW + HOUR],
    [1, NOW, NOW + 365 * DAY],
    [7, NOW, NOW + 45 * DAY + 3 * HOUR + 17],
    [7, NOW - 200 * DAY, NOW - 100 * DAY + 7],
    [977, NOW, NOW + DAY + 5 * HOUR + 59],
    [977, NOW + 31 * DAY, NOW + 92 * DAY],
  ];

  it.each(cases)('seed %i, moved from %i to %i', (seed, t0, t1) => {
    const started = createSandbox({ seed, now: iso(t1) });
    const moved = createSandbox({ seed, now: iso(t0) });
    const requests = readRequests(started);
    // The moved world is read at t0 first, so what it computed there is in its caches when the clock moves.
    transcript(moved, requests.slice(0, 40));
    // Moved in two steps: by a duration, then to the instant.
    moved.advance(`PT${Math.floor((t1 - t0) / 2)}S`);
    moved.setNow(iso(t1));
    expect(moved.now).toBe(iso(t1));
    expect(transcript(moved, requests)).toEqual(transcript(started, requests));
    expect(described(moved)).toEqual(described(started));
  });

  it('keeps joins made on the way, and answers as another world with the same joins and moves', () => {
    const join = { trader: DEE, competitionId: 9 };
    const a = createSandbox({ seed: 3 });
    const b = createSandbox({ seed: 3 });
    for (const one of [a, b]) expect(ask(one, 'joinCompetition', {}, {}, join).status).toBe(200);
    a.advance('P20D');
    b.advance('P5D');
    b.advance('P15D');
    const requests = readRequests(a);
    expect(transcript(a, requests)).toEqual(transcript(b, requests));
    const nine = ok(ask(a, 'listCompetitions', { userAddress: DEE })).find((one: { id: number }) => one.id === 9);
    expect(nine).toMatchObject({ hasJoined: true, status: 'ONGOING' });
  });
});

describe('the clock', () => {
  it('moves by an ISO-8601 duration, calendar months included, and to an instant', () => {
    const sandbox = createSandbox({ now: '2026-01-31T10:00:00Z' });
    expect(sandbox.advance('P1M').now).toBe('2026-02-28T10:00:00Z');
    expect(sandbox.advance('P1Y2W3DT4H5M6S').now).toBe('2027-03-17T14:05:06Z');
    expect(sandbox.setNow('2027-03-18T00:00:00+02:00').now).toBe('2027-03-17T22:00:00Z');
    expect(sandbox.advance('PT0S').now).toBe('2027-03-17T22:00:00Z');
    expect(sandbox.now).toBe('2027-03-17T22:00:00Z');
    expect(sandbox.start).toBe('2026-01-31T10:00:00Z');
  });

  it.each([
    ['advance', 'PT1.5S'],
    ['advance', '-P1D'],
    ['advance', 'P'],
    ['advance', 'PT'],
    ['advance', '1 hour'],
    ['advance', 'P9999Y'],
    ['now', 'tomorrow'],
    ['now', '2026-11-21'],
  ])('refuses %s %j, naming the field, and stays where it was', (field, value) => {
    const sandbox = createSandbox();
    const move = () => (field === 'advance' ? sandbox.advance(value) : sandbox.setNow(value));
    expect(move).toThrow(SandboxInputError);
    try {
      move();
    } catch (error) {
      expect(error).toMatchObject({ status: 400, field });
    }
    expect(sandbox.now).toBe('2026-11-21T12:00:00Z');
  });

  it('moves forward only: an earlier instant is a 409, and reset goes back to the start', () => {
    const sandbox = createSandbox();
    sandbox.advance('P2D');
    expect(() => sandbox.setNow('2026-11-22T00:00:00Z')).toThrow(/moves forward only/);
    expect(sandbox.now).toBe('2026-11-23T12:00:00Z');
    sandbox.reset();
    expect(sandbox.now).toBe('2026-11-21T12:00:00Z');
  });

  it('follows a live clock it is handed, at its rate, never backwards', () => {
    let wall = 1_000_000;
    const sandbox = createSandbox({ clock: { wallMs: () => wall, rate: 60 } });
    expect(sandbox.now).toBe('2026-11-21T12:00:00Z');
    wall += 1500;
    expect(sandbox.now).toBe('2026-11-21T12:01:30Z');
    wall -= 10_000;
    expect(sandbox.now).toBe('2026-11-21T12:01:30Z');
    sandbox.advance('PT1H');
    wall += 11_000;
    expect(sandbox.now).toBe('2026-11-21T13:02:30Z');
    expect(sandbox.describe().clock).toEqual({ live: true, rate: 60 });
  });

  it('answers a clock move with the description at the new now, without computing the whole view', () => {
    const sandbox = createSandbox();
    const description = sandbox.advance('P365D');
    expect(description).toMatchObject({ now: '2027-11-21T12:00:00Z', start: '2026-11-21T12:00:00Z', world: 'default' });
    expect(description.tryThese.rankedTraders).toHaveLength(3);
    for (const address of description.tryThese.rankedTraders!)
      expect(ok(ask(sandbox, 'getMyRank', { user_address: address })).rank).toBeGreaterThan(0);
  });
});

describe('the timeline under a moving clock', () => {
  it('ticks prices: the latest price moves within seconds, and an hour later is the hourly snapshot of then', () => {
    const sandbox = createSandbox();
    const latest = () => ok(ask(sandbox, 'queryLatestPrices', {}, {}, { pairBases: [BTC] })).prices[BTC];
    const atNow = latest();
    expect(atNow).toBe('97250500000000000000000');
    sandbox.advance('PT5S');
    expect(latest()).not.toBe(atNow);
    sandbox.setNow(iso(NOW + 6 * HOUR));
    const snapshot = ok(ask(sandbox, 'getPriceHoursAgo', { pair_base: BTC, hours_ago: 6 }));
    expect(snapshot.pricePoint).toMatchObject({ price: '97250500000000000000000', capturedAt: NOW });
  });

  it('changes competitions from UPCOMING to ONGOING to ENDED at their start and end', () => {
    const sandbox = createSandbox();
    const nine = () => ok(ask(sandbox, 'listCompetitions')).find((one: { id: number }) => one.id === 9);
    const { startTime, endTime } = nine();
    expect(nine().status).toBe('UPCOMING');
    sandbox.setNow(iso(startTime - 1));
    expect(nine().status).toBe('UPCOMING');
    sandbox.setNow(iso(startTime));
    expect(nine().status).toBe('ONGOING');
    sandbox.setNow(iso(endTime));
    expect(nine().status).toBe('ENDED');
    expect(ask(sandbox, 'joinCompetition', {}, {}, { trader: DEE, competitionId: 9 }).status).toBe(409);
  });

  it('slides the windows, rolls the epochs and extends the APY', () => {
    const sandbox = createSandbox();
    const day = () => ok(ask(sandbox, 'listLeaderboard', { timeframe: 'ONE_DAY', size: 5 }));
    const epoch = () => ok(ask(sandbox, 'getTeamInfoByCode', {}, { code: 'MAXI42' })).latestEpochTrading.epoch;
    const apy = () => ok(ask(sandbox, 'getStakedApy', { days: 1 }));
    const before = [day(), epoch(), apy()];
    expect(before[1]).toBe(12);
    sandbox.advance('P8D');
    expect(day()).not.toEqual(before[0]);
    expect(epoch()).toBe(13);
    expect(apy()).not.toBe(before[2]);
    expect(day().totalElements).toBeGreaterThan(50);
  });

  it("opens and closes the timeline's positions: Ava's BTC position closes three days after the default now", () => {
    const sandbox = createSandbox();
    const btc = () =>
      ok(ask(sandbox, 'listPositions', { size: 100 }, { userAddress: AVA })).content.find(
        (position: { positionHash: string }) =>
          position.positionHash === '0x33ee8de66fcceb2bd92161eaa897c635f15171d31d5e27915d0373ae0ee5ddd6',
      );
    expect(btc()).toMatchObject({ status: 'OPEN' });
    expect(btc()).not.toHaveProperty('closeInfo');
    sandbox.advance('P3DT1S');
    expect(btc()).toMatchObject({ status: 'CLOSED', closeInfo: { closePrice: expect.stringMatching(/^\d+$/) } });
    const history = ok(ask(sandbox, 'listTradeHistory', { size: 5 }, { user_address: AVA })).content;
    expect(
      history.some(
        (event: { positionHash: string; operationType: string }) =>
          event.operationType.includes('DECREASE') || event.operationType === 'CLOSE_POSITION',
      ),
    ).toBe(true);
  });

  it('builds a world at any instant: before the markets were listed it is empty, not an error', () => {
    const early = createSandbox({ now: '2001-01-01T00:00:00Z' });
    expect(ok(ask(early, 'listPairs'))).toMatchObject({ totalElements: 0 });
    expect(ok(ask(early, 'listLeaderboard'))).toMatchObject({ totalElements: 0 });
    const late = createSandbox({ now: '2090-06-15T08:30:00Z' });
    expect(ok(ask(late, 'listLeaderboard')).totalElements).toBeGreaterThan(1000);
    expect(ok(ask(late, 'listCompetitions')).every((one: { status: string }) => one.status === 'ENDED')).toBe(true);
  });
});
