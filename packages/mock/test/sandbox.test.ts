// The mock started with a sandbox (`startMock({ sandbox })`, `--sandbox`): what a frontend developer relies
// on. The asked trader's data comes back and parameters take effect; the contract's required headers are
// sent; a documented case is still picked per request or per operation; bad requests are refused byte for
// byte as without the sandbox; a join is remembered until DELETE /__sandbox; /__sandbox describes the world,
// and says how to get one on a mock that serves the examples; a seed or now the sandbox cannot use is a
// TypeError; a path or method the contract lacks is answered as without the sandbox; with `errors`, an
// answer of the world that breaks the served contract is a 500.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runCommand } from '../../../test/support/commands';
import { loadBundle } from '../../../test/support/contract';
import { tempFolder } from '../../../test/support/temp';
import { contractPath, type MockServer, type SandboxSettings, startMock } from '../src/index.js';
import { INVALID_SANDBOX_EXIT } from '../src/sandbox-options.js';
import type { ServerSettings } from '../src/server.js';
import { competitions, inviteCode, pairBases, team, traders } from './support/cast';
import { type MockRequest, type RawAnswer, send, sendRaw, urlOf, validRequests } from './support/requests';

const examplesUrl = inject('mockUrl');
const seed = 42;
const now = '2026-11-21T12:00:00Z';
const { ava, ben, cy, dee } = traders;
let mock: MockServer;

beforeAll(async () => {
  mock = await startMock({ port: 0, sandbox: { seed, now } });
});
afterAll(() => mock?.close());

