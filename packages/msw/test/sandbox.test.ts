// `createSandbox` as a component test suite uses it: `setupServer(...sandbox.handlers)` and the typed client
// get the asked trader's data with every parameter in effect; `server.use(scenario(...))` and `Prefer` still
// pick a documented case; a join is remembered until `reset()`; bad requests are refused as the mock refuses
// them; `/__sandbox` describes and resets the world; a seed, now or base URL it cannot use is a TypeError; the
// clock, trades and faults move the world through the sandbox's methods, and a named world keeps its own.
import { ApiError, createClient, unwrap } from '@trading-analytics/client';
import { createSandboxControl } from '@trading-analytics/client/sandbox';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../../../test/support/present';
import { competitions, inviteCode, pairBases, traders } from '../../mock/test/support/cast';
import { createSandbox, operations, scenario } from '../src/index.js';

const baseUrl = 'https://api.example.com';
const sandbox = createSandbox({ seed: 3, baseUrl });
const server = setupServer(...sandbox.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sandbox.reset();
});
afterAll(() => server.close());

// Made per call: the client takes the fetch of the moment, which MSW patches once the server listens.
const api = () => createClient({ baseUrl, retry: false });
const { ava, ben, dee } = traders;
const pnlPath = '/v1/portfolio/{user_address}/unrealized-pnl' as const;

