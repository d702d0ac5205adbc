// The redirect rule in a real browser (Debian's Chromium): there fetch's `redirect: 'manual'` gives an
// opaque-redirect response (status 0, no Location), so the client answers every redirect as an ApiError
// with status 0 and follows none, same origin or not. The page's own server is the service and answers 307
// to a second server of the test's own, which must see nothing: no request, no preflight.
// @module-tag static (the Node matrix leaves this file to npm test: the code under test runs in Chromium)
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForPage, launchChromium } from '../../../test/support/browser.js';
import { type HostileServer, startHostileServer } from '../../../test/support/hostile-server.js';

// The page's script: the built client, and one function the test calls with the options of a client.
const pageScript = `
import { ApiError, createClient, unwrap } from ${JSON.stringify(fileURLToPath(new URL('../dist/index.js', import.meta.url)))};
window.callThrough = async (options) => {
  const client = createClient({ baseUrl: location.origin, headers: { 'X-Api-Key': 'key-that-stays-home' }, retry: false, ...options });
  const outcomes = [];
  for (const call of [
    () => client.GET('/v1/sstk/apy'),
    () => client.POST('/v1/trading-competition/join', { body: { trader: '0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b', competitionId: 7 } }),
    () => client.GET('/v1/sstk/portfolio-stats'),
  ]) {
    try {
      unwrap(await call());
      outcomes.push('data');
    } catch (error) {
      outcomes.push(error instanceof ApiError ? 'ApiError ' + error.status + ' ' + error.response.type : String(error));
    }
  }
  return outcomes;
};
`;

let service: HostileServer;
let elsewhere: HostileServer;
let context: BrowserContext;
let tab: Page;

beforeAll(async () => {
  const script = await bundleForPage({
    stdin: { contents: pageScript, loader: 'js', resolveDir: fileURLToPath(new URL('.', import.meta.url)) },
  });
  elsewhere = await startHostileServer((response) =>
    response.writeHead(200, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' }).end('{}'),
  );
  service = await startHostileServer((response, request) => {
    const path = new URL(request.url, 'http://x').pathname;
    if (path === '/')
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<!doctype html><title>client</title><script type="module" src="/client.js"></script>');
    else if (path === '/client.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    // The third call is sent to the service's own origin: a redirect the client could follow, were it visible.
    else if (path === '/v1/sstk/portfolio-stats') response.writeHead(307, { location: '/v1/sstk/apy-elsewhere' }).end();
    else if (path.startsWith('/v1/')) response.writeHead(307, { location: `${elsewhere.url}/collect` }).end();
    else response.writeHead(404).end();
  });
  context = await launchChromium({ offline: true });
  tab = await context.newPage();
  await tab.goto(`${service.url}/`);
  await tab.waitForFunction(() => 'callThrough' in window);
}, 60_000);

afterAll(async () => {
  await context?.close();
  await Promise.all([service?.close(), elsewhere?.close()]);
});

describe('in a browser', () => {
  it.each(['manual', 'follow-same-origin'])(
    'redirect %s: every redirect is an ApiError with status 0, and nothing reaches the other origin',
    async (redirect) => {
      const outcomes = await tab.evaluate(
        (options) => (window as unknown as { callThrough: (o: object) => Promise<string[]> }).callThrough(options),
        { redirect },
      );
      expect(outcomes).toEqual(Array(3).fill('ApiError 0 opaqueredirect'));
      expect(elsewhere.received).toEqual([]);
      expect(
        service.received
          .filter((request) => request.url.startsWith('/v1/'))
          .map((request) => `${request.method} ${request.url}`),
      ).toEqual(['GET /v1/sstk/apy', 'POST /v1/trading-competition/join', 'GET /v1/sstk/portfolio-stats']);
      service.received.length = 0;
    },
  );
});
