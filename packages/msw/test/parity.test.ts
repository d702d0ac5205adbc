// The handlers and the Prism mock tell the same story: for every operation and every scenario key (each
// documented status and each named example), the same status, the same JSON body and the same
// Content-Length; a request that breaks the contract is refused the same way (status, body, length, and the
// reasons in `sl-violations`); and the client reads an empty error body alike over both. The mock's answers to
// the documented cases are those the global setup asked for once (test/support/prism-answers.ts), which the
// mock's own scenarios test holds to the contract.
import { createClient } from '@trading-analytics/client';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RecordedAnswer, recordedAnswer } from '../../../test/support/prism-answers';
import { pairBases, traders } from '../../mock/test/support/cast';
import { type MockRequest, send, validRequests } from '../../mock/test/support/requests';
import { createHandlers, type OperationId, operations, scenario, scenarioKeys } from '../src/index.js';

const prismUrl = inject('mockUrl');
const prismAnswers = inject('prismAnswers');
// The handlers answer one made-up origin only, so the requests to the Prism mock pass through MSW untouched.
const mswUrl = 'http://msw.test';
const server = setupServer(...createHandlers({ baseUrl: mswUrl }));

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());

interface Answer {
  status: number;
  body: unknown;
  /** openapi-fetch reads an answer whose Content-Length is 0 as empty without reading its body. */
  length: string | null;
  violations: unknown;
}

function parsed(status: number, text: string, length: string | null, violations: string | null): Answer {
  return {
    status,
    body: text === '' ? '' : JSON.parse(text),
    length,
    violations: violations === null ? null : JSON.parse(violations),
  };
}

async function read(response: Response): Promise<Answer> {
  const { headers } = response;
  return parsed(response.status, await response.text(), headers.get('content-length'), headers.get('sl-violations'));
}

/** The mock's recorded answer to a case, read as a handler's answer is. */
const recorded = (answer: RecordedAnswer): Answer =>
  parsed(answer.answered, answer.body, answer.contentLength, answer.violations);

const operationIds = Object.keys(operations) as OperationId[];
const compared = { operations: 0, scenarios: 0, refusals: 0 };

describe('every scenario key of every operation: handler and mock answer alike', () => {
  for (const operationId of operationIds) {
    const request = validRequests[operationId];
    it(`${operationId}: the default answer`, async () => {
      expect(request, `no valid request for ${operationId} in the mock's test support`).toBeDefined();
      const msw = await send(mswUrl, request).then(read);
      expect(msw).toEqual(recorded(recordedAnswer(prismAnswers, operationId)));
      compared.operations += 1;
    });
    for (const key of scenarioKeys(operationId)) {
      it(`${operationId}: scenario ${key}`, async () => {
        const prism = recordedAnswer(prismAnswers, operationId, key);
        server.use(scenario(operationId, key as never, { baseUrl: mswUrl }));
        const [picked, byHeader] = await Promise.all([
          send(mswUrl, request).then(read),
          send(mswUrl, request, { prefer: prism.prefer! }).then(read),
        ]);
        server.resetHandlers();
        expect(prism.answered).toBe(operations[operationId].scenarios[key]!.status);
        expect(picked).toEqual(recorded(prism));
        expect(byHeader).toEqual(recorded(prism));
        compared.scenarios += 1;
      });
    }
  }
});

const { ava } = traders;
const json = { 'content-type': 'application/json' };

interface Refused {
  name: string;
  request: MockRequest;
  headers?: Record<string, string>;
  /** A raw body sent as is, for what JSON.stringify cannot produce. */
  rawBody?: string;
}

