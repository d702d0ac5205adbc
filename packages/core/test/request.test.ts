// The request pipeline over the repository's bundle: what the mock's guard and the MSW handlers refuse,
// find missing, or pass on, with the words both answer with.
import { describe, expect, it } from 'vitest';
// Not exported by the package: the internals the pipeline composes, tested where they live.
import type { RequestParts } from '../src/check-request.js';
import {
  type BodyRead,
  checkRequest,
  createContract,
  MAX_BODY_BYTES,
  MAX_JSON_VALUES,
  MAX_VIOLATIONS_LISTED,
  refusal,
  selectionMissAnswer,
  violationsHeader,
} from '../src/index.js';
import { concreteStatuses } from '../src/operations.js';
import { selectionMiss } from '../src/scenarios.js';
import { requestSchemaViolations } from '../src/validation.js';
import { document, validatorOf } from './support/bundle.js';

const contract = createContract(document);
const validators = { coercing: validatorOf({ coerceTypes: true }), strict: validatorOf() };

function request(method: string, target: string, extra: Partial<RequestParts> = {}): RequestParts {
  const [rawPath = '', rawSearch = ''] = target.split(/(?=\?)/);
  const body: BodyRead = { kind: 'none' };
  return { method, rawPath, rawSearch, accept: undefined, prefer: undefined, contentType: undefined, body, ...extra };
}

