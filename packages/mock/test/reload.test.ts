// MockServer.reload(): a new version of the contract is served on the same port without a restart, and
// one that cannot be loaded is refused while the previous version stays served.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFile } from '../../../test/support/contract';
import { startMock } from '../src/index.js';

type Mock = Awaited<ReturnType<typeof startMock>>;

let scratch: string;
let contract: string;
let mock: Mock;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'mock-reload-'));
  contract = path.join(scratch, 'openapi.json');
  await writeFile(contract, await readFile(bundleFile));
  mock = await startMock({ port: 0, contract });
});

afterAll(async () => {
  await mock?.close();
  await rm(scratch, { recursive: true, force: true });
});

async function firstRank() {
  const answer = await fetch(`${mock.url}/v1/leaderboard`);
  expect(answer.status).toBe(200);
  return (await answer.json()).content[0].rank;
}

/** The bundled contract with the first leaderboard example's first rank set to `rank`. */
async function contractWithRank(rank: number) {
  const document = JSON.parse(await readFile(bundleFile, 'utf8'));
  const example = document.paths['/v1/leaderboard'].get.responses['200'].content['application/json'].examples.firstPage;
  example.value.content[0].rank = rank;
  return JSON.stringify(document);
}

describe('mock.reload', () => {
  it('serves the changed contract on the same port and process', async () => {
    expect(await firstRank()).toBe(1);
    const { port, pid } = mock;
    await writeFile(contract, await contractWithRank(7));
    await mock.reload();
    expect(await firstRank()).toBe(7);
    expect([mock.port, mock.pid]).toEqual([port, pid]);

    const other = path.join(scratch, 'other.json');
    await writeFile(other, await contractWithRank(9));
    await mock.reload(other);
    expect(await firstRank()).toBe(9);
  });

  it('refuses a document it cannot load and keeps serving the previous contract', async () => {
    const broken = path.join(scratch, 'broken.json');
    await writeFile(broken, '{ "openapi": "3.1.0", "paths": ');
    await expect(mock.reload(broken)).rejects.toThrow(
      `The mock could not load ${broken}; it still serves the previous contract`,
    );
    await expect(mock.reload(path.join(scratch, 'missing.json'))).rejects.toThrow('does not exist');
    expect(await firstRank()).toBe(9);
  });

  it("offers the reloaded contract's scenario keys on /__scenarios and drops a choice whose key is gone", async () => {
    const document = JSON.parse(await contractWithRank(1));
    const examples = document.paths['/v1/leaderboard'].get.responses['200'].content['application/json'].examples;
    examples.secondPage = structuredClone(examples.firstPage);
    examples.secondPage.value.content[0].rank = 51;
    await writeFile(contract, JSON.stringify(document));
    await mock.reload(contract);
    const choose = (choices: object) =>
      fetch(`${mock.url}/__scenarios`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(choices),
      });
    expect((await choose({ listLeaderboard: 'secondPage' })).status).toBe(200);
    expect(await firstRank()).toBe(51);

    delete examples.secondPage;
    await writeFile(contract, JSON.stringify(document));
    await mock.reload(contract);
    const state = await (await fetch(`${mock.url}/__scenarios`)).json();
    expect(state.active).toEqual({});
    expect(state.operations.listLeaderboard.scenarios).not.toContain('secondPage');
    expect(await firstRank()).toBe(1);
    expect((await choose({ listLeaderboard: 'secondPage' })).status).toBe(400);
  });

  // The file's mock, stopped: the last test, so it starts no mock of its own.
  it('says so when the mock is not running', async () => {
    await mock.close();
    await expect(mock.reload()).rejects.toThrow('reload: the mock is not running.');
  });
});
