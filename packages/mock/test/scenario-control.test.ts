// Scenarios without headers: a case chosen at start (startMock, the bin's --scenario / --scenarios) or
// while the mock runs (GET/PUT/DELETE /__scenarios) answers every request for that operation, so a running
// app switches the backend's state without touching its requests; a request's own Prefer still wins.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startOptions } from '@trading-analytics/pipeline/flags';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runNode } from '../../../test/support/commands';
import { ContractValidator } from '../../../test/support/contract';
import { readScenarioChoices } from '../src/cli.js';
import { controlPath, type MockServer, scenarioKeys, startMock } from '../src/index.js';
import { traders } from './support/cast';
import { send, validRequests } from './support/requests';

const contract = new ContractValidator();
const catalog = scenarioKeys(contract.document);
const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const { dee } = traders;

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ port: 0, scenarios: { getUnrealizedPnl: '503', listPositions: 'emptyPage' } });
});
afterAll(() => mock?.close());

const control = (method: string, body?: unknown) =>
  fetch(`${mock.url}${controlPath}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('chosen at start', () => {
  beforeEach(async () => {
    await control('DELETE');
    await control('PUT', { getUnrealizedPnl: '503', listPositions: 'emptyPage' });
  });

  it('answers every request for the operation with the chosen case, a status or a named example', async () => {
    expect((await send(mock.url, validRequests.getUnrealizedPnl)).status).toBe(503);
    const page = await (await send(mock.url, validRequests.listPositions)).json();
    expect(page).toMatchObject({ content: [] });
    // Other operations keep their default.
    expect((await send(mock.url, validRequests.getMyRank)).status).toBe(200);
  });

  it("lets a request's own Prefer header (or __example) win", async () => {
    const byHeader = await send(mock.url, validRequests.getUnrealizedPnl, { prefer: 'example=emptyAccount' });
    expect(byHeader.status).toBe(200);
    expect(await byHeader.json()).toMatchObject({ userAddress: dee });
    const byCode = await send(mock.url, validRequests.listPositions, { prefer: 'code=200' });
    expect((await byCode.json()).content.length).toBeGreaterThan(0);
  });

  it('still refuses bad input before any scenario', async () => {
    expect((await fetch(`${mock.url}/v1/portfolio/0x12345/unrealized-pnl`)).status).toBe(400);
  });
});

describe(`${controlPath}`, () => {
  beforeEach(() => control('DELETE'));

  it("GET lists every operation's keys and default, and the active choices", async () => {
    await control('PUT', { getPrice24hAgo: '404' });
    const answer = await control('GET');
    expect(answer.status).toBe(200);
    const state = await answer.json();
    expect(state.active).toEqual({ getPrice24hAgo: '404' });
    expect(Object.keys(state.operations)).toEqual(Object.keys(catalog));
    expect(state.operations.getUnrealizedPnl).toEqual({
      method: 'GET',
      path: '/v1/portfolio/{user_address}/unrealized-pnl',
      default: 'withPositions',
      scenarios: ['200', '400', '503', 'withPositions', 'emptyAccount', 'emptyAccountPriceAsOfOmitted'],
    });
  });

  it('PUT sets choices (merged with the active ones), null clears one; DELETE resets them all', async () => {
    expect((await (await control('PUT', { getUnrealizedPnl: 'emptyAccount' })).json()).active).toEqual({
      getUnrealizedPnl: 'emptyAccount',
    });
    expect(await (await send(mock.url, validRequests.getUnrealizedPnl)).json()).toMatchObject({
      userAddress: dee,
      positionCount: 0,
    });
    await control('PUT', { listPositions: 'emptyPage' });
    expect((await (await control('PUT', { getUnrealizedPnl: null })).json()).active).toEqual({
      listPositions: 'emptyPage',
    });
    expect((await send(mock.url, validRequests.getUnrealizedPnl)).status).toBe(200);
    await control('PUT', { getUnrealizedPnl: '503' });
    expect((await send(mock.url, validRequests.getUnrealizedPnl)).status).toBe(503);
    const reset = await control('DELETE');
    expect((await reset.json()).active).toEqual({});
    const answer = await send(mock.url, validRequests.getUnrealizedPnl);
    expect(answer.status).toBe(200);
    expect((await answer.json()).positionCount).toBe(2);
  });

  it('refuses an unknown operation or key with a 400 listing what exists, and changes nothing', async () => {
    await control('PUT', { getUnrealizedPnl: '503' });
    const wrongKey = await control('PUT', { getUnrealizedPnl: 'unavailable', listPositions: 'emptyPage' });
    expect(wrongKey.status).toBe(400);
    expect((await wrongKey.json()).detail).toBe(
      'getUnrealizedPnl has no scenario "unavailable"; its scenarios are: 200, 400, 503, withPositions, emptyAccount, emptyAccountPriceAsOfOmitted.',
    );
    const wrongOperation = await control('PUT', { getUnrealisedPnl: '503' });
    expect((await wrongOperation.json()).detail).toMatch(
      /^Unknown operation "getUnrealisedPnl". The operations are: listLeaderboard, /,
    );
    const notAnObject = await control('PUT', ['getUnrealizedPnl']);
    expect(notAnObject.status).toBe(400);
    const notJson = await fetch(`${mock.url}${controlPath}`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: 'getUnrealizedPnl=503',
    });
    expect(notJson.status).toBe(400);
    expect((await (await control('GET')).json()).active).toEqual({ getUnrealizedPnl: '503' });
  });

  it('answers another method with a 405 naming the ones it takes', async () => {
    const answer = await control('POST', {});
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, HEAD, PUT, DELETE');
  });

  it('can be called from a page on another origin (CORS preflight for PUT)', async () => {
    const preflight = await fetch(`${mock.url}${controlPath}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
  });
});