const refusals: Refused[] = [
  {
    name: 'malformed address in the path (400 declared)',
    request: { method: 'GET', path: '/v1/portfolio/0x12345/unrealized-pnl' },
  },
  { name: 'malformed address in the path', request: { method: 'GET', path: '/v1/user/0xnot-an-address/positions' } },
  {
    name: 'malformed address in the query',
    request: { ...validRequests.getMyRank, query: { user_address: ava.slice(2) } },
  },
  {
    name: 'malformed address in the body',
    request: { ...validRequests.queryLatestPrices, body: { pairBases: [pairBases.btc, '0xdead'] } },
  },
  {
    name: 'hours_ago=99',
    request: { ...validRequests.getPriceHoursAgo, query: { pair_base: pairBases.btc, hours_ago: '99' } },
  },
  {
    name: 'hours_ago=0',
    request: { ...validRequests.getPriceHoursAgo, query: { pair_base: pairBases.btc, hours_ago: '0' } },
  },
  { name: 'empty pairBases', request: { ...validRequests.queryLatestPrices, body: { pairBases: [] } } },
  { name: 'missing body field', request: { ...validRequests.joinCompetition, body: { competitionId: 7 } } },
  {
    name: 'missing body fields (price updates)',
    request: { ...validRequests.queryPriceUpdates, body: { pairBase: pairBases.btc } },
  },
  { name: 'missing required query parameter', request: { method: 'GET', path: '/v1/leaderboard/my-rank' } },
  { name: 'unknown enum value', request: { ...validRequests.listLeaderboard, query: { timeframe: 'FOREVER' } } },
  {
    name: 'unknown enum value in a required parameter',
    request: { ...validRequests.getTradeOverview, query: { timeframe: 'FOREVER', is_after_fee: 'true' } },
  },
  { name: 'wrong type in the query', request: { ...validRequests.listLeaderboard, query: { page: 'first' } } },
  {
    name: 'wrong type in the body',
    request: { ...validRequests.joinCompetition, body: { trader: ava, competitionId: 'seven' } },
  },
  { name: 'wrong type in the path', request: { method: 'GET', path: '/v1/trading-competition/seven/leaderboard' } },
  {
    name: 'two faults at once, body and query order kept',
    request: { method: 'GET', path: '/v1/trading-volumes/users', query: { startTime: 'yesterday' } },
  },
  {
    name: 'a date-time without a time zone',
    request: {
      method: 'GET',
      path: '/v1/trading-volumes/sum-by-date',
      query: { startTime: '2026-11-14T00:00:00', endTime: '2026-11-21T00:00:00Z' },
    },
  },
  {
    name: 'bad input with Prefer code=503: the refusal wins',
    request: { method: 'GET', path: '/v1/portfolio/0x12345/unrealized-pnl' },
    headers: { prefer: 'code=503' },
  },
  {
    name: 'Prefer with an undocumented example key',
    request: validRequests.getUnrealizedPnl,
    headers: { prefer: 'example=noSuchCase' },
  },
  {
    name: 'Prefer with an undocumented status',
    request: validRequests.getUnrealizedPnl,
    headers: { prefer: 'code=418' },
  },
  {
    name: 'body that is not JSON',
    request: { ...validRequests.queryLatestPrices, body: undefined },
    headers: json,
    rawBody: '{"pairBases": [',
  },
  {
    name: 'body of another media type',
    request: { ...validRequests.queryLatestPrices, body: undefined },
    headers: { 'content-type': 'text/plain' },
    rawBody: 'BTC',
  },
  { name: 'an integer written in hex', request: { ...validRequests.listLeaderboard, query: { page: '0x10' } } },
  {
    name: 'an integer in the body beyond what JSON numbers hold',
    request: { ...validRequests.joinCompetition, body: undefined },
    headers: json,
    rawBody: `{"trader":"${ava}","competitionId":90071992547409931}`,
  },
  {
    name: 'a body nested too deep',
    request: { ...validRequests.queryLatestPrices, body: undefined },
    headers: json,
    rawBody: `${'['.repeat(40)}${']'.repeat(40)}`,
  },
  {
    name: 'Prefer code that is not a status',
    request: validRequests.getUnrealizedPnl,
    headers: { prefer: 'code=abc' },
  },
  {
    name: '__example in the query of a link',
    request: { ...validRequests.getUnrealizedPnl, query: { __example: 'emptyAccount' } },
  },
  {
    name: 'a Content-Type that is not a media type',
    request: { ...validRequests.queryLatestPrices, body: undefined },
    headers: { 'content-type': 'application/json; charset' },
    rawBody: '{"pairBases": []}',
  },
  {
    name: 'an Accept header that is not a media range',
    request: validRequests.getStakedApy,
    headers: { accept: 'json' },
  },
  { name: 'no body where one is required', request: { ...validRequests.queryLatestPrices, body: undefined } },
  {
    name: 'a body past the size limit',
    request: { ...validRequests.queryLatestPrices, body: undefined },
    headers: json,
    rawBody: `{"pairBases":["${'a'.repeat(1024 * 1024)}"]}`,
  },
  {
    name: 'a body past the size limit, in a media type not taken: the media type is named first',
    request: { ...validRequests.queryLatestPrices, body: undefined },
    headers: { 'content-type': 'text/plain' },
    rawBody: 'é'.repeat(600 * 1024),
  },
];