describe('checkRequest', () => {
  it('passes a valid read with its path parameters, query and operation', () => {
    const checked = checkRequest(
      contract,
      request('GET', '/v1/leaderboard/0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b/trading-stats?timeframe=ALL'),
    );
    expect(checked.outcome).toBe('passed');
    if (checked.outcome !== 'passed') return;
    expect(checked.operation?.operationId).toBe('getTradingStats');
    expect(checked.pathParameters).toEqual({ user_address: '0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b' });
    expect(checked.query).toEqual({ timeframe: 'ALL' });
  });

  it('prefers the most literal template: my-rank is not a trader address', () => {
    const checked = checkRequest(
      contract,
      request('GET', '/v1/leaderboard/my-rank?user_address=0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b'),
    );
    expect(checked.outcome === 'passed' && checked.operation?.operationId).toBe('getMyRank');
  });

  it('refuses percent-encoding that does not decode, before anything else', () => {
    const checked = checkRequest(contract, request('GET', '/v1/pairs/%zz/volume', { prefer: 'code=999' }));
    expect(checked).toMatchObject({ outcome: 'refused', violations: [{ location: ['request', 'path'] }] });
  });

  it('refuses an integer written as hex, exponent or fraction, naming the parameter', () => {
    for (const page of ['0x1', '1e2', '1.5']) {
      const checked = checkRequest(contract, request('GET', `/v1/leaderboard?page=${page}`));
      expect(checked).toMatchObject({ outcome: 'refused', violations: [{ location: ['request', 'query', 'page'] }] });
    }
  });

  it('finds a Prefer that selects an undocumented status missing, naming the documented ones', () => {
    const checked = checkRequest(contract, request('GET', '/v1/sstk/apy', { prefer: 'code=503' }));
    expect(checked.outcome).toBe('missing');
    if (checked.outcome === 'missing')
      expect(checked.detail).toMatch(/^getStakedApy documents no status 503; it documents /);
  });

  it('names, in the 404 of an undocumented status, exactly the statuses each operation documents', () => {
    for (const operation of contract.operations) {
      const detail = selectionMiss(operation, { code: 999 }) ?? '';
      const documented = concreteStatuses(operation);
      // Whatever the wording: the statuses the message says the operation documents are its statuses.
      const said = /\bdocuments (?!no\b)([^;:.]*)/g;
      const claimed = [...detail.matchAll(said)].flatMap(([, list]) => (list as string).match(/\b\d{3}\b/g) ?? []);
      expect({ operationId: operation.operationId, claimed }).toEqual({
        operationId: operation.operationId,
        claimed: documented,
      });
      if (documented.length === 0) expect(detail).toMatch(/documents none/);
    }
    const gasless = contract.operations.find((operation) => operation.operationId === 'submitTradingIntent');
    expect(gasless && concreteStatuses(gasless)).toEqual([]);
  });

  it("answers that 404 with the kit's own problem type, as every problem the mock writes itself", () => {
    const answer = selectionMissAnswer('submitTradingIntent documents no status 999.');
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body ?? '{}').type).toMatch(/^urn:trading-analytics-mock:[a-z-]+$/);
  });

  it('refuses a body to an operation that takes none, and one in an undeclared media type', () => {
    const text: BodyRead = { kind: 'text', text: '{}' };
    const get = checkRequest(contract, request('GET', '/v1/pairs', { body: text, contentType: 'application/json' }));
    expect(get).toMatchObject({
      outcome: 'refused',
      violations: [{ message: 'GET /v1/pairs takes no request body; send none' }],
    });
    const post = checkRequest(
      contract,
      request('POST', '/v1/oracle/price/pairs/latest', { body: text, contentType: 'text/plain' }),
    );
    expect(post).toMatchObject({
      outcome: 'refused',
      violations: [{ location: ['request', 'header', 'content-type'] }],
    });
  });

  it('refuses JSON nested past the depth limit and JSON that does not parse', () => {
    const deep: BodyRead = { kind: 'text', text: `${'['.repeat(40)}${']'.repeat(40)}` };
    const contentType = 'application/json';
    const tooDeep = checkRequest(
      contract,
      request('POST', '/v1/oracle/price/pairs/latest', { body: deep, contentType }),
    );
    expect(tooDeep).toMatchObject({
      outcome: 'refused',
      violations: [{ message: expect.stringMatching(/nested deeper than 32 levels/) }],
    });
    const broken = checkRequest(
      contract,
      request('POST', '/v1/oracle/price/pairs/latest', { body: { kind: 'text', text: '{' }, contentType }),
    );
    expect(broken).toMatchObject({
      outcome: 'refused',
      violations: [{ message: expect.stringMatching(/^Invalid JSON body: /) }],
    });
  });

  // Hostile round three: a body of MAX_BODY_BYTES holds half a million values; each one became an error of
  // the validator (1.3 s and 170 MB) and a line of the refusal, whose list overflowed the stack when spread.
  it(`refuses a body of more than ${MAX_JSON_VALUES} values, however they nest, before parsing it`, () => {
    const contentType = 'application/json';
    const latest = (text: string) =>
      checkRequest(
        contract,
        request('POST', '/v1/oracle/price/pairs/latest', { body: { kind: 'text', text }, contentType }),
      );
    const list = (count: number, item: string) => `{"pairBases":[${Array(count).fill(item).join(',')}]}`;
    // The body, its list and the items: MAX_JSON_VALUES - 2 items are the most a body may hold.
    expect(latest(list(MAX_JSON_VALUES - 2, '"0xabc"')).outcome).toBe('passed');
    for (const text of [
      list(MAX_JSON_VALUES - 1, '1'),
      list(500_000, '1'),
      list(MAX_JSON_VALUES, 'true'),
      `{"pairBases":[${Array(60)
        .fill(`[${Array(200).fill('null').join(',')}]`)
        .join(',')}]}`,
      `{${Array.from({ length: MAX_JSON_VALUES }, (_, index) => `"k${index}":{}`).join(',')}}`,
    ]) {
      expect(latest(text)).toMatchObject({
        outcome: 'refused',
        violations: [
          { message: `Invalid JSON body: more than ${MAX_JSON_VALUES} values, the mock's limit (MAX_JSON_VALUES)` },
        ],
      });
    }
  });

  it('passes a path the contract lacks with no operation, for the next route', () => {
    const checked = checkRequest(contract, request('PUT', '/__scenarios', { body: { kind: 'text', text: '{"a":1}' } }));
    expect(checked).toMatchObject({ outcome: 'passed', operation: undefined, bodyText: '{"a":1}' });
  });

  it('reports the body limit in the words of both servers', () => {
    const checked = checkRequest(
      contract,
      request('POST', '/v1/oracle/price/pairs/latest', { body: { kind: 'refused', violations: [] } }),
    );
    expect(checked.outcome).toBe('passed');
    expect(MAX_BODY_BYTES).toBe(1024 * 1024);
  });
});

