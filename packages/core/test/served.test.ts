// A sandbox served over HTTP, as the mock and the MSW handlers serve it: the headers the contract requires,
// the world a request names, the sandbox's answer as an Answer, the faults' plan, the control surface at
// /__sandbox and below, and the schema refusal on one pair of validators.
import { describe, expect, it } from 'vitest';
import {
  type ContractOperation,
  createContract,
  faultPlan,
  isSandboxControl,
  requestValidators,
  requiredHeaders,
  type ServedSandbox,
  sandboxAnswer,
  sandboxControlAnswer,
  schemaRefusal,
  selectsCase,
  selectWorld,
} from '../src/index.js';
import type { SandboxCall, SandboxFault, SandboxReply, ServedWorld } from '../src/served.js';
import { document } from './support/bundle.js';

const contract = createContract(document);
const operation = (operationId: string) => contract.operation(operationId) as ContractOperation;
const ava = '0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b';

/** A world that answers what it is told and records what it was asked. */
function fakeSandbox(answer: SandboxReply, fault?: SandboxFault) {
  const calls: SandboxCall[] = [];
  const controls: unknown[] = [];
  const sandbox: ServedWorld = {
    answer(call) {
      calls.push(call);
      return answer;
    },
    fault: () => fault ?? { delayMs: 0, outcome: { kind: 'answer' }, kinds: [] },
  };
  const served: ServedSandbox = {
    selectWorld: (name) =>
      name === 'bad name'
        ? { refused: { status: 400, body: { field: 'X-Sandbox-World' }, contentType: 'application/problem+json' } }
        : { world: sandbox },
    control(request) {
      controls.push(request);
      return request.path === '/nope'
        ? { status: 405, body: { type: 'urn:x' }, contentType: 'application/problem+json', headers: { allow: 'GET' } }
        : { status: 200, body: { seed: 1 } };
    },
  };
  return { sandbox, served, calls, controls };
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

describe('the world a request names', () => {
  it('hands the header over, one sent twice joined, and answers the refusal of a bad name', () => {
    const { served, sandbox } = fakeSandbox({ status: 200 });
    expect(selectWorld(served, undefined)).toEqual({ world: sandbox });
    expect(selectWorld(served, ['bad', 'name'])).toEqual({ world: sandbox });
    const refused = selectWorld(served, 'bad name');
    expect(refused).toEqual({
      refused: {
        status: 400,
        headers: { 'content-type': 'application/problem+json' },
        body: '{"field":"X-Sandbox-World"}',
      },
    });
  });
});

describe('faultPlan', () => {
  const plan = (fault: SandboxFault) => faultPlan(fakeSandbox({ status: 200 }, fault).sandbox, 'getUnrealizedPnl');

  it('names the kinds in X-Sandbox-Fault and says what comes after the delay', () => {
    expect(plan({ delayMs: 0, outcome: { kind: 'answer' }, kinds: [] })).toEqual({
      delayMs: 0,
      header: undefined,
      next: { kind: 'answer' },
    });
    expect(plan({ delayMs: 40, outcome: { kind: 'reset' }, kinds: ['latency', 'reset'] })).toMatchObject({
      delayMs: 40,
      header: 'latency, reset',
      next: { kind: 'reset' },
    });
    expect(
      plan({ delayMs: 0, outcome: { kind: 'status', status: 503, documented: true }, kinds: ['status'] }),
    ).toMatchObject({ header: 'status', next: { kind: 'case', code: 503 } });
    const outside = plan({
      delayMs: 0,
      outcome: {
        kind: 'status',
        status: 500,
        documented: false,
        answer: { status: 500, body: { title: 'Injected fault' }, contentType: 'application/problem+json' },
      },
      kinds: ['outside-contract'],
    });
    expect(outside).toEqual({
      delayMs: 0,
      header: 'outside-contract',
      next: {
        kind: 'refusal',
        answer: {
          status: 500,
          headers: { 'content-type': 'application/problem+json' },
          body: '{"title":"Injected fault"}',
        },
      },
    });
  });
});

describe('sandboxControlAnswer', () => {
  it('is /__sandbox and every path below it, and nothing else', () => {
    expect(['/__sandbox', '/__sandbox/clock', '/__sandbox/positions/0x1/close'].map(isSandboxControl)).toEqual([
      true,
      true,
      true,
    ]);
    expect(['/__sandboxes', '/__scenarios', '/v1/__sandbox'].map(isSandboxControl)).toEqual([false, false, false]);
  });

  it('hands the sandbox the path below /__sandbox, the body and the world, and answers its reply, never stored', () => {
    const { served, controls } = fakeSandbox({ status: 200 });
    const answer = sandboxControlAnswer(
      { method: 'POST', path: '/__sandbox/clock', bodyText: '{"advance":"PT1H"}', world: 'team-a' },
      served,
    );
    expect(controls).toEqual([{ method: 'POST', path: '/clock', bodyText: '{"advance":"PT1H"}', world: 'team-a' }]);
    expect(answer).toEqual({
      status: 200,
      headers: { 'cache-control': 'no-store', 'content-type': 'application/json' },
      body: '{"seed":1}',
    });
    const refused = sandboxControlAnswer({ method: 'GET', path: '/__sandbox/nope' }, served);
    expect(refused).toMatchObject({
      status: 405,
      headers: { allow: 'GET', 'content-type': 'application/problem+json' },
    });
    expect(controls[1]).toEqual({ method: 'GET', path: '/nope' });
  });

  it('says to start with --sandbox when there is none', () => {
    const answer = sandboxControlAnswer({ method: 'POST', path: '/__sandbox/clock' }, undefined);
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
