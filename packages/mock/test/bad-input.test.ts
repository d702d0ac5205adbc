// Bad input is refused the way a frontend developer can act on: a 400 (never a 200 or a 5xx) whose reason
// names the offending value, in the `sl-violations` header. Where the operation declares a 400, the body
// is the one it documents (empty); elsewhere it is the mock's own `400 application/problem+json` with the
// same reasons in a `validation` list.
import { describe, expect, inject, it } from 'vitest';
import { pairBases, traders } from './support/cast';
import { type MockRequest, refusal, send, validRequests } from './support/requests';

const baseUrl = inject('mockUrl');

interface BadInput {
  name: string;
  request: MockRequest;
  /** `declared`: the operation's documented 400 (empty body); `problem`: the mock's 400 problem+json. */
  answer: 'declared' | 'problem';
  /** Where the reason must point: the parameter or body field at fault. */
  field: string;
}

const { ava } = traders;

const cases: BadInput[] = [
  // Malformed address, in each place an address travels.
  {
    name: 'malformed address in the path (400 declared)',
    request: { method: 'GET', path: '/v1/portfolio/0x12345/unrealized-pnl' },
    answer: 'declared',
    field: 'user_address',
  },
  {
    name: 'malformed address in the path',
    request: { method: 'GET', path: '/v1/user/0xnot-an-address/positions' },
    answer: 'problem',
    field: 'userAddress',
  },
  {
    name: 'malformed address in the query',
    request: { ...validRequests.getMyRank, query: { user_address: ava.slice(2) } },
    answer: 'problem',
    field: 'user_address',
  },
  {
    name: 'malformed address in the body',
    request: { ...validRequests.joinCompetition, body: { trader: '0xdead', competitionId: 7 } },
    answer: 'problem',
    field: 'trader',
  },
  // hours_ago outside 1..24 (the operation declares a 400).
  {
    name: 'hours_ago above its range',
    request: { ...validRequests.getPriceHoursAgo, query: { pair_base: pairBases.btc, hours_ago: '25' } },
    answer: 'declared',
    field: 'hours_ago',
  },
  {
    name: 'hours_ago below its range',
    request: { ...validRequests.getPriceHoursAgo, query: { pair_base: pairBases.btc, hours_ago: '0' } },
    answer: 'declared',
    field: 'hours_ago',
  },
  {
    name: 'empty pairBases',
    request: { ...validRequests.queryLatestPrices, body: { pairBases: [] } },
    answer: 'problem',
    field: 'pairBases',
  },
  {
    name: 'missing required body field',
    request: { ...validRequests.joinCompetition, body: { competitionId: 7 } },
    answer: 'problem',
    field: 'trader',
  },
  {
    name: 'missing required body field (price updates)',
    request: { ...validRequests.queryPriceUpdates, body: { pairBase: pairBases.btc } },
    answer: 'problem',
    field: 'collateral',
  },
  {
    name: 'missing required query parameter',
    request: { method: 'GET', path: '/v1/leaderboard/my-rank' },
    answer: 'problem',
    field: 'user_address',
  },
  {
    name: 'unknown enum value in the query',
    request: { ...validRequests.listLeaderboard, query: { timeframe: 'FOREVER' } },
    answer: 'problem',
    field: 'timeframe',
  },
  {
    name: 'unknown enum value in a required parameter',
    request: { ...validRequests.getTradeOverview, query: { timeframe: 'FOREVER', is_after_fee: 'true' } },
    answer: 'problem',
    field: 'timeframe',
  },
  {
    name: 'unknown enum value (competition status)',
    request: { ...validRequests.listCompetitions, query: { status: 'PAUSED' } },
    answer: 'problem',
    field: 'status',
  },
  {
    name: 'wrong type in the query',
    request: { ...validRequests.listLeaderboard, query: { page: 'first' } },
    answer: 'problem',
    field: 'page',
  },
  {
    name: 'wrong type in the body',
    request: { ...validRequests.joinCompetition, body: { trader: ava, competitionId: 'seven' } },
    answer: 'problem',
    field: 'competitionId',
  },
  {
    name: 'wrong type in the path',
    request: { method: 'GET', path: '/v1/trading-competition/seven/leaderboard' },
    answer: 'problem',
    field: 'id',
  },
];

/** The body of a refusal: the operation's documented 400 (empty), or the mock's problem+json with its reasons. */
async function expectRefusalBody(answer: Response, kind: BadInput['answer']) {
  if (kind === 'declared') {
    expect(await answer.text()).toBe('');
    return;
  }
  expect(answer.headers.get('content-type')).toBe('application/problem+json');
  const problem = await answer.json();
  expect(problem).toMatchObject({ status: 400, title: 'Invalid request' });
  expect(problem.validation.length).toBeGreaterThan(0);
}

describe('bad input is refused with a reason a developer can read', () => {
  for (const badInput of cases) {
    it(`${badInput.name}: 400 (${badInput.answer}) naming ${badInput.field}`, async () => {
      const answer = await send(baseUrl, badInput.request);
      expect(answer.status).toBe(400);
      await expectRefusalBody(answer.clone(), badInput.answer);
      const { violations } = await refusal(answer);
      expect(violations.length).toBeGreaterThan(0);
      // Prism spells path parameter names in lower case (`useraddress`).
      const reasons = violations.map((violation) =>
        `${(violation.location ?? []).join('.')} ${violation.message}`.toLowerCase(),
      );
      expect(
        reasons.some((reason) => reason.includes(badInput.field.toLowerCase())),
        `no reason names ${badInput.field}: ${reasons.join(' | ')}`,
      ).toBe(true);
    });
  }

  /** Posts `body` as `contentType` to the latest prices; expects the mock's 400 problem and resolves with it. */
  async function refusedPost(contentType: string, body: string) {
    const answer = await fetch(new URL(validRequests.queryLatestPrices.path, baseUrl), {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    });
    expect(answer.status).toBe(400);
    await expectRefusalBody(answer.clone(), 'problem');
    return answer.json();
  }

  it('refuses a body that is not JSON with a 400 saying so', async () => {
    expect(JSON.stringify(await refusedPost('application/json', '{"pairBases": ['))).toMatch(/invalid json/i);
  });

  it('refuses a body of another media type with a 400 naming the one expected', async () => {
    expect((await refusedPost('text/plain', 'BTC')).detail).toContain('application/json');
  });

  it('refuses a missing body with a 400 saying it is required', async () => {
    const answer = await fetch(new URL(validRequests.queryLatestPrices.path, baseUrl), { method: 'POST' });
    const { status, violations } = await refusal(answer);
    expect(status).toBe(400);
    expect(violations.map((violation) => violation.message).join(' ')).toMatch(/body.*required/i);
  });

  it('answers a path the contract does not have with a 404, and a method it does not have with a 405', async () => {
    expect((await fetch(new URL('/v1/no-such-thing', baseUrl))).status).toBe(404);
    expect((await fetch(new URL('/v1/leaderboard', baseUrl), { method: 'DELETE' })).status).toBe(405);
  });
});
