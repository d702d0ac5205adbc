// `createSandbox` as a component test suite uses it: `setupServer(...sandbox.handlers)` and the typed client
// get the asked trader's data with every parameter in effect; `server.use(scenario(...))` and `Prefer` still
// pick a documented case; a join is remembered until `reset()`; bad requests are refused as the mock refuses
// them; `/__sandbox` describes and resets the world; a seed, now or base URL it cannot use is a TypeError.
import { ApiError, createClient, unwrap } from '@trading-analytics/client';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { competitions, inviteCode, traders } from '../../mock/test/support/cast';
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
    expect(await preferred.json()).toEqual(operations.getMyRank.scenarios.noHistory.body);
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
});
