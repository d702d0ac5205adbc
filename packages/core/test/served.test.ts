// A sandbox served over HTTP, as the mock and the MSW handlers serve it: the headers the contract requires,
// the sandbox's answer as an Answer, the /__sandbox route, and the schema refusal on one pair of validators.
import { describe, expect, it } from 'vitest';
import {
  type ContractOperation,
  createContract,
  requestValidators,
  requiredHeaders,
  type ServedSandbox,
  sandboxAnswer,
  sandboxControlAnswer,
  schemaRefusal,
  selectsCase,
} from '../src/index.js';
import type { SandboxCall } from '../src/served.js';
import { document } from './support/bundle.js';

const contract = createContract(document);
const operation = (operationId: string) => contract.operation(operationId) as ContractOperation;
const ava = '0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b';

/** A sandbox that answers what it is told and records what it was asked. */
function fakeSandbox(answer: ReturnType<ServedSandbox['answer']>) {
  const calls: SandboxCall[] = [];
  let resets = 0;
  const sandbox: ServedSandbox = {
    answer(call) {
      calls.push(call);
      return answer;
    },
    describe: () => ({ seed: 1, resets }),
    reset: () => {
      resets += 1;
    },
  };
  return { sandbox, calls, resets: () => resets };
}

describe('requiredHeaders', () => {
  it('reads the headers the contract requires on a status, with the value their schema fixes', () => {
    expect(requiredHeaders(document, operation('getUnrealizedPnl'), 200)).toEqual({ 'Cache-Control': 'no-store' });
    expect(requiredHeaders(document, operation('getUnrealizedPnl'), 503)).toEqual({});
    expect(requiredHeaders(document, operation('listLeaderboard'), 200)).toEqual({});
  });
});

describe('sandboxAnswer', () => {
  const passed = { pathParameters: { user_address: ava }, query: { block_chain: 'MONAD' }, body: null };

  it('hands the sandbox the request by the contract names, and writes its body as JSON with the required headers', () => {
    const { sandbox, calls } = fakeSandbox({ status: 200, body: { userAddress: ava, priceAsOf: null } });
    const answer = sandboxAnswer(document, operation('getUnrealizedPnl'), passed, sandbox);
    expect(calls).toEqual([
      { operationId: 'getUnrealizedPnl', path: { user_address: ava }, query: { block_chain: 'MONAD' } },
    ]);
    expect(answer).toEqual({
      status: 200,
      headers: { 'Cache-Control': 'no-store', 'content-type': 'application/json' },
      body: `{"userAddress":"${ava}","priceAsOf":null}`,
    });
  });

  it('passes a body on, keeps a problem media type, and sends no content type without a body', () => {
    const join = { pathParameters: {}, query: {}, body: { trader: ava, competitionId: 8 } };
    const problem = { type: 'urn:trading-analytics-sandbox:invite-code-required', status: 403 };
    const refused = fakeSandbox({ status: 403, body: problem, contentType: 'application/problem+json' });
    expect(sandboxAnswer(document, operation('joinCompetition'), join, refused.sandbox)).toEqual({
      status: 403,
      headers: { 'content-type': 'application/problem+json' },
      body: JSON.stringify(problem),
    });
    expect(refused.calls[0]?.body).toEqual({ trader: ava, competitionId: 8 });
    const empty = fakeSandbox({ status: 200 });
    expect(sandboxAnswer(document, operation('joinCompetition'), join, empty.sandbox)).toEqual({
      status: 200,
      headers: {},
      body: undefined,
    });
  });
});

describe('sandboxControlAnswer', () => {
  it('describes on GET and HEAD, resets then describes on DELETE, and is 405 with Allow otherwise', () => {
    const { sandbox, resets } = fakeSandbox({ status: 200 });
    expect(sandboxControlAnswer('GET', sandbox)).toEqual({
      status: 200,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
      body: '{"seed":1,"resets":0}',
    });
    expect(sandboxControlAnswer('HEAD', sandbox).status).toBe(200);
    expect(sandboxControlAnswer('DELETE', sandbox).body).toBe('{"seed":1,"resets":1}');
    expect(resets()).toBe(1);
    const refused = sandboxControlAnswer('POST', sandbox);
    expect(refused.status).toBe(405);
    expect(refused.headers.allow).toBe('GET, HEAD, DELETE');
    expect(resets()).toBe(1);
  });

  it('says to start with --sandbox when there is none', () => {
    const answer = sandboxControlAnswer('GET', undefined);
    expect(answer.status).toBe(409);
    expect(JSON.parse(answer.body ?? '{}')).toMatchObject({
      type: 'urn:trading-analytics-mock:sandbox-off',
      detail: expect.stringContaining('start it with --sandbox'),
    });
  });
});

describe('schemaRefusal', () => {
  it('builds one pair of validators per document', () => {
    expect(requestValidators(document)).toBe(requestValidators(document));
  });

  it('passes what the schemas keep, and refuses the rest with the reasons', () => {
    const leaderboard = operation('listLeaderboard');
    expect(schemaRefusal(document, leaderboard, { pathParameters: {}, query: { page: '2' }, body: null })).toBe(
      undefined,
    );
    const refused = schemaRefusal(document, leaderboard, {
      pathParameters: {},
      query: { timeframe: 'FOREVER' },
      body: null,
    });
    expect(refused?.answer.status).toBe(400);
    expect(refused?.violations[0]?.location).toEqual(['request', 'query', 'timeframe']);
  });
});

describe('selectsCase', () => {
  it('is true for a preferred status or example only', () => {
    expect(selectsCase({})).toBe(false);
    expect(selectsCase({ code: 503 })).toBe(true);
    expect(selectsCase({ exampleKey: 'emptyAccount' })).toBe(true);
  });
});
