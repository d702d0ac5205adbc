// Bad input is refused the way a frontend developer can act on: a 4xx (never a 200 or a 5xx) whose
// reason names the offending value. Where the operation declares a 400, the mock answers that 400 and puts
// the reason in the `sl-violations` header; elsewhere it answers 422 problem+json with a `validation` list.
import { describe, expect, inject, it } from 'vitest';
import { pairBases, traders } from './support/cast';
import { refusal, send, validRequests, type MockRequest } from './support/requests';

const baseUrl = inject('mockUrl');

interface BadInput {
  name: string;
  request: MockRequest;
  status: 400 | 422;
  /** Where the reason must point: the parameter or body field at fault. */
  field: string;
}

const { ava } = traders;

const cases: BadInput[] = [
  // Malformed address, in each place an address travels.
  { name: 'malformed address in the path (400 declared)', request: { method: 'GET', path: '/v1/portfolio/0x12345/unrealized-pnl' }, status: 400, field: 'user_address' },
  { name: 'malformed address in the path', request: { method: 'GET', path: '/v1/user/0xnot-an-address/positions' }, status: 422, field: 'userAddress' },
  { name: 'malformed address in the query', request: { ...validRequests.getMyRank, query: { user_address: ava.slice(2) } }, status: 422, field: 'user_address' },
  { name: 'malformed address in the body', request: { ...validRequests.joinCompetition, body: { trader: '0xdead', competitionId: 7 } }, status: 422, field: 'trader' },
  // hours_ago outside 1..24 (the operation declares a 400).
  { name: 'hours_ago above its range', request: { ...validRequests.getPriceHoursAgo, query: { pair_base: pairBases.btc, hours_ago: '25' } }, status: 400, field: 'hours_ago' },
  { name: 'hours_ago below its range', request: { ...validRequests.getPriceHoursAgo, query: { pair_base: pairBases.btc, hours_ago: '0' } }, status: 400, field: 'hours_ago' },
  { name: 'empty pairBases', request: { ...validRequests.queryLatestPrices, body: { pairBases: [] } }, status: 422, field: 'pairBases' },
  { name: 'missing required body field', request: { ...validRequests.joinCompetition, body: { competitionId: 7 } }, status: 422, field: 'trader' },
  { name: 'missing required body field (price updates)', request: { ...validRequests.queryPriceUpdates, body: { pairBase: pairBases.btc } }, status: 422, field: 'collateral' },
  { name: 'missing required query parameter', request: { method: 'GET', path: '/v1/leaderboard/my-rank' }, status: 422, field: 'user_address' },
  { name: 'unknown enum value in the query', request: { ...validRequests.listLeaderboard, query: { timeframe: 'FOREVER' } }, status: 422, field: 'timeframe' },
  { name: 'unknown enum value in a required parameter', request: { ...validRequests.getTradeOverview, query: { timeframe: 'FOREVER', is_after_fee: 'true' } }, status: 422, field: 'timeframe' },
  { name: 'unknown enum value (competition status)', request: { ...validRequests.listCompetitions, query: { status: 'PAUSED' } }, status: 422, field: 'status' },
  { name: 'wrong type in the query', request: { ...validRequests.listLeaderboard, query: { page: 'first' } }, status: 422, field: 'page' },
  { name: 'wrong type in the body', request: { ...validRequests.joinCompetition, body: { trader: ava, competitionId: 'seven' } }, status: 422, field: 'competitionId' },
  { name: 'wrong type in the path', request: { method: 'GET', path: '/v1/trading-competition/seven/leaderboard' }, status: 422, field: 'id' },
];

describe('bad input is refused with a reason a developer can read', () => {
  for (const badInput of cases) {
    it(`${badInput.name}: ${badInput.status} naming ${badInput.field}`, async () => {
      const answer = await send(baseUrl, badInput.request);
      const { status, violations } = await refusal(answer);
      expect(status).toBe(badInput.status);
      expect(violations.length).toBeGreaterThan(0);
      // Prism spells path parameter names in lower case (`useraddress`).
      const reasons = violations.map((violation) => `${(violation.location ?? []).join('.')} ${violation.message}`.toLowerCase());
      expect(reasons.some((reason) => reason.includes(badInput.field.toLowerCase())), `no reason names ${badInput.field}: ${reasons.join(' | ')}`).toBe(true);
    });
  }

  it('refuses a body that is not JSON with a 400 saying so', async () => {
    const answer = await fetch(new URL(validRequests.queryLatestPrices.path, baseUrl), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"pairBases": [' });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(await answer.json())).toMatch(/invalid json/i);
  });

  it('refuses a body of another media type with a 415 naming the one expected', async () => {
    const answer = await fetch(new URL(validRequests.queryLatestPrices.path, baseUrl), { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'BTC' });
    expect(answer.status).toBe(415);
    expect((await answer.json()).detail).toContain('application/json');
  });

  it('refuses a missing body with a 422 saying it is required', async () => {
    const answer = await fetch(new URL(validRequests.queryLatestPrices.path, baseUrl), { method: 'POST' });
    const { status, violations } = await refusal(answer);
    expect(status).toBe(422);
    expect(violations.map((violation) => violation.message).join(' ')).toMatch(/body.*required/i);
  });

  it('answers a path the contract does not have with a 404, and a method it does not have with a 405', async () => {
    expect((await fetch(new URL('/v1/no-such-thing', baseUrl))).status).toBe(404);
    expect((await fetch(new URL('/v1/leaderboard', baseUrl), { method: 'DELETE' })).status).toBe(405);
  });
});
