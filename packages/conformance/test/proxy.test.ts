// The proxy between Respect and the service, on its own: what it passes on, what it refuses (never
// forwarded), what it answers its own Respect alone (the run's token, a loopback Host), and what it makes
// of the service's answers (no Location on a redirect, 504/502 for no answer or one over the cap). Requests
// are sent to it as Respect would, or as a hostile client could.
import { request as httpRequest } from 'node:http';
import { listOperations } from '@trading-analytics/core';
import { afterEach, describe, expect, it } from 'vitest';
import { loadBundle } from '../../../test/support/contract.js';
import { type FlowProxy, startProxy } from '../src/flows/flow-proxy.js';
import { flowAdmission } from '../src/flows/proxy-admission.js';
import type { Screen } from '../src/flows/proxy-screen.js';
import type { RequestSpec, Sent } from '../src/transport/http-client.js';

const operations = listOperations(loadBundle());
// A flow that reads the pairs and their latest prices, and names the join (a write).
const named = new Set(['listPairs', 'queryLatestPrices', 'joinCompetition']);

let proxy: FlowProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

/** A proxy whose service answers every request with `answer`; resolves with it and the requests forwarded. */
async function proxyAnswering(answer: Sent, allowWrites = false, screen: Screen = () => undefined) {
  const forwarded: RequestSpec[] = [];
  const forward = async (spec: RequestSpec) => {
    forwarded.push(spec);
    return answer;
  };
  proxy = await startProxy(forward, flowAdmission(operations, named, allowWrites), screen);
  return { proxy, forwarded };
}

/**
 * Sends a raw request line to the proxy, as its Respect does: the target as written (absolute or not) under
 * the proxy's own path (the run's token), unless `asIs`; resolves with the answer.
 */
