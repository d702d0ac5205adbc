// Redirects: the client follows none by default, and with `redirect: 'follow-same-origin'` only those to
// the request's own origin. Credentials (an API key, an Authorization header) and bodies never reach another
// server, checked against a second server of the test's own that records whatever arrives.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type HostileServer, startHostileServer } from '../../../test/support/hostile-server.js';
import { ApiError, type ClientOptions, createClient, unwrap } from '../src/index.js';

const user = '0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b';
const credentials = { 'X-Api-Key': 'key-that-stays-home', Authorization: 'Bearer token-that-stays-home' };
const joinBody = { trader: user, competitionId: 7 };

let service: HostileServer;
let elsewhere: HostileServer;
/** Where the service sends each path (a status and a Location, none when empty); paths not listed are answered 200. */
let redirects: Record<string, [status: number, location: () => string]>;

beforeEach(async () => {
  redirects = {};
  elsewhere = await startHostileServer(
    (response) => void response.writeHead(200, { 'content-type': 'application/json' }).end('{"from":"elsewhere"}'),
  );
  service = await startHostileServer((response, request) => {
    const redirect = redirects[new URL(request.url, 'http://x').pathname];
    const location = redirect?.[1]();
    if (redirect)
      response.writeHead(redirect[0], { 'content-type': 'text/plain', ...(location ? { location } : {}) }).end('moved');
    else
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ from: 'service', method: request.method, body: request.body }));
  });
});

afterEach(async () => {
  await Promise.all([service.close(), elsewhere.close()]);
});

const client = (options: Partial<ClientOptions> = {}) =>
  createClient({ baseUrl: service.url, headers: credentials, retry: false, ...options });
const apy = (c: ReturnType<typeof createClient>) => c.GET('/v1/sstk/apy');
const join = (c: ReturnType<typeof createClient>) => c.POST('/v1/trading-competition/join', { body: joinBody });

describe('by default no redirect is followed', () => {
  it.each([301, 302, 303, 307, 308])(
    'answers a %i to another origin as an ApiError, and sends nothing there',
    async (status) => {
      redirects['/v1/sstk/apy'] = [status, () => `${elsewhere.url}/collect`];
      redirects['/v1/trading-competition/join'] = [status, () => `${elsewhere.url}/collect`];
      const c = client();

      const read = await apy(c);
      expect(read.response.status).toBe(status);
      expect(read.response.headers.get('location')).toBe(`${elsewhere.url}/collect`);
      expect(() => unwrap(read)).toThrow(ApiError);
      expect(() => unwrap(read)).toThrow(expect.objectContaining({ status, body: 'moved' }));
      const write = await join(c);
      expect(() => unwrap(write)).toThrow(expect.objectContaining({ status }));

      expect(elsewhere.received).toEqual([]);
      expect(service.received.map((request) => request.headers['x-api-key'])).toEqual([
        'key-that-stays-home',
        'key-that-stays-home',
      ]);
    },
  );

  it('does not follow a redirect to its own origin either', async () => {
    redirects['/v1/sstk/apy'] = [307, () => `${service.url}/v1/sstk/portfolio-stats`];
    const result = await apy(client());
    expect(result.response.status).toBe(307);
    expect(service.received).toHaveLength(1);
  });

  it("overrides a call's own `redirect: 'follow'`", async () => {
    redirects['/v1/trading-competition/join'] = [307, () => `${elsewhere.url}/collect`];
    const result = await client().POST('/v1/trading-competition/join', { body: joinBody, redirect: 'follow' });
    expect(result.response.status).toBe(307);
    expect(elsewhere.received).toEqual([]);
  });

  it('never follows one through a retried read either', async () => {
    let answers = 0;
    await service.close();
    service = await startHostileServer((response) => {
      if (answers++ === 0) response.writeHead(503).end();
      else response.writeHead(307, { location: `${elsewhere.url}/collect` }).end();
    });
    const result = await apy(createClient({ baseUrl: service.url, headers: credentials, retry: { random: () => 0 } }));
    expect(result.response.status).toBe(307);
    expect(service.received).toHaveLength(2);
    expect(elsewhere.received).toEqual([]);
  });
});

