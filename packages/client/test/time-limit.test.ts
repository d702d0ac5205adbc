// timeoutMs against servers that never answer, or stop halfway, while the garbage collector runs: the
// limit has to fire on time (within 1.5x its value) however often memory is collected. On Node 20 a limit
// built on AbortSignal.timeout() stayed pending for good after one collection.
import { getEventListeners } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { outputOf } from '../../../test/support/commands.js';
import { type HostileServer, startHostileServer } from '../../../test/support/hostile-server.js';
import { createClient, type RetryOptions } from '../src/index.js';
import { scriptedFetch } from './support/scripted-fetch.js';

const scenario = fileURLToPath(new URL('./support/call-under-gc.mjs', import.meta.url));
// Small enough for a quick test, large enough that a collection pausing the child (tens of ms on a busy
// machine) does not by itself take the call past 1.5x.
const timeoutMs = 500;

let server: HostileServer | undefined;

afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
  server = undefined;
});

/**
 * One call of the built client to `baseUrl`, made in a child process that collects garbage every 25 ms
 * (support/call-under-gc.mjs); resolves with how it ended ('TimeoutError', 'answered', or 'pending' after
 * 3 s) and how long it took.
 */
async function callUnderGarbageCollection(baseUrl: string, retry: RetryOptions | false = false) {
  const stdout = await outputOf(
    process.execPath,
    ['--expose-gc', scenario, JSON.stringify({ baseUrl, timeoutMs, retry, giveUpMs: 3000 })],
    { timeoutMs: 20_000 },
  );
  return JSON.parse(stdout) as { outcome: string; elapsedMs: number; longestGcMs: number };
}

describe('timeoutMs under garbage collection', () => {
  it('ends a call to a server that never answers, within 1.5x the limit', async () => {
    server = await startHostileServer(() => {});
    const { outcome, elapsedMs } = await callUnderGarbageCollection(server.url);
    expect(outcome).toBe('TimeoutError');
    expect(elapsedMs).toBeGreaterThanOrEqual(timeoutMs - 1);
    expect(elapsedMs).toBeLessThan(timeoutMs * 1.5);
  });

  it('ends a call whose body stops halfway, within 1.5x the limit', async () => {
    server = await startHostileServer((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"positionCount":');
    });
    const { outcome, elapsedMs } = await callUnderGarbageCollection(server.url);
    expect(outcome).toBe('TimeoutError');
    expect(elapsedMs).toBeLessThan(timeoutMs * 1.5);
  });

  it('ends a read that keeps getting 503, backoff waits included, within 1.5x the limit', async () => {
    server = await startHostileServer((response) => void response.writeHead(503).end());
    const { outcome, elapsedMs } = await callUnderGarbageCollection(server.url, { attempts: 10, baseDelayMs: 100 });
    expect(outcome).toBe('TimeoutError');
    expect(elapsedMs).toBeLessThan(timeoutMs * 1.5);
    expect(server.received.filter((request) => request.url.startsWith('/v1/')).length).toBeGreaterThan(1);
  });
});

describe('timeoutMs values', () => {
  it.each([0, -5, 1.5, Number.NaN, -Infinity, 2 ** 31, 2 ** 31 + 1, 1e12])(
    'refuses %s: a timer cannot hold it',
    (value) => {
      expect(() => createClient({ baseUrl: 'http://service.test', timeoutMs: value })).toThrow(
        new TypeError(`timeoutMs must be an integer from 1 to 2147483647, or Infinity: ${value}`),
      );
    },
  );

  it('takes 2^31-1 ms as it is: a call answered after 100 ms is not cut short', async () => {
    server = await startHostileServer((response) => {
      setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'), 100);
    });
    for (const value of [2 ** 31 - 1, Infinity]) {
      const client = createClient({ baseUrl: server.url, timeoutMs: value, retry: false });
      expect((await client.GET('/v1/sstk/apy')).data).toEqual({ ok: true });
    }
  });

  it('takes 1 ms', async () => {
    const { fetch } = scriptedFetch(['hang']);
    const client = createClient({ baseUrl: 'http://service.test', fetch, timeoutMs: 1 });
    await expect(client.GET('/v1/sstk/apy')).rejects.toMatchObject({
      name: 'TimeoutError',
      message: 'No answer within 1 ms',
    });
  });
});

describe('the time limit leaves nothing behind', () => {
  it('clears its timer and lets go of the caller signal when a call ends, however it ends', async () => {
    vi.useFakeTimers();
    const { fetch } = scriptedFetch([200, new TypeError('reset'), 'hang']);
    const client = createClient({ baseUrl: 'http://service.test', fetch, timeoutMs: 60_000, retry: false });
    const controller = new AbortController();

    await client.GET('/v1/sstk/apy', { signal: controller.signal });
    await expect(client.GET('/v1/sstk/apy', { signal: controller.signal })).rejects.toThrow('reset');
    const left = client.GET('/v1/sstk/apy', { signal: controller.signal });
    await vi.waitFor(() => expect(getEventListeners(controller.signal, 'abort')).not.toHaveLength(0));
    controller.abort(new Error('left the page'));
    await expect(left).rejects.toThrow('left the page');

    expect(vi.getTimerCount()).toBe(0);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('ends at once with the reason of a caller signal that was aborted before the call', async () => {
    server = await startHostileServer(
      (response) => void response.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
    );
    const client = createClient({ baseUrl: server.url, timeoutMs: 60_000 });
    await expect(client.GET('/v1/sstk/apy', { signal: AbortSignal.abort(new Error('too late')) })).rejects.toThrow(
      'too late',
    );
    expect(server.received).toHaveLength(0);
  });

  it('times the request(method, url, init) form too', async () => {
    const { fetch } = scriptedFetch(['hang']);
    const client = createClient({ baseUrl: 'http://service.test', fetch, timeoutMs: 20 });
    await expect(client.request('get', '/v1/sstk/apy')).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
