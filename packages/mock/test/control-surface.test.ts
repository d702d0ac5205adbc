// The mock's controls are the developer's alone (hostile round three, with issue 29's item 6): a web page of
// another site the developer visits cannot drive `/__sandbox` or `/__scenarios` (its preflight is refused,
// and so is the request itself), and no page can reach the mock under a name of its own that it points at
// 127.0.0.1 (DNS rebinding: its requests carry that name in `Host`). Pages on this machine's loopback, on any
// port, and the origins given with `controlOrigins` (`--control-origin`) keep the controls; the contract's
// operations stay open to any origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMock } from '../src/index.js';
import { traders } from './support/cast';
import { type RawAnswer, sendRaw, validRequests } from './support/requests';

const evil = 'https://evil.example';
const devServer = 'http://localhost:5173';
const given = 'https://app.example.com';
let mock: MockServer;

beforeAll(async () => {
  mock = await startMock({ port: 0, sandbox: true, controlOrigins: [given] });
});
afterAll(() => mock?.close());

const preflight = (path: string, method: string, origin: string) =>
  sendRaw(mock.url, {
    method: 'OPTIONS',
    path,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type' },
  });

const joins = async () =>
  ((await (await fetch(`${mock.url}/__sandbox`)).json()) as { counts: { joinsSinceStart: number } }).counts
    .joinsSinceStart;

function expectProblem(answer: RawAnswer, status: number, detail: RegExp) {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(JSON.parse(answer.body)).toMatchObject({ status, detail: expect.stringMatching(detail) });
}

describe('a page of another site', () => {
  it.each([
    ['/__sandbox', 'DELETE'],
    ['/__sandbox', 'GET'],
    ['/__sandbox/clock', 'POST'],
    ['/__scenarios', 'PUT'],
    ['/__scenarios', 'DELETE'],
  ])('gets its preflight for %s %s refused, with no CORS header', async (path, method) => {
    const answer = await preflight(path, method, evil);
    expectProblem(answer, 403, /evil\.example.*loopback/);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('cannot reset the world, pick a scenario or read the controls, even without a preflight', async () => {
    const joined = await fetch(`${mock.url}/v1/trading-competition/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ trader: traders.dee, competitionId: 7 }),
    });
    expect(joined.status).toBe(200);
    const before = await joins();
    expect(before).toBeGreaterThan(0);
    expectProblem(
      await sendRaw(mock.url, { method: 'DELETE', path: '/__sandbox', headers: { origin: evil } }),
      403,
      /evil/,
    );
    expectProblem(
      await sendRaw(mock.url, { method: 'GET', path: '/__sandbox', headers: { origin: evil } }),
      403,
      /evil/,
    );
    expectProblem(
      await sendRaw(mock.url, {
        method: 'PUT',
        path: '/__scenarios',
        headers: { origin: evil, 'content-type': 'text/plain' },
        body: JSON.stringify({ getUnrealizedPnl: '503' }),
      }),
      403,
      /evil/,
    );
    expectProblem(
      await sendRaw(mock.url, { method: 'GET', path: '/__scenarios', headers: { origin: 'null' } }),
      403,
      /null/,
    );
    expect(await joins()).toBe(before);
    const scenarios = await (await fetch(`${mock.url}/__scenarios`)).json();
    expect(scenarios.active).toEqual({});
  });

  it('cannot reach a control by an absolute-form target or an encoded path either', async () => {
    for (const path of [`${mock.url}/__sandbox`, '/%5F%5Fsandbox', '/__scenarios?x=1']) {
      const answer = await sendRaw(mock.url, { method: 'DELETE', path, headers: { origin: evil } });
      expect(answer.status, path).toBe(403);
    }
  });

  it('still calls the contract’s operations, from any origin', async () => {
    const answer = await preflight(validRequests.queryLatestPrices.path, 'POST', evil);
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    const read = await sendRaw(mock.url, { method: 'GET', path: '/v1/leaderboard', headers: { origin: evil } });
    expect(read.status).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBe('*');
  });
});

describe("the developer's own pages", () => {
  it.each([devServer, 'http://127.0.0.1:3000', 'http://[::1]:8080', given])(
    '%s drives the controls, the origin named back',
    async (origin) => {
      const answer = await preflight('/__sandbox', 'DELETE', origin);
      expect(answer.status).toBe(204);
      expect(answer.headers['access-control-allow-origin']).toBe(origin);
      expect(answer.headers.vary).toMatch(/Origin/);
      expect(answer.headers['access-control-allow-methods']).toContain('DELETE');
      const described = await sendRaw(mock.url, { method: 'GET', path: '/__sandbox', headers: { origin } });
      expect(described.status).toBe(200);
      expect(described.headers['access-control-allow-origin']).toBe(origin);
    },
  );

  it('and a client without Origin (curl, a test) as before', async () => {
    expect((await sendRaw(mock.url, { method: 'GET', path: '/__sandbox' })).status).toBe(200);
    expect((await sendRaw(mock.url, { method: 'GET', path: '/__scenarios' })).status).toBe(200);
  });
});

describe('a request under a name the mock was not bound to (DNS rebinding)', () => {
  it.each([
    ['GET', '/v1/leaderboard'],
    ['GET', '/__sandbox'],
    ['DELETE', '/__sandbox'],
    ['PUT', '/__scenarios'],
    ['GET', '/v1/nowhere'],
  ])('%s %s with Host evil.example is refused with 421, and changes nothing', async (method, path) => {
    const before = await joins();
    const answer = await sendRaw(mock.url, {
      method,
      path,
      headers: { host: `evil.example:${mock.port}`, 'content-type': 'application/json' },
      ...(method === 'PUT' ? { body: '{"getUnrealizedPnl":"503"}' } : {}),
    });
    expectProblem(answer, 421, /Host "evil\.example:\d+" .*loopback/);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(await joins()).toBe(before);
  });

  it('while localhost, 127.0.0.1 and [::1] on any port are served', async () => {
    for (const host of [`localhost:${mock.port}`, '127.0.0.1', `[::1]:${mock.port}`, 'LOCALHOST']) {
      const answer = await sendRaw(mock.url, { method: 'GET', path: '/v1/leaderboard', headers: { host } });
      expect(answer.status, host).toBe(200);
    }
  });
});

describe('controlOrigins', () => {
  it.each([[['evil.example']], [['https://app.example.com/path']], [['*']], ['https://app.example.com']])(
    'refuses %j with a TypeError naming it',
    async (controlOrigins) => {
      await expect(startMock({ port: 0, controlOrigins: controlOrigins as string[] })).rejects.toThrow(
        /startMock: controlOrigins must be a list of origins/,
      );
    },
  );
});