function rawRequest(
  url: string,
  method: string,
  target: string,
  body?: string,
  { asIs = false, host }: { asIs?: boolean; host?: string } = {},
) {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
    const { port, pathname } = new URL(url);
    const path = asIs ? target : `${pathname}${target}`;
    const headers = host === undefined ? {} : { host };
    const sent = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

const ok: Sent = {
  kind: 'answer',
  status: 200,
  headers: new Headers({ 'content-type': 'application/json' }),
  text: '[]',
  ms: 1,
};

describe('what the proxy passes on', () => {
  it('a request for an operation the flows name, with its body', async () => {
    const { proxy, forwarded } = await proxyAnswering(ok);
    const answer = await rawRequest(proxy.url, 'POST', '/v1/oracle/price/pairs/latest?x=1', '{"pairBases":[]}');
    expect(answer).toMatchObject({ status: 200, text: '[]' });
    expect(forwarded).toEqual([
      { method: 'POST', target: '/v1/oracle/price/pairs/latest?x=1', rawBody: '{"pairBases":[]}' },
    ]);
    expect(proxy.requests).toEqual([{ method: 'POST', target: '/v1/oracle/price/pairs/latest?x=1', handed: '[]' }]);
  });

  it('the join only with --allow-writes', async () => {
    const { proxy, forwarded } = await proxyAnswering(ok, true);
    expect((await rawRequest(proxy.url, 'POST', '/v1/trading-competition/join', '{}')).status).toBe(200);
    expect(forwarded).toHaveLength(1);
  });
});

describe('what the proxy refuses, never forwarding it', () => {
  it.each([
    ['POST', '/v1/trading-competition/join', /joinCompetition is a write .*--allow-writes/],
    ['POST', '/v2/trading/submit-intent', /submitTradingIntent is not an operation the flows name/],
    ['GET', '/v1/leaderboard', /listLeaderboard is not an operation the flows name/],
    ['DELETE', '/v1/pairs', /no operation of the contract has this method and path/],
    ['GET', '/v1/nowhere', /no operation of the contract has this method and path/],
    ['GET', '/v1/x/%2e%2e/pairs', /a path fetch would rewrite/],
    ['GET', '/v1/pairs/../pairs', /a path fetch would rewrite/],
    ['GET', '//elsewhere.example/v1/pairs', /not a path on the base URL/],
  ])('%s %s', async (method, target, reason) => {
    const { proxy, forwarded } = await proxyAnswering(ok);
    const answer = await rawRequest(proxy.url, method, target, method === 'POST' ? '{}' : undefined);
    expect(answer.status).toBe(403);
    expect(answer.text).toMatch(/^refused by the conformance runner, never sent to the service: /);
    expect(forwarded).toEqual([]);
    expect(proxy.requests).toEqual([
      { method, target, event: { method, target, kind: 'refused', reason: expect.stringMatching(reason) } },
    ]);
  });
});

// Hostile round three: any process of the machine can find the proxy's port; it served them all, with the
// run's --header values, and listed their requests as the flows' own.
describe('what the proxy answers only its own Respect', () => {
  it('gives its URL a random path of the run’s own, different every run', async () => {
    const first = await proxyAnswering(ok);
    const second = await startProxy(async () => ok, flowAdmission(operations, named, false));
    try {
      expect(first.proxy.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9_-]{32}$/);
      expect(new URL(second.url).pathname).not.toBe(new URL(first.proxy.url).pathname);
    } finally {
      await second.close();
    }
  });

  it.each([
    ['without the token', '/v1/pairs', { asIs: true }],
    ['with another token', '/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/v1/pairs', { asIs: true }],
    ['as an absolute URL', 'http://127.0.0.1:9/v1/pairs', { asIs: true }],
    ['under a name of another site', '/v1/pairs', { host: 'evil.example' }],
    ['under no known name', '/v1/pairs', { host: 'attacker.localhost.evil.example:1' }],
  ] as const)('refuses a request %s: never forwarded, never listed', async (_case, target, options) => {
    const { proxy, forwarded } = await proxyAnswering(ok);
    const answer = await rawRequest(proxy.url, 'GET', target, undefined, options);
    expect(answer.status).toBe(403);
    expect(answer.text).not.toContain('[]');
    expect(forwarded).toEqual([]);
    expect(proxy.requests).toEqual([]);
  });

  it('takes its own requests under localhost or 127.0.0.1', async () => {
    const { proxy, forwarded } = await proxyAnswering(ok);
    const { port } = new URL(proxy.url);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`])
      expect((await rawRequest(proxy.url, 'GET', '/v1/pairs', undefined, { host })).status).toBe(200);
    expect(forwarded).toHaveLength(2);
  });
});

describe("what the proxy makes of the service's answers", () => {
  it('passes a redirect on without its Location, so Respect cannot follow it, and says so', async () => {
    const redirect: Sent = {
      kind: 'answer',
      status: 307,
      headers: new Headers({ location: '/v1/trading-competition/join', 'content-type': 'text/plain' }),
      text: 'moved',
      ms: 1,
    };
    const { proxy } = await proxyAnswering(redirect);
    const answer = await rawRequest(proxy.url, 'GET', '/v1/pairs');
    expect(answer.status).toBe(307);
    expect(answer.headers.location).toBeUndefined();
    expect(answer.text).toBe('moved');
    expect(proxy.requests[0]?.event).toEqual({
      method: 'GET',
      target: '/v1/pairs',
      kind: 'redirect',
      status: 307,
      location: '/v1/trading-competition/join',
    });
  });

  it('hands Respect no answer the screen holds back: a 502 saying why, and the event', async () => {
    const { proxy } = await proxyAnswering(ok, false, (operation) =>
      operation.operationId === 'listPairs' ? 'too large for the flows' : undefined,
    );
    const answer = await rawRequest(proxy.url, 'GET', '/v1/pairs');
    expect(answer).toMatchObject({ status: 502, text: expect.stringContaining('too large for the flows') });
    expect(proxy.requests[0]?.event).toEqual({
      method: 'GET',
      target: '/v1/pairs',
      kind: 'withheld',
      status: 200,
      reason: 'too large for the flows',
    });
  });

  it.each<[Sent, number, string]>([
    [{ kind: 'timeout', ms: 500 }, 504, 'timeout'],
    [{ kind: 'network', error: 'ECONNRESET', ms: 5 }, 502, 'network'],
    [{ kind: 'oversized', status: 200, headers: new Headers(), maxBodyBytes: 64, ms: 5 }, 502, 'oversized'],
  ])('answers Respect %j with %i', async (sent, status, kind) => {
    const { proxy } = await proxyAnswering(sent);
    expect((await rawRequest(proxy.url, 'GET', '/v1/pairs')).status).toBe(status);
    expect(proxy.requests[0]?.event).toMatchObject({ kind });
  });
});
