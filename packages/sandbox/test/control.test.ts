// The control surface as data (`sandbox.control`, what the mock and MSW serve at /__sandbox and below), the
// named worlds it acts on (issue 29, item 3) and the faults (item 4): every control answers its documented
// shape, every bad input is a 4xx problem+json naming the field and changes nothing (item 7), each world keeps
// its own clock, joins, trades and faults, and the least recently used beyond MAX_WORLDS are forgotten; the
// writes one world and all of them keep are bounded.
import { describe, expect, it } from 'vitest';
import { createSandbox, MAX_WORLDS, type Sandbox, SandboxInputError, type SandboxWorld } from '../src/index.js';
import { MAX_SANDBOX_WRITES, MAX_TRADES_LISTED, MAX_WORLD_WRITES } from '../src/limits.js';
import { ask, BTC, DEE, ETH, ok } from './support/world.js';

const json = (value: unknown): string => JSON.stringify(value);
const control = (sandbox: Sandbox, method: string, path: string, body?: unknown, world?: string) =>
  sandbox.control({
    method,
    path,
    bodyText: body === undefined ? undefined : typeof body === 'string' ? body : json(body),
    world,
  });
const trade = { trader: DEE, pairBase: BTC, isLong: true, leverage: 5, margin: '200000000' };

