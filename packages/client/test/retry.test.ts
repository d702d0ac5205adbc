// Retries of reads: 503 and network failures are retried with jittered exponential backoff, a bounded
// number of times, never for the competition join; an unresolved 503 is an error, never data.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listOperations } from '../../../test/support/contract.js';
import { ApiError, createClient, type RetryOptions, retryMiddleware, unwrap } from '../src/index.js';
import { type Step, scriptedFetch } from './support/scripted-fetch.js';

const user = '0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b';
const pairBase = '0x2b1f4e6a8c0d2f4e6a8c0d2f4e6a8c0d2f4e6a8c';
const collateral = '0x9c3b5d7f1a2e4c6b8d0f1e3a5c7b9d2f4e6a8c01';
const noWait: RetryOptions = { random: () => 0 };

function clientWith(script: Step[], retry: RetryOptions | false = noWait, timeoutMs?: number) {
  const scripted = scriptedFetch(script);
  return {
    client: createClient({ baseUrl: 'http://service.test', fetch: scripted.fetch, retry, timeoutMs }),
    sent: scripted.sent,
  };
}

const unrealizedPnl = (client: ReturnType<typeof createClient>, signal?: AbortSignal) =>
  client.GET('/v1/portfolio/{user_address}/unrealized-pnl', { params: { path: { user_address: user } }, signal });

const join = (client: ReturnType<typeof createClient>) =>
  client.POST('/v1/trading-competition/join', { body: { trader: user, competitionId: 7 } });

afterEach(() => {
  vi.useRealTimers();
});

