// A frontend served from another origin (a dev server on its own port) can call the mock from the browser
// and read its answers, including the reason of a refusal.
import { describe, expect, inject, it } from 'vitest';
import { send, urlOf, validRequests } from './support/requests';

const baseUrl = inject('mockUrl');
const origin = 'http://localhost:5173';

describe('CORS', () => {
  it('allows the calling origin on a simple request', async () => {
    const answer = await send(baseUrl, validRequests.listLeaderboard, { origin });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
  });

  it('answers a preflight for a JSON POST with a Prefer header', async () => {
    const answer = await fetch(urlOf(baseUrl, validRequests.queryLatestPrices), {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,prefer' },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
    expect(answer.headers.get('access-control-allow-methods')).toContain('POST');
    const allowedHeaders = answer.headers.get('access-control-allow-headers')?.toLowerCase() ?? '';
    expect(allowedHeaders).toContain('content-type');
    expect(allowedHeaders).toContain('prefer');
  });

  it('lets the browser read a refusal and its sl-violations header', async () => {
    const answer = await send(baseUrl, { method: 'GET', path: '/v1/portfolio/0x12345/unrealized-pnl' }, { origin });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
    expect(answer.headers.get('access-control-expose-headers')).toBe('*');
    expect(answer.headers.get('sl-violations')).toContain('user_address');
  });
});
