// `@trading-analytics/client/sandbox` against the mock started with a sandbox: an app drives the clock, its
// trades and faults through typed calls, in a world of its own whose headers the typed client sends, and a
// refusal comes back as an ApiError carrying the problem that names the field.
import { describe, expect, inject, it } from 'vitest';
import { ApiError, createClient, unwrap } from '../src/index.js';
import { createSandboxControl } from '../src/sandbox.js';

const dee = '0x52d0e3b1a4c9f87e6d5c4b3a291807f6e5d4c3b2';
const ava = '0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b';
// The run's shared mock with a sandbox (the global setup's): this file drives worlds of its own and only reads
// the default one.
const mock = { url: inject('sandboxMockUrl') };

describe('createSandboxControl', () => {
  it('moves the clock, trades and injects faults in its world, which the typed client reads', async () => {
    const control = createSandboxControl({ baseUrl: mock.url, world: 'client-app' });
    const client = createClient({ baseUrl: mock.url, headers: control.headers, retry: false });
    const described = await control.describe();
    expect(described).toMatchObject({ world: 'client-app', now: '2026-11-21T12:00:00Z' });
    const btc = described.cast.markets.find((market) => market.pairName === 'BTC/USD')?.base as string;

    expect((await control.advance('PT2H')).now).toBe('2026-11-21T14:00:00Z');
    expect(await control.clock()).toEqual({
      start: '2026-11-21T12:00:00Z',
      now: '2026-11-21T14:00:00Z',
      live: false,
      rate: 0,
    });
    const opened = await control.openPosition({
      trader: dee,
      pairBase: btc,
      isLong: true,
      leverage: 5,
      margin: '40000000',
    });
    expect(opened).toMatchObject({ status: 'OPEN', margin: '40000000' });
    const listed = unwrap(
      await client.GET('/v1/user/{userAddress}/positions', { params: { path: { userAddress: dee } } }),
    );
    expect(listed.content).toEqual([opened]);
    expect(await control.trades()).toEqual([{ trader: dee, position: opened }]);
    await control.setNow('2026-11-21T15:00:00Z');
    expect(await control.closePosition(opened.positionHash)).toMatchObject({ status: 'CLOSED' });

    expect(await control.setFaults({ errors: [{ operationId: 'getUnrealizedPnl', status: 503 }] })).toMatchObject({
      errors: [{ operationId: 'getUnrealizedPnl', status: 503 }],
    });
    const pnl = await client.GET('/v1/portfolio/{user_address}/unrealized-pnl', {
      params: { path: { user_address: ava } },
    });
    expect(pnl.response.status).toBe(503);
    expect(pnl.response.headers.get('x-sandbox-fault')).toBe('status');
    expect(await control.clearFaults()).toEqual({ latencyMs: null, errors: [] });
    expect((await control.faults()).errors).toEqual([]);

    // Another world, and the default one, saw none of it.
    expect((await createSandboxControl({ baseUrl: mock.url }).describe()).counts.tradesSinceStart).toBe(0);
    expect((await control.reset()).now).toBe('2026-11-21T12:00:00Z');
  });

  it('rejects a refusal with an ApiError holding the problem, which names the field', async () => {
    const control = createSandboxControl({ baseUrl: mock.url, world: 'client-refusals' });
    const refused = await control.advance('tomorrow').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 400, body: { field: 'advance', type: expect.stringMatching(/^urn:/) } });
    const closed = await control.closePosition(`0x${'0'.repeat(64)}`).catch((error: unknown) => error);
    expect(closed).toMatchObject({ status: 404, body: { field: 'positionHash' } });
  });

  it('refuses options it cannot use with a TypeError quoting them', () => {
    expect(() => createSandboxControl({ baseUrl: 'localhost:4010' })).toThrow(TypeError);
    expect(() => createSandboxControl({ baseUrl: mock.url, world: 'two words' })).toThrow(/world must be/);
    expect(() => createSandboxControl({ baseUrl: mock.url, timeoutMs: 0 })).toThrow(/timeoutMs/);
  });

  it.each([
    ['an HTML page', 'text/html', '<html>proxy</html>'],
    ['JSON that does not parse', 'application/json', '{"now": '],
    ['an empty body', 'application/json', ''],
  ])('rejects a success with %s as an ApiError naming the media type, never a value', async (_what, type, body) => {
    const answering = async () => new Response(body, { status: 200, headers: { 'content-type': type } });
    const control = createSandboxControl({ baseUrl: 'http://127.0.0.1:9', fetch: answering });
    const refused = await control.describe().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 200, message: expect.stringContaining(type) });
  });

  it('gives up on a control that does not answer in time', async () => {
    // A fetch that answers nothing, as a stalled server: it only ever ends by its signal.
    const never = (request: Request) =>
      new Promise<Response>((_resolve, reject) =>
        request.signal.addEventListener('abort', () => reject(request.signal.reason)),
      );
    const control = createSandboxControl({ baseUrl: 'http://127.0.0.1:9', fetch: never, timeoutMs: 50 });
    await expect(control.describe()).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