describe('startMock({ scenarios })', () => {
  it('rejects an unknown key or operation before starting, listing what exists', async () => {
    await expect(startMock({ port: 0, scenarios: { getUnrealizedPnl: 'unavailable' } })).rejects.toThrow(
      'startMock: getUnrealizedPnl has no scenario "unavailable"; its scenarios are: 200, 400, 503, withPositions',
    );
    await expect(startMock({ port: 0, scenarios: { nope: '200' } })).rejects.toThrow(/Unknown operation "nope"/);
    await expect(startMock({ port: 0, scenarios: 'getUnrealizedPnl=503' as never })).rejects.toThrow(
      /must be a JSON object/,
    );
  });
});

describe('command line', () => {
  it('readScenarioChoices reads --scenario (repeatable, winning) and a --scenarios file', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'mock-scenarios-'));
    try {
      const file = path.join(folder, 'scenarios.json');
      writeFileSync(file, JSON.stringify({ getUnrealizedPnl: 'emptyAccount', listPositions: 'emptyPage' }));
      expect(readScenarioChoices({ scenario: ['getUnrealizedPnl=503'], scenariosFile: file })).toEqual({
        getUnrealizedPnl: '503',
        listPositions: 'emptyPage',
      });
      expect(() => readScenarioChoices({ scenario: ['getUnrealizedPnl'] })).toThrow(
        '--scenario takes <operationId>=<key> (e.g. getUnrealizedPnl=503), got "getUnrealizedPnl".',
      );
      expect(() => readScenarioChoices({ scenariosFile: path.join(folder, 'missing.json') })).toThrow(
        /--scenarios: cannot read .*missing\.json/,
      );
      writeFileSync(file, '["getUnrealizedPnl"]');
      expect(() => readScenarioChoices({ scenariosFile: file })).toThrow(/must hold one JSON object/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('npm start reads the same flags', () => {
    expect(
      startOptions(['--scenario', 'getUnrealizedPnl=503', '--scenario', 'listPositions=emptyPage'], {}).scenarios,
    ).toEqual({ getUnrealizedPnl: '503', listPositions: 'emptyPage' });
    expect(startOptions([], {}).scenarios).toEqual({});
    expect(() => startOptions(['--scenario', 'getUnrealizedPnl'], {})).toThrow('--scenario takes <operationId>=<key>');
  });

  // The bin serving a --scenario choice: bin.test.ts, in its SIGINT test.
  it('the bin refuses an unknown key with the keys and exit code 1, a malformed flag with exit code 2', async () => {
    const wrongKey = await runNode(bin, ['--port', '0', '--scenario', 'getUnrealizedPnl=unavailable']);
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toContain(
      'getUnrealizedPnl has no scenario "unavailable"; its scenarios are: 200, 400, 503',
    );
    const malformed = await runNode(bin, ['--scenario', 'getUnrealizedPnl']);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('--scenario takes <operationId>=<key>');
  });
});