describe('the control surface', () => {
  it('describes and resets a world, and answers 405 with Allow for another method', () => {
    const sandbox = createSandbox();
    expect(control(sandbox, 'GET', '')).toMatchObject({ status: 200, body: { world: 'default', now: sandbox.now } });
    control(sandbox, 'POST', '/clock', { advance: 'P1D' });
    expect(control(sandbox, 'DELETE', '')).toMatchObject({ status: 200, body: { now: '2026-11-21T12:00:00Z' } });
    expect(control(sandbox, 'PUT', '')).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD, DELETE' } });
    expect(control(sandbox, 'GET', '/nope')).toMatchObject({
      status: 404,
      contentType: 'application/problem+json',
      body: { type: 'urn:trading-analytics-sandbox:unknown-control' },
    });
  });

  it('moves the clock and answers with the description at the new now', () => {
    const sandbox = createSandbox();
    expect(control(sandbox, 'POST', '/clock', { advance: 'PT90M' })).toMatchObject({
      status: 200,
      body: { now: '2026-11-21T13:30:00Z', start: '2026-11-21T12:00:00Z' },
    });
    expect(control(sandbox, 'POST', '/clock', { now: '2026-12-01T00:00:00Z' }).body).toMatchObject({
      now: '2026-12-01T00:00:00Z',
    });
    expect(control(sandbox, 'GET', '/clock').body).toEqual({
      start: '2026-11-21T12:00:00Z',
      now: '2026-12-01T00:00:00Z',
      live: false,
      rate: 0,
    });
  });

  it('opens, lists and closes a trade', () => {
    const sandbox = createSandbox();
    const opened = control(sandbox, 'POST', '/positions', trade);
    expect(opened).toMatchObject({ status: 201, body: { status: 'OPEN', margin: '200000000' } });
    const hash = (opened.body as { positionHash: string }).positionHash;
    expect(control(sandbox, 'GET', '/positions').body).toEqual({
      count: 1,
      trades: [{ trader: DEE, position: opened.body }],
    });
    control(sandbox, 'POST', '/clock', { advance: 'PT1M' });
    expect(control(sandbox, 'POST', `/positions/${hash}/close`)).toMatchObject({
      status: 200,
      body: { status: 'CLOSED' },
    });
    expect(control(sandbox, 'POST', `/positions/${hash}/close`)).toMatchObject({
      status: 409,
      body: { field: 'positionHash' },
    });
    expect(control(sandbox, 'GET', `/positions/${hash}/close`)).toMatchObject({
      status: 405,
      headers: { allow: 'POST' },
    });
  });

  const bad: [string, string, string, unknown, number, string][] = [
    ['no body', 'POST', '/clock', undefined, 400, 'body'],
    ['a body that is not JSON', 'POST', '/clock', '{"advance":', 400, 'body'],
    ['a body that is not an object', 'POST', '/clock', '["PT1H"]', 400, 'body'],
    ['neither advance nor now', 'POST', '/clock', {}, 400, 'body'],
    ['both advance and now', 'POST', '/clock', { advance: 'PT1H', now: '2027-01-01T00:00:00Z' }, 400, 'advance'],
    ['a malformed duration', 'POST', '/clock', { advance: 'one hour' }, 400, 'advance'],
    ['a duration that is a number', 'POST', '/clock', { advance: 3600 }, 400, 'advance'],
    ['a malformed instant', 'POST', '/clock', { now: '2026-13-01T00:00:00Z' }, 400, 'now'],
    ['an instant before now', 'POST', '/clock', { now: '2026-01-01T00:00:00Z' }, 409, 'now'],
    ['an unknown clock field', 'POST', '/clock', { advance: 'PT1H', rate: 2 }, 400, 'rate'],
    ['a trade without a trader', 'POST', '/positions', { ...trade, trader: undefined }, 400, 'trader'],
    [
      'an unknown operation',
      'POST',
      '/faults',
      { errors: [{ operationId: 'getEverything', status: 500 }] },
      400,
      'errors[0].operationId',
    ],
    [
      'an undocumented status',
      'POST',
      '/faults',
      { errors: [{ operationId: 'listLeaderboard', status: 500 }] },
      400,
      'errors[0].status',
    ],
    [
      'a status that is no error',
      'POST',
      '/faults',
      { errors: [{ operationId: 'getUnrealizedPnl', status: 200 }] },
      400,
      'errors[0].status',
    ],
    [
      'a rate over 1',
      'POST',
      '/faults',
      { errors: [{ operationId: 'getUnrealizedPnl', status: 503, rate: 1.5 }] },
      400,
      'errors[0].rate',
    ],
    [
      'a status and a reset',
      'POST',
      '/faults',
      { errors: [{ operationId: 'listPairs', status: 503, reset: true }] },
      400,
      'errors[0].reset',
    ],
    [
      'the same operation twice',
      'POST',
      '/faults',
      {
        errors: [
          { operationId: 'listPairs', reset: true },
          { operationId: 'listPairs', reset: true },
        ],
      },
      400,
      'errors[1].operationId',
    ],
    ['a latency below its minimum', 'POST', '/faults', { latencyMs: { min: 500, max: 100 } }, 400, 'latencyMs.max'],
    ['a latency over 30 s', 'POST', '/faults', { latencyMs: { min: 0, max: 60_000 } }, 400, 'latencyMs.max'],
    ['an unknown fault field', 'POST', '/faults', { latency: 100 }, 400, 'latency'],
  ];
  it.each(bad)(
    'refuses %s with %s %s: %i naming %s, and changes nothing',
    (_name, method, path, body, status, field) => {
      const sandbox = createSandbox();
      control(sandbox, 'POST', '/faults', { latencyMs: { min: 1, max: 2 } });
      const before = [json(control(sandbox, 'GET', '')), json(control(sandbox, 'GET', '/faults'))];
      const answer = control(sandbox, method, path, body);
      expect(answer).toMatchObject({ status, contentType: 'application/problem+json', body: { status, field } });
      expect((answer.body as { detail: string }).detail).toMatch(/\w/);
      expect([json(control(sandbox, 'GET', '')), json(control(sandbox, 'GET', '/faults'))]).toEqual(before);
    },
  );
});