describe('requestSchemaViolations', () => {
  it('coerces parameters from text and names an enum miss with its allowed values', () => {
    const checked = checkRequest(contract, request('GET', '/v1/leaderboard?timeframe=FOREVER&page=2'));
    if (checked.outcome !== 'passed' || !checked.operation) throw new Error('expected a passed request');
    expect(requestSchemaViolations(validators, checked.operation, checked)).toEqual([
      {
        location: ['request', 'query', 'timeframe'],
        severity: 'Error',
        code: 'enum',
        message:
          'Request query parameter timeframe must be equal to one of the allowed values: ONE_DAY, SEVEN_DAY, THIRTY_DAY, ALL',
      },
    ]);
  });
});

describe('refusal', () => {
  it('answers the operation’s own 400 where it declares one, with the reasons in sl-violations', () => {
    const operation = contract.operation('getUnrealizedPnl');
    const answer = refusal(operation, [{ location: ['request', 'query'], message: 'bad é' }]);
    expect(answer.status).toBe(400);
    expect(answer.headers['sl-violations']).toBe(
      '[{"severity":"Error","location":["request","query"],"message":"bad \\u00e9"}]',
    );
  });

  it('answers the mock’s own problem where the operation declares no 400', () => {
    const answer = refusal(contract.operation('listPairs'), [{ location: ['request'], message: 'no' }]);
    expect(answer).toMatchObject({ status: 400, headers: { 'content-type': 'application/problem+json' } });
    expect(JSON.parse(answer.body ?? '')).toMatchObject({
      type: 'urn:trading-analytics-mock:invalid-request',
      detail: 'no',
    });
  });

  it('caps the violations header under what a response header block holds', () => {
    const many = Array.from({ length: 2000 }, (_, index) => ({ location: ['request'], message: `reason ${index}` }));
    expect(violationsHeader(many)?.length).toBeLessThan(8 * 1024);
  });

  it(`lists at most ${MAX_VIOLATIONS_LISTED} violations in a problem, and says how many more there are`, () => {
    const many = Array.from({ length: 9_000 }, (_, index) => ({ location: ['request'], message: `reason ${index}` }));
    const answer = refusal(contract.operation('listPairs'), many);
    const body = JSON.parse(answer.body ?? '');
    expect(body.validation).toHaveLength(MAX_VIOLATIONS_LISTED);
    expect(body.detail).toMatch(
      /^reason 0; reason 1; .*reason 99; and 8900 more \(a refusal lists 100, MAX_VIOLATIONS_LISTED\)$/,
    );
    expect(answer.body?.length).toBeLessThan(16 * 1024);
  });

  it('reports every schema error of a body of the most values allowed, without overflowing the stack', () => {
    const pairBases = Array(MAX_JSON_VALUES - 2).fill(1);
    const operation = contract.operation('queryLatestPrices');
    if (!operation) throw new Error('queryLatestPrices is missing');
    const values = { pathParameters: {}, query: {}, body: { pairBases } };
    expect(requestSchemaViolations(validators, operation, values)).toHaveLength(pairBases.length);
    // The stack of a spread of this many values is the one that overflowed; the list must not be spread.
    const huge = { pathParameters: {}, query: {}, body: { pairBases: Array(300_000).fill(1) } };
    expect(requestSchemaViolations(validators, operation, huge)).toHaveLength(300_000);
  });
});