describe('createSandbox', () => {
  it('answers from the world: the asked trader, the asked page, the asked sort', async () => {
    const benRank = unwrap(await api().GET('/v1/leaderboard/my-rank', { params: { query: { user_address: ben } } }));
    expect(benRank).toMatchObject({ rank: 2, userAddress: ben });

    const query = { page: 2, size: 5, sort_field: 'WIN_RATE', sort_direction: 'ASC' } as const;
    const page = unwrap(await api().GET('/v1/leaderboard', { params: { query } }));
    expect(page).toMatchObject({ pageNumber: 2, pageSize: 5 });
    expect(page.content.map((row) => row.rank)).toEqual([11, 12, 13, 14, 15]);
    const rates = page.content.map((row) => row.winRate);
    expect(rates).toEqual([...rates].sort((a, b) => a - b));

    const empty = unwrap(
      await api().GET('/v1/user/{userAddress}/positions', { params: { path: { userAddress: dee } } }),
    );
    expect(empty.content).toEqual([]);
  });

  it('sends the headers the contract requires, as the mock does', async () => {
    const response = await fetch(`${baseUrl}/v1/portfolio/${ava}/unrealized-pnl`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect((await response.json()).userAddress).toBe(ava);
  });

  it('lets server.use(scenario(...)) and Prefer pick a documented case before the world answers', async () => {
    server.use(scenario('getUnrealizedPnl', '503', { baseUrl }));
    const answered = await api().GET(pnlPath, { params: { path: { user_address: ava } } });
    expect(() => unwrap(answered)).toThrow(ApiError);
    expect(answered.response.status).toBe(503);
    server.resetHandlers();

    const preferred = await fetch(`${baseUrl}/v1/leaderboard/my-rank?user_address=${ben}`, {
      headers: { prefer: 'example=noHistory' },
    });
    expect(await preferred.json()).toEqual(present(operations.getMyRank.scenarios.noHistory, 'noHistory').body);
  });

  it('remembers a join until reset(), and joining twice counts once', async () => {
    const listed = async () => {
      const list = unwrap(await api().GET('/v1/trading-competition', { params: { query: { userAddress: ben } } }));
      return list.find((competition) => competition.id === competitions.privateOngoing);
    };
    const before = await listed();
    expect(before?.hasJoined).toBe(false);
    const body = { trader: ben, competitionId: competitions.privateOngoing, inviteCode };
    for (let time = 0; time < 2; time += 1) {
      const joined = await api().POST('/v1/trading-competition/join', { body });
      expect(joined.response.status).toBe(200);
    }
    expect(await listed()).toMatchObject({
      hasJoined: true,
      currentParticipants: (before?.currentParticipants ?? 0) + 1,
    });
    expect(sandbox.describe().counts.joinsSinceStart).toBe(1);
    sandbox.reset();
    expect(await listed()).toEqual(before);
  });

  it('refuses a request that breaks the contract before the world sees it', async () => {
    const response = await fetch(`${baseUrl}/v1/leaderboard?timeframe=FOREVER`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(JSON.parse(response.headers.get('sl-violations') ?? '[]')[0].location).toEqual([
      'request',
      'query',
      'timeframe',
    ]);
  });

  it('describes the world at GET /__sandbox and resets it at DELETE, 405 with Allow otherwise', async () => {
    const described = await fetch(`${baseUrl}/__sandbox`);
    expect(described.headers.get('cache-control')).toBe('no-store');
    expect(await described.json()).toEqual(JSON.parse(JSON.stringify(sandbox.describe())));
    expect(sandbox).toMatchObject({ seed: 3, now: '2026-11-21T12:00:00Z' });

    const body = { trader: ben, competitionId: competitions.privateOngoing, inviteCode };
    await api().POST('/v1/trading-competition/join', { body });
    expect(sandbox.describe().counts.joinsSinceStart).toBe(1);
    const reset = await fetch(`${baseUrl}/__sandbox`, { method: 'DELETE' });
    expect((await reset.json()).counts.joinsSinceStart).toBe(0);

    const refused = await fetch(`${baseUrl}/__sandbox`, { method: 'POST' });
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('GET, HEAD, DELETE');
  });

  it('answers only its base URL when given one', async () => {
    const narrowed = setupServer(...createSandbox({ baseUrl: 'http://one.test' }).handlers);
    server.close();
    narrowed.listen({ onUnhandledRequest: 'error' });
    try {
      expect((await fetch('http://one.test/v1/sstk/apy')).status).toBe(200);
      await expect(fetch('http://two.test/v1/sstk/apy')).rejects.toThrow();
    } finally {
      narrowed.close();
      server.listen({ onUnhandledRequest: 'error' });
    }
  });

  it('refuses a seed, now or base URL it cannot use with a TypeError naming it', () => {
    expect(() => createSandbox({ seed: -1 })).toThrow(
      new TypeError('seed must be an integer from 0 to 4294967295, not -1'),
    );
    expect(() => createSandbox({ now: 'noon' })).toThrow(TypeError);
    expect(() => createSandbox({ baseUrl: 'api.example.com' })).toThrow(/^baseUrl must be an http\(s\) URL/);
    // Hostile round three: a bigint failed with "Do not know how to serialize a BigInt".
    expect(() => createSandbox({ seed: 7n as never })).toThrow(
      new TypeError('seed must be an integer from 0 to 4294967295, not 7n'),
    );
  });

  it('reads only the options’ own properties: an inherited seed, now or base URL is ignored', () => {
    const inherited = createSandbox(
      Object.create({ seed: 9, now: '2030-01-01T00:00:00Z', baseUrl: 'https://elsewhere.example' }),
    );
    expect(inherited).toMatchObject({ seed: 1, now: '2026-11-21T12:00:00Z' });
  });

  it('refuses a clock it cannot use, and starts at the time it is made with now: wall', () => {
    expect(() => createSandbox({ clock: 'fast' as never })).toThrow(/^clock must be 'fixed' or 'live'/);
    expect(() => createSandbox({ clockRate: 10 })).toThrow("clockRate goes with clock: 'live'.");
    const before = Date.now();
    const wall = createSandbox({ now: 'wall' });
    expect(Date.parse(wall.start)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(Date.parse(wall.start)).toBeLessThanOrEqual(Date.now());
  });
});

describe("createSandbox's clock, trades and faults", () => {
  const { btc } = pairBases;

  it('moves the clock, and a trade opened and closed shows in what the client reads', async () => {
    expect(sandbox.advance('PT1H').now).toBe('2026-11-21T13:00:00Z');
    expect(sandbox.now).toBe('2026-11-21T13:00:00Z');
    const opened = sandbox.openPosition({ trader: dee, pairBase: btc, isLong: true, leverage: 10, margin: '50000000' });
    const listed = unwrap(
      await api().GET('/v1/user/{userAddress}/positions', { params: { path: { userAddress: dee } } }),
    );
    expect(listed.content).toEqual([opened]);
    sandbox.setNow('2026-11-21T14:00:00Z');
    expect(sandbox.closePosition(opened.positionHash as string)).toMatchObject({ status: 'CLOSED' });
    const history = unwrap(
      await api().GET('/v1/user/{user_address}/trade/history', { params: { path: { user_address: dee } } }),
    );
    expect(history.content.map((event) => event.operationType)).toEqual(['CLOSE_POSITION', 'OPEN_POSITION']);
  });

  it('injects latency with MSW delay, a documented status as its case, and a reset as a network error', async () => {
    sandbox.setFaults({
      latencyMs: { min: 120, max: 150 },
      errors: [
        { operationId: 'getUnrealizedPnl', status: 503 },
        { operationId: 'listPairs', reset: true },
      ],
    });
    const started = performance.now();
    const pnl = await fetch(`${baseUrl}/v1/portfolio/${ava}/unrealized-pnl`);
    expect(performance.now() - started).toBeGreaterThanOrEqual(119);
    expect(pnl.status).toBe(503);
    expect(pnl.headers.get('x-sandbox-fault')).toBe('latency, status');
    await expect(fetch(`${baseUrl}/v1/pairs`)).rejects.toThrow(TypeError);
    expect(sandbox.clearFaults()).toEqual({ latencyMs: null, errors: [] });
    expect((await fetch(`${baseUrl}/v1/pairs`)).status).toBe(200);
  });

  it('keeps a named world of its own for requests that send X-Sandbox-World', async () => {
    const mine = sandbox.world('component-a');
    mine.advance('P3D');
    mine.setFaults({ errors: [{ operationId: 'listLeaderboard', status: 500, outsideContract: true }] });
    const headers = { 'x-sandbox-world': 'component-a' };
    const faulted = await fetch(`${baseUrl}/v1/leaderboard`, { headers });
    expect(faulted.status).toBe(500);
    expect(faulted.headers.get('x-sandbox-fault')).toBe('outside-contract');
    expect((await fetch(`${baseUrl}/v1/leaderboard`)).status).toBe(200);
    const clock = await (await fetch(`${baseUrl}/__sandbox/clock`, { headers })).json();
    expect(clock.now).toBe('2026-11-24T12:00:00Z');
    const refused = await fetch(`${baseUrl}/v1/leaderboard`, { headers: { 'x-sandbox-world': 'no spaces' } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).field).toBe('X-Sandbox-World');
    mine.reset();
  });

  it("answers the client's createSandboxControl as the mock does, in the world it names", async () => {
    const control = createSandboxControl({ baseUrl, world: 'component-b', fetch: (request) => fetch(request) });
    expect((await control.advance('PT2H')).now).toBe('2026-11-21T14:00:00Z');
    expect(sandbox.world('component-b').now).toBe('2026-11-21T14:00:00Z');
    expect(sandbox.now).toBe('2026-11-21T12:00:00Z');
    const opened = await control.openPosition({
      trader: dee,
      pairBase: btc,
      isLong: false,
      leverage: 5,
      margin: '20000000',
    });
    const client = createClient({ baseUrl, retry: false, headers: control.headers });
    const listed = unwrap(
      await client.GET('/v1/user/{userAddress}/positions', { params: { path: { userAddress: dee } } }),
    );
    expect(listed.content).toEqual([opened]);
    const refused = await control.setNow('2026-11-21T13:00:00Z').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).body).toMatchObject({ status: 409, field: 'now' });
    await control.reset();
    expect(sandbox.world('component-b').now).toBe('2026-11-21T12:00:00Z');
  });
});