describe('named worlds', () => {
  it('each keeps its own clock, joins, trades and faults; the default world is untouched', () => {
    const sandbox = createSandbox();
    const a = sandbox.world('test-a');
    const b = sandbox.world('Test_B');
    expect(a.describe()).toMatchObject({ world: 'test-a', now: sandbox.now });
    a.advance('P2D');
    a.openPosition(trade);
    a.setFaults({ errors: [{ operationId: 'listPairs', reset: true }] });
    expect(ask(b as Sandbox, 'joinCompetition', {}, {}, { trader: DEE, competitionId: 7 }).status).toBe(200);
    expect(a.now).toBe('2026-11-23T12:00:00Z');
    expect([b.now, sandbox.now]).toEqual(['2026-11-21T12:00:00Z', '2026-11-21T12:00:00Z']);
    expect(ok(ask(a as Sandbox, 'listPositions', {}, { userAddress: DEE })).totalElements).toBe(1);
    expect(ok(ask(sandbox, 'listPositions', {}, { userAddress: DEE })).totalElements).toBe(0);
    expect(b.describe().counts).toMatchObject({ joinsSinceStart: 1, tradesSinceStart: 0 });
    expect(sandbox.describe().counts).toMatchObject({ joinsSinceStart: 0, tradesSinceStart: 0 });
    expect(sandbox.world('test-a').faults().errors).toHaveLength(1);
    expect(sandbox.faults().errors).toHaveLength(0);
    // The control acts on the world its request names.
    expect(control(sandbox, 'GET', '/clock', undefined, 'test-a').body).toMatchObject({ now: '2026-11-23T12:00:00Z' });
    expect(sandbox.world('default').now).toBe(sandbox.now);
  });

  it.each([[''], ['a'.repeat(65)], ['with space'], ['../etc'], ['ünïcode']])(
    'refuses the name %j naming X-Sandbox-World',
    (name) => {
      const sandbox = createSandbox();
      expect(() => sandbox.world(name)).toThrow(SandboxInputError);
      expect(control(sandbox, 'GET', '', undefined, name)).toMatchObject({
        status: 400,
        body: { field: 'X-Sandbox-World' },
      });
    },
  );

  it(`forgets the least recently used beyond ${MAX_WORLDS}`, () => {
    const sandbox = createSandbox();
    sandbox.world('kept').advance('P1D');
    sandbox.world('forgotten').advance('P1D');
    for (let count = 0; count < MAX_WORLDS - 1; count += 1) {
      sandbox.world(`w${count}`);
      if (count % 100 === 0) sandbox.world('kept');
    }
    expect(sandbox.world('kept').now).toBe('2026-11-22T12:00:00Z');
    expect(sandbox.world('forgotten').now).toBe('2026-11-21T12:00:00Z');
  });
});

describe('the writes a sandbox keeps', () => {
  /** `count` joins of distinct addresses to competition 7, from `from` on. */
  const join = (world: SandboxWorld, count: number, from = 0) => {
    for (let at = from; at < from + count; at += 1) {
      const trader = `0x${(at + 1).toString(16).padStart(40, '0')}`;
      const answer = world.answer({
        operationId: 'joinCompetition',
        path: {},
        query: {},
        body: { trader, competitionId: 7 },
      });
      if (answer.status !== 200) throw new Error(`join ${at}: ${JSON.stringify(answer.body)}`);
    }
  };

  it(`refuses a write past ${MAX_WORLD_WRITES} in one world with 409 world-full, changing nothing, until reset`, () => {
    const sandbox = createSandbox();
    const full = sandbox.world('full');
    join(full, MAX_WORLD_WRITES);
    const before = full.describe();
    const joined = full.answer({
      operationId: 'joinCompetition',
      path: {},
      query: {},
      body: { trader: DEE, competitionId: 7 },
    });
    expect(joined).toMatchObject({ status: 409, body: { type: 'urn:trading-analytics-sandbox:world-full' } });
    expect(() => full.openPosition(trade)).toThrow(expect.objectContaining({ status: 409, kind: 'world-full' }));
    expect(control(sandbox, 'POST', '/positions', JSON.stringify(trade), 'full')).toMatchObject({
      status: 409,
      body: { type: 'urn:trading-analytics-sandbox:world-full', detail: expect.stringMatching(/DELETE \/__sandbox/) },
    });
    expect(full.describe()).toEqual(before);
    // Other worlds still write, and the full one does once reset.
    expect(sandbox.openPosition(trade)).toMatchObject({ status: 'OPEN' });
    full.reset();
    expect(full.openPosition(trade)).toMatchObject({ status: 'OPEN' });
  });

  it(`lists the latest ${MAX_TRADES_LISTED} trades made, with the count of all, so the answer stays small`, () => {
    const sandbox = createSandbox();
    const made = Array.from({ length: MAX_TRADES_LISTED + 44 }, (_, at) =>
      sandbox.openPosition({ ...trade, trader: `0x${(at + 1).toString(16).padStart(40, '0')}` }),
    );
    const listed = control(sandbox, 'GET', '/positions').body as { count: number; trades: { position: unknown }[] };
    expect(listed.count).toBe(made.length);
    expect(listed.trades.map((one) => one.position)).toEqual(made.slice(-MAX_TRADES_LISTED));
  });

  it(`forgets the least recently used named worlds once all keep more than ${MAX_SANDBOX_WRITES} writes`, () => {
    const sandbox = createSandbox();
    join(sandbox.world('older'), MAX_SANDBOX_WRITES / 2);
    join(sandbox.world('newer'), MAX_SANDBOX_WRITES / 2 - 1, MAX_SANDBOX_WRITES);
    sandbox.world('older').advance('P1D');
    // 'newer' is now the least recently used: the default world's two writes take the sandbox past the cap.
    sandbox.openPosition(trade);
    expect(sandbox.world('older').describe().counts.joinsSinceStart).toBe(MAX_SANDBOX_WRITES / 2);
    sandbox.openPosition({ ...trade, pairBase: ETH });
    expect(sandbox.world('newer').describe().counts.joinsSinceStart).toBe(0);
    expect(sandbox.world('older').now).toBe('2026-11-22T12:00:00Z');
    expect(sandbox.describe().counts.tradesSinceStart).toBe(2);
  });
});

