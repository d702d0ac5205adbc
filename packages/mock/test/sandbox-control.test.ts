// The sandbox's control surface over HTTP (issue 29): the clock moves the world (`POST /__sandbox/clock`),
// trades open and close (`/__sandbox/positions`), `X-Sandbox-World` gives each test a world of its own, faults
// add latency, answer an error status (the contract's own case, or a problem outside it) or drop the
// connection, each named in `X-Sandbox-Fault`; bad input is a 4xx naming the field and changes nothing; and
// `--now wall` and `--clock live` start the world at the machine's time and let it follow the wall clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMock } from '../src/index.js';
import { pairBases, traders } from './support/cast';

const { ava, dee } = traders;
const json = { 'content-type': 'application/json' };
let mock: MockServer;

beforeAll(async () => {
  mock = await startMock({ port: 0, sandbox: { seed: 8 } });
});
afterAll(() => mock?.close());

/** A request to the mock, in a world when one is named. */
async function call(method: string, path: string, body?: unknown, world?: string) {
  const headers: Record<string, string> = {
    ...(body === undefined ? {} : json),
    ...(world ? { 'x-sandbox-world': world } : {}),
  };
  const response = await fetch(`${mock.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
}

describe('the clock', () => {
  it('moves the world and answers with its description at the new now', async () => {
    const world = 'clock-test';
    const moved = await call('POST', '/__sandbox/clock', { advance: 'P1DT2H' }, world);
    expect(moved).toMatchObject({ status: 200, body: { world, now: '2026-11-22T14:00:00Z' } });
    expect(moved.headers.get('cache-control')).toBe('no-store');
    const pnl = await call('GET', `/v1/portfolio/${ava}/unrealized-pnl`, undefined, world);
    expect(pnl.body.blockTimestamp).toBe(Date.parse('2026-11-22T14:00:00Z') / 1000 - 2);
    // The default world did not move.
    expect((await call('GET', '/__sandbox')).body.now).toBe('2026-11-21T12:00:00Z');
  });
});

describe('trades', () => {
  it('open at now with 201, show in the aggregates, and close with 200', async () => {
    const world = 'trade-test';
    const opened = await call(
      'POST',
      '/__sandbox/positions',
      { trader: dee, pairBase: pairBases.eth, isLong: false, leverage: 5, margin: '250000000' },
      world,
    );
    expect(opened).toMatchObject({ status: 201, body: { status: 'OPEN', margin: '250000000', isLong: false } });
    const positions = await call('GET', `/v1/user/${dee}/positions`, undefined, world);
    expect(positions.body.content).toEqual([opened.body]);
    expect((await call('GET', `/v1/user/${dee}/positions`)).body.content).toEqual([]);
    await call('POST', '/__sandbox/clock', { advance: 'PT5M' }, world);
    const closed = await call('POST', `/__sandbox/positions/${opened.body.positionHash}/close`, undefined, world);
    expect(closed).toMatchObject({ status: 200, body: { status: 'CLOSED' } });
    const twice = await call('POST', `/__sandbox/positions/${opened.body.positionHash}/close`, undefined, world);
    expect(twice).toMatchObject({ status: 409, body: { field: 'positionHash' } });
    expect(twice.headers.get('content-type')).toBe('application/problem+json');
    const portfolio = await call('GET', `/v1/portfolio/${dee}/portfolio_data`, undefined, world);
    expect(portfolio.body).toMatchObject({ gain: expect.any(Number), metrics: { positionLiveCount: 0 } });
    expect(portfolio.body.gain + portfolio.body.loss).toBe(1);
  });
});

describe('bad input to a control', () => {
  it.each([
    ['POST', '/__sandbox/clock', '{"advance": "soon"}', 400, 'advance'],
    ['POST', '/__sandbox/clock', 'not json', 400, 'body'],
    [
      'POST',
      '/__sandbox/positions',
      { trader: dee, pairBase: pairBases.btc, isLong: true, leverage: 500, margin: '1' },
      400,
      'leverage',
    ],
    ['POST', '/__sandbox/faults', { errors: [{ operationId: 'listPairs', status: 500 }] }, 400, 'errors[0].status'],
  ])('%s %s %j is %i naming %s, and changes nothing', async (method, path, body, status, field) => {
    const world = `bad-${field.replace(/[^a-z]/gi, '')}`;
    const before = await call('GET', '/__sandbox', undefined, world);
    const refused = await call(method, path, body, world);
    expect(refused).toMatchObject({ status, body: { status, field, type: expect.stringMatching(/^urn:/) } });
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(await call('GET', '/__sandbox', undefined, world)).toMatchObject({ body: before.body });
  });

  it('refuses a world name it cannot be, on an operation and on a control, naming the header', async () => {
    for (const path of ['/v1/leaderboard', '/__sandbox']) {
      const refused = await call('GET', path, undefined, 'not a name!');
      expect(refused).toMatchObject({ status: 400, body: { field: 'X-Sandbox-World' } });
    }
  });
});

describe('faults', () => {
  it('answer a documented status as the contract documents it, named in X-Sandbox-Fault, in one world only', async () => {
    const world = 'fault-status';
    const set = await call(
      'POST',
      '/__sandbox/faults',
      { errors: [{ operationId: 'getUnrealizedPnl', status: 503 }] },
      world,
    );
    expect(set).toMatchObject({
      status: 200,
      body: { errors: [{ operationId: 'getUnrealizedPnl', status: 503, rate: 1 }] },
    });
    const faulted = await call('GET', `/v1/portfolio/${ava}/unrealized-pnl`, undefined, world);
    const documented = await fetch(`${mock.url}/v1/portfolio/${ava}/unrealized-pnl`, {
      headers: { prefer: 'code=503' },
    });
    expect(faulted.status).toBe(503);
    expect(faulted.headers.get('x-sandbox-fault')).toBe('status');
    const text = await documented.text();
    expect(faulted.body).toEqual(text === '' ? undefined : JSON.parse(text));
    expect(faulted.headers.get('content-type')).toBe(documented.headers.get('content-type'));
    const elsewhere = await call('GET', `/v1/portfolio/${ava}/unrealized-pnl`);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers.get('x-sandbox-fault')).toBeNull();
    expect(await call('DELETE', '/__sandbox/faults', undefined, world)).toMatchObject({ body: { errors: [] } });
    expect((await call('GET', `/v1/portfolio/${ava}/unrealized-pnl`, undefined, world)).status).toBe(200);
  });

  it('answer a status outside the contract as a problem, and drop a connection, naming each', async () => {
    const world = 'fault-outside';
    await call(
      'POST',
      '/__sandbox/faults',
      {
        errors: [
          { operationId: 'listLeaderboard', status: 500, outsideContract: true },
          { operationId: 'listPairs', reset: true },
        ],
      },
      world,
    );
    const outside = await call('GET', '/v1/leaderboard', undefined, world);
    expect(outside).toMatchObject({
      status: 500,
      body: { type: 'urn:trading-analytics-sandbox:injected-fault', status: 500 },
    });
    expect(outside.headers.get('x-sandbox-fault')).toBe('outside-contract');
    await expect(call('GET', '/v1/pairs', undefined, world)).rejects.toThrow(TypeError);
    // The mock is still up, and the controls are not faulted.
    expect((await call('GET', '/__sandbox', undefined, world)).status).toBe(200);
  });

  it('add latency from the world seeded stream to every answer, named latency', async () => {
    const world = 'fault-latency';
    await call('POST', '/__sandbox/faults', { latencyMs: { min: 150, max: 200 } }, world);
    const started = performance.now();
    const answer = await call('GET', '/v1/pairs?size=1', undefined, world);
    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-sandbox-fault')).toBe('latency');
  });
});

describe('the clock of a started mock', () => {
  it('starts at the machine time with --now wall, and follows it with a live clock at its rate', async () => {
    const before = Math.floor(Date.now() / 1000);
    const live = await startMock({ port: 0, sandbox: { now: 'wall', clock: 'live', clockRate: 3600 } });
    try {
      const start = Date.parse(live.sandbox?.now ?? '') / 1000;
      expect(start).toBeGreaterThanOrEqual(before);
      expect(start).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
      const first = Date.parse((await (await fetch(`${live.url}/__sandbox/clock`)).json()).now) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const second = await (await fetch(`${live.url}/__sandbox/clock`)).json();
      expect(second).toMatchObject({ live: true, rate: 3600 });
      // A wall second is an hour of world time at rate 3600.
      expect(Date.parse(second.now) / 1000 - first).toBeGreaterThanOrEqual(3600);
    } finally {
      await live.close();
    }
  });
});
