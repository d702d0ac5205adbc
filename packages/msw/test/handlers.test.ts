// The handlers as a frontend test suite uses them: `setupServer(...handlers)` and the typed client get
// each operation's default example on any origin; `scenario()` and `createHandlers({ scenarios })` pick
// another documented case; a wrong name fails at once, listing what exists.
import { ApiError, createClient, unwrap } from '@trading-analytics/client';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../../../test/support/present';
import { traders } from '../../mock/test/support/cast';
import { createHandlers, handlers, http, operations, scenario, scenarioKeys } from '../src/index.js';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const { ava, dee } = traders;
const exampleOf = (operationId: keyof typeof operations, key: string) =>
  present(operations[operationId].scenarios[key], `scenario ${key} of ${operationId}`).body;
const pnlPath = '/v1/portfolio/{user_address}/unrealized-pnl' as const;

describe('handlers', () => {
  it('answer the default example through the client, whatever the base URL of the app', async () => {
    for (const baseUrl of ['https://api.example.com', 'http://localhost:5173/', 'http://127.0.0.1:9']) {
      const client = createClient({ baseUrl, retry: false });
      const pnl = unwrap(await client.GET(pnlPath, { params: { path: { user_address: ava } } }));
      expect(pnl).toEqual(exampleOf('getUnrealizedPnl', 'withPositions'));
    }
  });

  it('answer a POST with its default example', async () => {
    const client = createClient({ baseUrl: 'https://api.example.com' });
    const prices = unwrap(await client.POST('/v1/oracle/price/pairs/latest', { body: { pairBases: [ava] } }));
    expect(prices).toEqual(exampleOf('queryLatestPrices', 'allResolved'));
  });

  it('cover every operation of the contract once', () => {
    expect(handlers).toHaveLength(Object.keys(operations).length);
    expect(Object.keys(operations)).toHaveLength(31);
  });

  it('refuse a request that breaks the contract as the mock does: the declared 400, the reason in sl-violations', async () => {
    const response = await fetch(
      `https://api.example.com/v1/oracle/price/pair-hours-ago?pair_base=${ava}&hours_ago=99`,
    );
    expect(response.status).toBe(400);
    const header = response.headers.get('sl-violations');
    expect(header).not.toBeNull();
    const [reason] = JSON.parse(header ?? '[]');
    expect(reason).toMatchObject({ location: ['request', 'query', 'hours_ago'] });
    expect(reason.message).toContain('from 1 to 24');
  });
});

describe('scenarios', () => {
  it('server.use(scenario(...)) picks a named example', async () => {
    server.use(scenario('getUnrealizedPnl', 'emptyAccount'));
    const client = createClient({ baseUrl: 'https://api.example.com' });
    const pnl = unwrap(await client.GET(pnlPath, { params: { path: { user_address: dee } } }));
    expect(pnl).toMatchObject({ userAddress: dee, positionCount: 0, unrealizedPnlUsd: '0' });
  });

  it('server.use(scenario(...)) picks a documented status: the 503 of unrealized PnL reaches the app as an ApiError', async () => {
    server.use(scenario('getUnrealizedPnl', '503'));
    const client = createClient({ baseUrl: 'https://api.example.com', retry: false });
    const result = await client.GET(pnlPath, { params: { path: { user_address: ava } } });
    expect(result.response.status).toBe(503);
    expect(() => unwrap(result)).toThrow(ApiError);
  });

  it('createHandlers({ scenarios }) starts with other cases', async () => {
    server.resetHandlers(...createHandlers({ scenarios: { listPositions: 'emptyPage', getPrice24hAgo: '404' } }));
    const client = createClient({ baseUrl: 'https://api.example.com', retry: false });
    const page = unwrap(
      await client.GET('/v1/user/{userAddress}/positions', { params: { path: { userAddress: dee } } }),
    );
    expect(page).toEqual(exampleOf('listPositions', 'emptyPage'));
    const old = await client.GET('/v1/oracle/price/pair-24h-ago', { params: { query: { pair_base: ava } } });
    expect(old.response.status).toBe(404);
  });

  it('an unknown key throws, listing the keys of the operation', () => {
    expect(() => scenario('getUnrealizedPnl', 'unavailable' as never)).toThrow(
      'getUnrealizedPnl has no scenario "unavailable"; its scenarios are: 200, 400, 503, withPositions, emptyAccount, emptyAccountPriceAsOfOmitted.',
    );
    expect(() => createHandlers({ scenarios: { listPositions: 'emptyHistory' as never } })).toThrow(
      /listPositions has no scenario "emptyHistory"; its scenarios are: 200, openAndClosedPositions/,
    );
    expect(() => scenario('submitTradingIntent', '200' as never)).toThrow(
      'submitTradingIntent has no scenario "200"; it documents no scenario.',
    );
  });

  it('an unknown operation throws, listing the operations', () => {
    expect(() => scenario('getUnrealisedPnl' as never, '503' as never)).toThrow(
      /^Unknown operation "getUnrealisedPnl". The operations are: listLeaderboard, .*getUnrealizedPnl/,
    );
  });

  it('lists its keys', () => {
    expect(scenarioKeys('getUnrealizedPnl')).toEqual([
      '200',
      '400',
      '503',
      'withPositions',
      'emptyAccount',
      'emptyAccountPriceAsOfOmitted',
    ]);
  });
});

describe('http, for handlers of your own', () => {
  it('answers on any origin with the body given, ahead of the defaults', async () => {
    server.use(http.get('/v1/sstk/apy', ({ response }) => response(200).json(0.0512)));
    const client = createClient({ baseUrl: 'https://api.example.com' });
    expect(unwrap(await client.GET('/v1/sstk/apy'))).toBe(0.0512);
  });
});

describe('baseUrl', () => {
  it('narrows the handlers to one origin: a request elsewhere is left unhandled', async () => {
    server.resetHandlers(...createHandlers({ baseUrl: 'https://api.example.com' }));
    const client = createClient({ baseUrl: 'https://api.example.com' });
    expect(unwrap(await client.GET('/v1/sstk/apy'))).toBe(exampleOf('getStakedApy', 'sevenDayApy'));
    await expect(fetch('https://elsewhere.example.com/v1/sstk/apy')).rejects.toThrow();
  });

  it('refuses a value that is not an http(s) URL, naming it', () => {
    expect(() => createHandlers({ baseUrl: 'api.example.com' })).toThrow(TypeError);
    expect(() => scenario('getStakedApy', '200', { baseUrl: 'ftp://x' })).toThrow(
      /baseUrl must be an http\(s\) URL .* got "ftp:\/\/x"/,
    );
  });

  it('is read only as an own option: one inherited through the options’ prototype is ignored', async () => {
    const inherited = Object.create({ baseUrl: 'https://elsewhere.example.com', scenarios: { getStakedApy: '200' } });
    server.resetHandlers(...createHandlers(inherited));
    const client = createClient({ baseUrl: 'https://api.example.com' });
    expect(unwrap(await client.GET('/v1/sstk/apy'))).toBe(exampleOf('getStakedApy', 'sevenDayApy'));
    server.resetHandlers(scenario('getStakedApy', '200', Object.create({ baseUrl: 'https://elsewhere.example.com' })));
    expect((await client.GET('/v1/sstk/apy')).response.status).toBe(200);
  });
});
