// A frontend served from another origin (a dev server on its own port) can call the mock from the browser
// and read its answers, including the reason of a refusal. By default no origin gets credentials; with the
// corsCredentials option the calling origin is reflected with credentials, never the opaque `null`.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type MockServer, startMock } from '../src/index.js';
import { send, urlOf, validRequests } from './support/requests';

const baseUrl = inject('mockUrl');
const origin = 'http://localhost:5173';

function preflight(base: string, from: string) {
  return fetch(urlOf(base, validRequests.queryLatestPrices), {
    method: 'OPTIONS',
    headers: {
      origin: from,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,prefer',
    },
  });
}

describe('CORS by default', () => {
  it('allows any origin, without credentials', async () => {
    for (const from of [origin, 'null']) {
      const answer = await send(baseUrl, validRequests.listLeaderboard, { origin: from });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('answers a preflight for a JSON POST with a Prefer header', async () => {
    const answer = await preflight(baseUrl, origin);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    expect(answer.headers.get('access-control-allow-methods')).toContain('POST');
    const allowedHeaders = answer.headers.get('access-control-allow-headers')?.toLowerCase() ?? '';
    expect(allowedHeaders).toContain('content-type');
    expect(allowedHeaders).toContain('prefer');
  });

  it('lets the browser read a refusal and its sl-violations header', async () => {
    const answer = await send(baseUrl, { method: 'GET', path: '/v1/portfolio/0x12345/unrealized-pnl' }, { origin });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-expose-headers')).toBe('*');
    expect(answer.headers.get('sl-violations')).toContain('user_address');
  });
});

describe('CORS with corsCredentials', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock({ port: 0, corsCredentials: true });
  });
  afterAll(() => mock?.close());

  it('reflects the calling origin with credentials, varying on Origin', async () => {
    const answer = await send(mock.url, validRequests.listLeaderboard, { origin });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
    expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
    expect(answer.headers.get('vary')).toBe('Origin');
    // With credentials a browser reads `*` literally, so the headers a frontend reads are named: a refusal's
    // violations, and the fault a sandbox injected.
    expect(answer.headers.get('access-control-expose-headers')).toBe('sl-violations, x-sandbox-fault');
  });

  it('answers a preflight with the origin, the method and the headers asked for', async () => {
    const answer = await preflight(mock.url, origin);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
    expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
    expect(answer.headers.get('access-control-allow-headers')).toBe('content-type,prefer');
  });

  it('never reflects the opaque origin null', async () => {
    for (const answer of [
      await send(mock.url, validRequests.listLeaderboard, { origin: 'null' }),
      await preflight(mock.url, 'null'),
    ]) {
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
      expect(answer.headers.get('vary')).toBe('Origin');
    }
  });
});