function sendRefused(base: string, refused: Refused): Promise<Response> {
  if (refused.rawBody === undefined) return send(base, refused.request, refused.headers);
  return fetch(new URL(refused.request.path, base), {
    method: refused.request.method,
    headers: refused.headers,
    body: refused.rawBody,
  });
}

describe('a request that breaks the contract: handler and mock refuse alike', () => {
  for (const refused of refusals) {
    it(refused.name, async () => {
      const [msw, prism] = await Promise.all([
        sendRefused(mswUrl, refused).then(read),
        sendRefused(prismUrl, refused).then(read),
      ]);
      expect(msw).toEqual(prism);
      compared.refusals += 1;
    });
  }
});

// Prism reads `date-time` its own way at the edges of RFC 3339 (a leap second as written, offsets up to 24
// hours): the core's Ajv setup follows it, so a date-time is accepted or refused as the mock does.
const dateTimes = [
  [
    'accepted by both',
    [
      '2026-11-14 00:00:00Z',
      '2026-11-14t00:00:00z',
      '2026-11-14T10:30:00.5+01:00',
      '2026-11-14T00:00:00+0530',
      '2026-11-14T00:00:00+05',
      '2026-11-14T00:00:00+24:00',
      '2026-12-31T23:59:60+01:00',
      '2024-02-29T00:00:00Z',
    ],
  ],
  [
    'refused by both',
    [
      '2026-11-14T00:00:00+25:00',
      '2026-11-14T00:00:00+05:60',
      '2026-11-14T24:00:00Z',
      '2026-12-31T22:59:60-01:00',
      '2026-02-29T00:00:00Z',
      '2026-11-14T00:00Z',
      '2026-11-14T00:00:00.Z',
    ],
  ],
] as const;

describe('a date-time at the edges of RFC 3339: handler and mock read it alike', () => {
  for (const [outcome, values] of dateTimes) {
    it(`${outcome}: ${values.join(', ')}`, async () => {
      for (const startTime of values) {
        const request = {
          ...validRequests.listUserDailyVolumes,
          query: { startTime, endTime: '2026-11-21T00:00:00Z' },
        };
        const [msw, prism] = await Promise.all([send(mswUrl, request).then(read), send(prismUrl, request).then(read)]);
        expect(msw, startTime).toEqual(prism);
        expect(prism.status, startTime).toBe(outcome === 'accepted by both' ? 200 : 400);
      }
    });
  }
});

describe('the client over HTTP and over MSW: the same result for an empty error body', () => {
  // openapi-fetch gives `error: undefined` when the answer says Content-Length: 0, and the body's text
  // (`""`) when it says no length; the handlers send the mock's length, so an app reads one result.
  const calls = {
    'the declared 400 (hours_ago=99)': (baseUrl: string) =>
      createClient({ baseUrl, retry: false }).GET('/v1/oracle/price/pair-hours-ago', {
        params: { query: { pair_base: pairBases.btc, hours_ago: 99 } },
      }),
    'the 503 of unrealized PnL (Prefer: code=503)': (baseUrl: string) =>
      createClient({ baseUrl, retry: false }).GET('/v1/portfolio/{user_address}/unrealized-pnl', {
        params: { path: { user_address: ava } },
        headers: { prefer: 'code=503' },
      }),
    'the 404 of a historical price (Prefer: code=404)': (baseUrl: string) =>
      createClient({ baseUrl, retry: false }).GET('/v1/oracle/price/pair-24h-ago', {
        params: { query: { pair_base: pairBases.btc } },
        headers: { prefer: 'code=404' },
      }),
  };
  it.each(Object.entries(calls))('%s', async (_name, call) => {
    const outcome = async (baseUrl: string) => {
      const { data, error, response } = await call(baseUrl);
      return { status: response.status, data, error, length: response.headers.get('content-length') };
    };
    const [overHttp, overMsw] = [await outcome(prismUrl), await outcome(mswUrl)];
    expect(overHttp).toMatchObject({ data: undefined, error: undefined, length: '0' });
    expect(overHttp.status).toBeGreaterThanOrEqual(400);
    expect(overMsw).toEqual(overHttp);
  });
});

afterAll(() => {
  const keys = operationIds.reduce((sum, operationId) => sum + scenarioKeys(operationId).length, 0);
  console.log(
    `parity: ${compared.operations} operations' defaults and ${compared.scenarios} of ${keys} scenario keys (each by scenario() and by Prefer) compared, ${compared.refusals} refusals`,
  );
});