describe('faults', () => {
  it('adds seeded latency and answers each operation its fault, the same way in two sandboxes', () => {
    const decide = (sandbox: Sandbox) => {
      sandbox.setFaults({
        latencyMs: { min: 10, max: 50 },
        errors: [
          { operationId: 'getUnrealizedPnl', status: 503, rate: 0.5 },
          { operationId: 'listLeaderboard', status: 500, outsideContract: true },
          { operationId: 'listPairs', reset: true },
        ],
      });
      return Array.from({ length: 60 }, (_, at) =>
        sandbox.fault(['getUnrealizedPnl', 'listLeaderboard', 'listPairs', 'getMyRank'][at % 4] as string),
      );
    };
    const decisions = decide(createSandbox());
    expect(decide(createSandbox())).toEqual(decisions);
    for (const decision of decisions) {
      expect(decision.delayMs).toBeGreaterThanOrEqual(10);
      expect(decision.delayMs).toBeLessThanOrEqual(50);
      expect(decision.kinds[0]).toBe('latency');
    }
    const pnl = decisions.filter((_, at) => at % 4 === 0);
    const hit = pnl.filter((decision) => decision.outcome.kind === 'status');
    expect(hit.length).toBeGreaterThan(2);
    expect(hit.length).toBeLessThan(13);
    expect(hit[0]).toMatchObject({ outcome: { status: 503, documented: true }, kinds: ['latency', 'status'] });
    expect(decisions[1]).toMatchObject({
      outcome: {
        kind: 'status',
        documented: false,
        answer: {
          status: 500,
          contentType: 'application/problem+json',
          body: { type: 'urn:trading-analytics-sandbox:injected-fault' },
        },
      },
      kinds: ['latency', 'outside-contract'],
    });
    expect(decisions[2]).toMatchObject({ outcome: { kind: 'reset' }, kinds: ['latency', 'reset'] });
    expect(decisions[3]).toMatchObject({ outcome: { kind: 'answer' }, kinds: ['latency'] });
  });

  it('is cleared by clearFaults and by reset', () => {
    const sandbox = createSandbox();
    sandbox.setFaults({ errors: [{ operationId: 'listPairs', reset: true }] });
    expect(sandbox.clearFaults()).toEqual({ latencyMs: null, errors: [] });
    expect(sandbox.fault('listPairs')).toEqual({ delayMs: 0, outcome: { kind: 'answer' }, kinds: [] });
    sandbox.setFaults({ latencyMs: { min: 5, max: 5 } });
    sandbox.reset();
    expect(sandbox.describe().faults).toEqual({ latencyMs: null, errors: [] });
  });
});