describe("redirect: 'follow-same-origin'", () => {
  const following = () => client({ redirect: 'follow-same-origin' });

  it('follows a 307 or 308 to the same origin with the same method, headers and body', async () => {
    for (const status of [307, 308]) {
      redirects['/v1/trading-competition/join'] = [status, () => '/v1/trading-competition/join-again'];
      const result = await join(following());
      expect(result.response.status).toBe(200);
      const last = service.received.at(-1)!;
      expect(last).toMatchObject({
        method: 'POST',
        url: '/v1/trading-competition/join-again',
        body: JSON.stringify(joinBody),
      });
      expect(last.headers).toMatchObject({ 'x-api-key': 'key-that-stays-home', 'content-type': 'application/json' });
    }
  });

  it('turns a POST into a GET without body after a 303, 301 or 302, as fetch does', async () => {
    for (const status of [301, 302, 303]) {
      redirects['/v1/trading-competition/join'] = [status, () => `${service.url}/v1/joined`];
      await join(following());
      const last = service.received.at(-1)!;
      expect(last).toMatchObject({ method: 'GET', url: '/v1/joined', body: '' });
      expect(last.headers['content-type']).toBeUndefined();
      expect(last.headers['x-api-key']).toBe('key-that-stays-home');
    }
  });

  it('answers a redirect to another origin as it came, even after a same-origin one', async () => {
    redirects['/v1/trading-competition/join'] = [307, () => '/v1/step'];
    redirects['/v1/step'] = [307, () => `${elsewhere.url}/collect`];
    const result = await join(following());
    expect(result.response.status).toBe(307);
    expect(result.response.headers.get('location')).toBe(`${elsewhere.url}/collect`);
    expect(() => unwrap(result)).toThrow(expect.objectContaining({ status: 307 }));
    expect(service.received.map((request) => request.url)).toEqual(['/v1/trading-competition/join', '/v1/step']);
    expect(elsewhere.received).toEqual([]);
  });

  it('counts another host name, scheme or port as another origin', async () => {
    const port = new URL(service.url).port;
    for (const location of [
      `http://localhost:${port}/v1/x`,
      `https://127.0.0.1:${port}/v1/x`,
      `${elsewhere.url}/v1/x`,
      '//localhost/v1/x',
    ]) {
      redirects['/v1/sstk/apy'] = [307, () => location];
      const result = await apy(following());
      expect(result.response.status).toBe(307);
    }
    expect(service.received.map((request) => request.url)).toEqual(Array(4).fill('/v1/sstk/apy'));
    expect(elsewhere.received).toEqual([]);
  });

  it('answers a 3xx without a usable Location as it came', async () => {
    for (const location of ['', 'http://[::1', 'http://exa mple.test/', 'http://127.0.0.1:99999/']) {
      redirects['/v1/sstk/apy'] = [302, () => location];
      expect((await apy(following())).response.status).toBe(302);
    }
  });

  it('stops a redirect loop after 5 hops, answering the last 3xx', async () => {
    redirects['/v1/sstk/apy'] = [302, () => '/v1/sstk/apy'];
    const result = await apy(following());
    expect(result.response.status).toBe(302);
    expect(service.received).toHaveLength(6);
  });
});

describe('the redirect option', () => {
  it.each(['follow', 'error', 'same-origin', ''])('refuses %j', (redirect) => {
    expect(() =>
      createClient({ baseUrl: 'http://service.test', redirect: redirect as ClientOptions['redirect'] }),
    ).toThrow(new TypeError(`redirect must be "manual" or "follow-same-origin": ${JSON.stringify(redirect)}`));
  });
});