const json = { 'content-type': 'application/json' };
const getJson = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${mock.url}${path}`, { headers });
  return { status: response.status, headers: response.headers, body: await response.json() };
};
const join = (body: object) =>
  fetch(`${mock.url}/v1/trading-competition/join`, { method: 'POST', headers: json, body: JSON.stringify(body) });

describe('a mock started with a sandbox', () => {
  it('reports its seed and now, and describes the world at GET /__sandbox, never cached', async () => {
    expect(mock.sandbox).toEqual({ seed, now });
    const { status, headers, body } = await getJson('/__sandbox');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body).toMatchObject({ seed, now, counts: { joinsSinceStart: 0 } });
    expect(body.counts.traders).toBeGreaterThanOrEqual(1000);
    expect(body.cast.traders.map((trader: { name: string }) => trader.name)).toEqual(['Ava', 'Ben', 'Cy', 'Dee']);
    expect(body.cast.team.code).toBe(team.code);
  });

  it('answers the asked trader with his own data, and paging takes effect', async () => {
    const rank = (address: string) => getJson(`/v1/leaderboard/my-rank?user_address=${address}`);
    expect((await rank(ava)).body).toMatchObject({ rank: 1, userAddress: ava });
    expect((await rank(ben)).body).toMatchObject({ rank: 2, userAddress: ben });
    expect((await rank(dee)).body).toMatchObject({ rank: 0, totalCount: 0, userAddress: dee });

    const page = await getJson('/v1/leaderboard?page=5&size=10');
    expect(page.body).toMatchObject({ pageNumber: 5, pageSize: 10 });
    expect(page.body.content.map((row: { rank: number }) => row.rank)).toEqual([
      51, 52, 53, 54, 55, 56, 57, 58, 59, 60,
    ]);
    const positions = await getJson(`/v1/user/${dee}/positions`);
    expect(positions.body.content).toEqual([]);
    // Prism's generated data is not what the world answers: Prefer: dynamic=true changes nothing.
    expect((await getJson(`/v1/leaderboard/my-rank?user_address=${ben}`, { prefer: 'dynamic=true' })).body).toEqual(
      (await rank(ben)).body,
    );
  });

  it("sends the headers the contract requires with the world's answer", async () => {
    const declared = loadBundle().components.headers.CacheControlNoStore;
    const answer = await fetch(`${mock.url}/v1/portfolio/${ava}/unrealized-pnl`);
    expect(answer.status).toBe(200);
    expect(declared.required).toBe(true);
    expect(answer.headers.get('cache-control')).toBe(declared.schema.enum[0]);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect((await answer.json()).userAddress).toBe(ava);
  });

  it('still answers a documented case asked for with Prefer, as the examples mock does', async () => {
    for (const [request, prefer] of [
      [validRequests.getUnrealizedPnl, 'code=503'],
      [validRequests.getUnrealizedPnl, 'example=emptyAccount'],
      [validRequests.listLeaderboard, 'code=200'],
      [validRequests.listCompetitions, 'example=olderRecordWithPnl'],
    ] as [MockRequest, string][]) {
      const [sandboxed, examples] = await Promise.all(
        [mock.url, examplesUrl].map((base) => send(base, request, { prefer }).then(rawOf)),
      );
      expect(sandboxed, `${request.path} with Prefer: ${prefer}`).toEqual(examples);
    }
  });

  it('answers the case chosen with PUT /__scenarios until it is cleared, then the world again', async () => {
    const url = `${mock.url}/v1/portfolio/${ava}/unrealized-pnl`;
    const choose = (body: object) =>
      fetch(`${mock.url}/__scenarios`, { method: 'PUT', headers: json, body: JSON.stringify(body) });
    expect((await choose({ getUnrealizedPnl: '503' })).status).toBe(200);
    expect((await fetch(url)).status).toBe(503);
    expect((await choose({ getUnrealizedPnl: null })).status).toBe(200);
    const world = await fetch(url);
    expect(world.status).toBe(200);
    expect((await world.json()).userAddress).toBe(ava);
  });

  it('refuses a bad request with the same bytes as the examples mock', async () => {
    const bad: { name: string; method: string; path: string; body?: string; headers?: Record<string, string> }[] = [
      {
        name: 'an address that is not one (declared 400)',
        method: 'GET',
        path: '/v1/portfolio/0x12345/unrealized-pnl',
      },
      {
        name: 'hours_ago out of range (declared 400)',
        method: 'GET',
        path: `/v1/oracle/price/pair-hours-ago?pair_base=${pairBases.btc}&hours_ago=25`,
      },
      { name: 'an unknown enum value', method: 'GET', path: '/v1/leaderboard?timeframe=FOREVER' },
      { name: 'a word for an integer', method: 'GET', path: '/v1/leaderboard?page=first' },
      { name: 'a hex integer', method: 'GET', path: '/v1/leaderboard?page=0x10' },
      { name: 'a required parameter missing', method: 'GET', path: '/v1/leaderboard/my-rank' },
      { name: 'a path parameter of the wrong type', method: 'GET', path: '/v1/trading-competition/seven/leaderboard' },
      { name: 'a malformed address in a body', ...postJoin({ trader: '0xdead', competitionId: 7 }) },
      { name: 'a required body field missing', ...postJoin({ competitionId: 7 }) },
      {
        name: 'an empty pairBases',
        method: 'POST',
        path: '/v1/oracle/price/pairs/latest',
        body: JSON.stringify({ pairBases: [] }),
        headers: json,
      },
      { name: 'no body where one is required', method: 'POST', path: '/v1/oracle/price/pairs/latest', headers: json },
      {
        name: 'a body that is not JSON',
        method: 'POST',
        path: '/v1/oracle/price/pairs/latest',
        body: '{"pairBases": [',
        headers: json,
      },
      { name: 'a body on a GET', method: 'GET', path: '/v1/leaderboard', body: '{}', headers: json },
      { name: 'an unusable Prefer', method: 'GET', path: '/v1/leaderboard', headers: { prefer: 'code=abc' } },
      { name: 'a case not documented', method: 'GET', path: '/v1/leaderboard', headers: { prefer: 'code=418' } },
      { name: 'a path the contract lacks', method: 'GET', path: '/v1/nothing-here' },
      { name: 'a method the contract lacks', method: 'DELETE', path: '/v1/leaderboard' },
    ];
    for (const request of bad) {
      const ask = (base: string) => sendRaw(base, request).then(comparable);
      const [sandboxed, examples] = await Promise.all([ask(mock.url), ask(examplesUrl)]);
      expect(sandboxed.status, request.name).toBeGreaterThanOrEqual(400);
      expect(sandboxed, request.name).toEqual(examples);
    }
  });

  it('remembers a join until DELETE /__sandbox, counting a second join once', async () => {
    const listed = async () => {
      const { body } = await getJson(`/v1/trading-competition?userAddress=${ben}`);
      return body.find((competition: { id: number }) => competition.id === competitions.privateOngoing);
    };
    const before = await listed();
    expect(before.hasJoined).toBe(false);
    const joining = { trader: ben, competitionId: competitions.privateOngoing, inviteCode };
    expect((await join(joining)).status).toBe(200);
    expect((await join(joining)).status).toBe(200);
    const after = await listed();
    expect(after).toMatchObject({ hasJoined: true, currentParticipants: before.currentParticipants + 1 });
    expect((await getJson('/__sandbox')).body.counts.joinsSinceStart).toBe(1);

    const reset = await fetch(`${mock.url}/__sandbox`, { method: 'DELETE' });
    expect(reset.status).toBe(200);
    expect((await reset.json()).counts.joinsSinceStart).toBe(0);
    expect(await listed()).toEqual(before);
  });

  it('refuses a private competition without its invite code, with a problem of its own', async () => {
    const refused = await join({ trader: cy, competitionId: competitions.privateOngoing });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect((await refused.json()).type).toMatch(/^urn:trading-analytics-sandbox:/);
  });

  it('answers 405 with Allow for other methods on /__sandbox, and HEAD without a body', async () => {
    for (const method of ['POST', 'PUT', 'PATCH']) {
      const answer = await sendRaw(mock.url, { method, path: '/__sandbox' });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD, DELETE');
      expect(JSON.parse(answer.body).detail).toContain('/__sandbox answers GET');
    }
    const head = await sendRaw(mock.url, { method: 'HEAD', path: '/__sandbox' });
    expect(head).toMatchObject({ status: 200, body: '' });
  });
});

describe('a mock started with a sandbox and errors', () => {
  // sandbox: true is taken by answer-bounds.test.ts's mock, which checks it gets the default seed and now.
  it('reads only the options’ own properties (an inherited sandbox, host or seed is ignored: the default seed and now), and answers 500 with the reasons when an answer of the world breaks the contract it serves', async () => {
    // The served contract caps pageSize at 5, so the world's page of 10 breaks it.
    const bundle = loadBundle();
    bundle.components.schemas.PageMetadata.properties.pageSize.maximum = 5;
    const dir = await mkdtemp(path.join(tmpdir(), 'mock-sandbox-errors-'));
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(bundle));
    const options = Object.assign(Object.create({ host: '0.0.0.0', sandbox: { seed: 5 } }), {
      port: 0,
      sandbox: Object.create({ seed: 5, now: '2030-01-01T00:00:00Z' }),
      errors: true,
      contract: file,
    });
    const strict = await startMock(options);
    try {
      expect(strict.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
      expect(strict.sandbox).toEqual({ seed: 1, now });
      expect((await (await fetch(`${strict.url}/__sandbox`)).json()).seed).toBe(1);
      const broken = await fetch(`${strict.url}/v1/leaderboard?size=10`);
      expect(broken.status).toBe(500);
      expect(await broken.json()).toMatchObject({
        type: 'VIOLATIONS',
        validation: [expect.objectContaining({ location: ['response', 'body', 'pageSize'] })],
      });
      expect((await fetch(`${strict.url}/v1/leaderboard?size=5`)).status).toBe(200);
    } finally {
      await strict.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a mock that serves the examples', () => {
  it('says at /__sandbox that it was not started with --sandbox, for every method', async () => {
    for (const method of ['GET', 'DELETE', 'POST']) {
      const answer = await sendRaw(examplesUrl, { method, path: '/__sandbox' });
      expect(answer.status, method).toBe(409);
      expect(answer.headers['content-type']).toBe('application/problem+json');
      expect(JSON.parse(answer.body)).toMatchObject({
        type: 'urn:trading-analytics-mock:sandbox-off',
        detail: expect.stringContaining('start it with --sandbox'),
      });
    }
  });

  it('answers the examples whatever is asked, as before', async () => {
    const answer = await fetch(urlOf(examplesUrl, { path: `/v1/leaderboard/my-rank`, query: { user_address: ben } }));
    expect((await answer.json()).userAddress).toBe(ava);
  });
});

describe('startMock({ sandbox })', () => {
  // Own properties only: the test of errors above, and lifecycle.test.ts (an inherited sandbox: true).
  it('rejects with a TypeError, naming the value, what the sandbox cannot use', async () => {
    await expect(startMock({ port: 0, sandbox: { seed: -1 } })).rejects.toThrow(
      new TypeError("startMock: the sandbox's seed must be an integer from 0 to 4294967295, not -1"),
    );
    await expect(startMock({ port: 0, sandbox: { seed: 1.5 } })).rejects.toThrow(TypeError);
    await expect(startMock({ port: 0, sandbox: { now: 'yesterday' } })).rejects.toThrow(
      /^startMock: the sandbox's now must be an ISO-8601 instant .*"yesterday"/,
    );
    await expect(startMock({ port: 0, sandbox: { seed: Number.NaN } })).rejects.toThrow(TypeError);
    await expect(startMock({ port: 0, sandbox: 'yes' as never })).rejects.toThrow(
      'startMock: sandbox must be true, false or { seed, now, clock, clockRate }, got "yes".',
    );
    await expect(startMock({ port: 0, sandbox: { sed: 1 } as never })).rejects.toThrow(
      'startMock: sandbox takes { seed, now, clock, clockRate }, not sed.',
    );
    await expect(startMock({ port: 0, sandbox: { clock: 'slow' } as never })).rejects.toThrow(
      `startMock: the sandbox's clock must be 'fixed' or 'live', got "slow".`,
    );
    await expect(startMock({ port: 0, sandbox: { clockRate: 5 } })).rejects.toThrow(
      "startMock: the sandbox's clockRate goes with clock: 'live'.",
    );
    await expect(startMock({ port: 0, sandbox: { clock: 'live', clockRate: -1 } })).rejects.toThrow(
      /^startMock: the sandbox's clock.rate must be a number above 0/,
    );
    // Hostile round three: a bigint failed with "Do not know how to serialize a BigInt".
    await expect(startMock({ port: 0, sandbox: { seed: 7n as never } })).rejects.toThrow(
      new TypeError("startMock: the sandbox's seed must be an integer from 0 to 4294967295, got 7n."),
    );
    await expect(startMock({ port: 1n as never })).rejects.toThrow(
      new TypeError('startMock: port must be an integer from 0 (any free port) to 65535, got 1n.'),
    );
  });

  it('checks the seed before it loads Prism: a seed the sandbox refuses costs the process no Prism, nor the core and its Ajv', async () => {
    // The mock's process as startMock spawns it, with every resolution of a Prism package made to fail.
    const serverFile = fileURLToPath(new URL('../dist/server.js', import.meta.url));
    const noPrism = fileURLToPath(new URL('./support/no-prism.cjs', import.meta.url));
    const loadedModules = fileURLToPath(new URL('../../../test/support/loaded-modules.cjs', import.meta.url));
    const log = path.join(tempFolder('mock-refused-'), 'loaded.txt');
    const serve = (sandbox: SandboxSettings) => {
      const settings: ServerSettings = {
        document: contractPath(),
        host: '127.0.0.1',
        port: 0,
        logLevel: 'silent',
        errors: false,
        corsCredentials: false,
        controlOrigins: [],
        scenarios: {},
        sandbox,
      };
      return runCommand(
        process.execPath,
        ['--require', noPrism, '--require', loadedModules, serverFile, JSON.stringify(settings)],
        { env: { ...process.env, LOADED_MODULES_LOG: log } },
      );
    };
    await writeFile(log, '');
    const refused = await serve({ seed: -1 });
    expect(refused.stderr).toContain('seed must be an integer from 0 to 4294967295, not -1');
    expect(refused.code).toBe(INVALID_SANDBOX_EXIT);
    expect(await readFile(log, 'utf8')).not.toContain('/node_modules/ajv/');
    // The same process with a seed it takes reaches Prism: the preload does see Prism being loaded.
    const taken = await serve({ seed: 1 });
    expect(taken.stderr).toContain('Prism was loaded: @stoplight/');
    expect(taken.code).toBe(1);
    // The preload does see the core's Ajv when the process gets as far as loading it.
    expect(await readFile(log, 'utf8')).toContain('/node_modules/ajv/');
  });
});

function postJoin(body: object) {
  return { method: 'POST', path: '/v1/trading-competition/join', body: JSON.stringify(body), headers: json };
}

/** What a client reads of an answer, less what differs by connection and date. */
function comparable({ status, headers, body }: RawAnswer) {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return { status, headers: rest, body };
}

async function rawOf(response: Response) {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'date') headers[name] = value;
  });
  return { status: response.status, headers, body: await response.text() };
}