describe('retries of reads', () => {
  it('treat the POSTs under /v1/oracle/ as reads: in the contract they are exactly the two oracle queries', () => {
    const posts = listOperations().filter((entry) => entry.method === 'post');
    expect(
      posts
        .filter((entry) => entry.path.startsWith('/v1/oracle/'))
        .map((entry) => entry.operation.operationId)
        .sort(),
    ).toEqual(['queryLatestPrices', 'queryPriceUpdates']);
    expect(posts.map((entry) => entry.path).sort()).toEqual([
      '/v1/oracle/price/pairs/latest',
      '/v1/oracle/price/updates/by-position',
      '/v1/trading-competition/join',
      '/v2/trading/submit-intent',
    ]);
  });

  it('retries a GET answered 503 until it succeeds', async () => {
    const { client, sent } = clientWith([503, 503, 200]);
    const result = await unrealizedPnl(client);
    expect(result.response.status).toBe(200);
    expect(result.data).toEqual({ ok: true });
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((request) => request.url)).size).toBe(1);
  });

  it('rejects with an ApiError 503, never data, when every attempt is 503', async () => {
    const { client, sent } = clientWith([503, 503, 503, 200], { ...noWait, attempts: 3 });
    const call = unrealizedPnl(client);
    await expect(call).rejects.toThrow(ApiError);
    await expect(call).rejects.toMatchObject({ status: 503, body: undefined });
    expect(sent).toHaveLength(3);
  });

  it('keeps the body of the final 503 on the error', async () => {
    const { client } = clientWith([{ status: 503, json: { reason: 'stale quote' } }], { ...noWait, attempts: 1 });
    await expect(unrealizedPnl(client)).rejects.toMatchObject({ status: 503, body: '{"reason":"stale quote"}' });
  });

  it('retries a network failure, and rethrows the last one when attempts run out', async () => {
    const recovered = clientWith([new TypeError('fetch failed'), 200]);
    expect((await unrealizedPnl(recovered.client)).data).toEqual({ ok: true });
    expect(recovered.sent).toHaveLength(2);

    const failing = clientWith([new TypeError('first'), new TypeError('second'), new TypeError('third')], {
      ...noWait,
      attempts: 3,
    });
    await expect(unrealizedPnl(failing.client)).rejects.toThrow('third');
    expect(failing.sent).toHaveLength(3);
  });

  it('moves from a network failure to a 503 and on, within one budget of attempts', async () => {
    const { client, sent } = clientWith([new TypeError('reset'), 503, 503, 200], { ...noWait, attempts: 3 });
    await expect(unrealizedPnl(client)).rejects.toMatchObject({ status: 503 });
    expect(sent).toHaveLength(3);
  });

  it('does not retry other failures (400, 404, 500)', async () => {
    for (const status of [400, 404, 500]) {
      const { client, sent } = clientWith([status, 200]);
      const result = await unrealizedPnl(client);
      expect(result.response.status).toBe(status);
      expect(() => unwrap(result)).toThrow(expect.objectContaining({ status }));
      expect(sent).toHaveLength(1);
    }
  });

  it.each([
    [
      '/v1/oracle/price/updates/by-position',
      { pairBase, collateral, options: { includeEncodingData: true, includeFee: true } },
    ],
    ['/v1/oracle/price/pairs/latest', { pairBases: [pairBase] }],
  ] as const)('retries the oracle query POST %s, sending the same body again', async (path, body) => {
    const { client, sent } = clientWith([503, new TypeError('reset'), 200]);
    const result = await client.POST(path, { body } as never);
    expect(result.response.status).toBe(200);
    expect(sent.map((request) => request.method)).toEqual(['POST', 'POST', 'POST']);
    expect(sent.map((request) => JSON.parse(request.body))).toEqual([body, body, body]);
    expect(sent.map((request) => request.headers.get('content-type'))).toEqual(Array(3).fill('application/json'));
  });

  it('keeps the bodies of concurrent oracle queries apart', async () => {
    const { client, sent } = clientWith([503, 503, 200, 200]);
    const bodies = [{ pairBases: [pairBase] }, { pairBases: [collateral] }];
    await Promise.all(bodies.map((body) => client.POST('/v1/oracle/price/pairs/latest', { body })));
    const sentBodies = sent.map((request) => request.body);
    expect(sentBodies.filter((text) => text === JSON.stringify(bodies[0]))).toHaveLength(2);
    expect(sentBodies.filter((text) => text === JSON.stringify(bodies[1]))).toHaveLength(2);
  });

  it('never retries the competition join, on 503 or on a network failure', async () => {
    const unavailable = clientWith([503, 200]);
    const result = await join(unavailable.client);
    expect(result.response.status).toBe(503);
    expect(() => unwrap(result)).toThrow(ApiError);
    expect(unavailable.sent).toHaveLength(1);

    const broken = clientWith([new TypeError('reset'), 200]);
    await expect(join(broken.client)).rejects.toThrow('reset');
    expect(broken.sent).toHaveLength(1);
  });

  it('never retries the gasless intent submission', async () => {
    const { client, sent } = clientWith([503, 200]);
    const result = await client.POST('/v2/trading/submit-intent', { body: { any: 'thing' } });
    expect(result.response.status).toBe(503);
    expect(sent).toHaveLength(1);
  });

  it('sends each request once with retry: false, and unwrap still refuses the 503', async () => {
    const { client, sent } = clientWith([503, 200], false);
    const result = await unrealizedPnl(client);
    expect(result.response.status).toBe(503);
    expect(result.error).toBeUndefined();
    expect(() => unwrap(result)).toThrow(expect.objectContaining({ status: 503 }));
    expect(sent).toHaveLength(1);
  });
});

describe('backoff', () => {
  it('waits a jittered share of a doubling backoff, capped at maxDelayMs', async () => {
    vi.useFakeTimers();
    const { client, sent } = clientWith([503, 503, 503, 200], {
      attempts: 4,
      baseDelayMs: 100,
      maxDelayMs: 250,
      random: () => 0.5,
    });
    const call = unrealizedPnl(client);
    // Waits: 0.5 × 100, 0.5 × 200, 0.5 × min(250, 400).
    for (const [wait, expected] of [
      [0, 1],
      [49, 1],
      [1, 2],
      [99, 2],
      [1, 3],
      [124, 3],
      [1, 4],
    ] as const) {
      await vi.advanceTimersByTimeAsync(wait);
      expect(sent).toHaveLength(expected);
    }
    expect((await call).response.status).toBe(200);
  });

  it('uses the full backoff when the jitter draws its maximum', async () => {
    vi.useFakeTimers();
    const { client, sent } = clientWith([503, 200], { baseDelayMs: 300, random: () => 0.999 });
    const call = unrealizedPnl(client);
    await vi.advanceTimersByTimeAsync(298);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2);
    expect(sent).toHaveLength(2);
    await call;
  });

  it('stops waiting and rejects with the reason when the caller aborts during a backoff', async () => {
    // The backoff is longer than the test's time limit: only the abort can end the wait in time.
    const { client, sent } = clientWith([503, 200], { baseDelayMs: 120_000, maxDelayMs: 120_000, random: () => 1 });
    const controller = new AbortController();
    const call = unrealizedPnl(client, controller.signal);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    controller.abort(new Error('left the page'));
    await expect(call).rejects.toThrow('left the page');
    expect(sent).toHaveLength(1);
  });

  it('does not retry a request the caller aborted in flight', async () => {
    const { client, sent } = clientWith(['hang', 200]);
    const controller = new AbortController();
    const call = unrealizedPnl(client, controller.signal);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(sent).toHaveLength(1);
  });
});

describe('timeoutMs', () => {
  it('ends a request that does not answer in time', async () => {
    const { client, sent } = clientWith(['hang'], noWait, 50);
    await expect(unrealizedPnl(client)).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(sent).toHaveLength(1);
  });

  it('covers the backoff too: the call ends instead of waiting for the next attempt', async () => {
    const { client, sent } = clientWith([503, 200], { baseDelayMs: 120_000, maxDelayMs: 120_000, random: () => 1 }, 50);
    await expect(unrealizedPnl(client)).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(sent).toHaveLength(1);
  });

  it('keeps a caller signal working alongside the time limit', async () => {
    const { client, sent } = clientWith(['hang'], noWait, 60_000);
    const controller = new AbortController();
    const call = unrealizedPnl(client, controller.signal);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('retryMiddleware options', () => {
  it.each([
    [{ attempts: 0 }, 'retry.attempts must be from 1 to 2147483647: 0'],
    [{ attempts: Infinity }, 'retry.attempts must be from 1 to 2147483647: Infinity'],
    [{ attempts: Number.NaN }, 'retry.attempts must be from 1 to 2147483647: NaN'],
    [{ baseDelayMs: -1 }, 'retry.baseDelayMs must be from 0 to 2147483647: -1'],
    [{ maxDelayMs: Infinity }, 'retry.maxDelayMs must be from 0 to 2147483647: Infinity'],
    [{ maxDelayMs: 2 ** 31 }, 'retry.maxDelayMs must be from 0 to 2147483647: 2147483648'],
    [{ baseDelayMs: 3e9 }, 'retry.baseDelayMs must be from 0 to 2147483647: 3000000000'],
  ] satisfies [RetryOptions, string][])('refuses %o', (options, message) => {
    expect(() => retryMiddleware(options)).toThrow(message);
    expect(() => createClient({ baseUrl: 'http://service.test', retry: options })).toThrow(message);
  });

  it('waits the longest backoff a timer can hold, 2^31-1 ms, instead of cutting it short', async () => {
    const { client, sent } = clientWith([503, 200], {
      baseDelayMs: 2 ** 31 - 1,
      maxDelayMs: 2 ** 31 - 1,
      random: () => 0.999999,
    });
    const controller = new AbortController();
    const call = unrealizedPnl(client, controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent).toHaveLength(1);
    controller.abort(new Error('done waiting'));
    await expect(call).rejects.toThrow('done waiting');
  });

  it('can be installed on a client of its own', async () => {
    const { client, sent } = clientWith([503, 200], false);
    client.use(retryMiddleware(noWait));
    expect((await unrealizedPnl(client)).response.status).toBe(200);
    expect(sent).toHaveLength(2);
  });
});
