// The mock started with a sandbox must conform to the contract, as the real service is checked: the command,
// with the world's own team, market and competition in --params (what a backend passes for its real data),
// and without them, as `npm run conformance` runs: the contract's examples name the cast's market and team,
// which the world has. Its behaviours across requests hold, its addresses in mixed case too. The command runs
// in this process (what is read is its exit code, words and report; the bin's process is cli.test.ts's).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type MockServer, startMock } from '@trading-analytics/mock';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tempFolder } from '../../../test/support/temp.js';
import { runInProcess, startPlantedService } from './support/servers.js';

interface World {
  cast: {
    team: { code: string };
    markets: { pairName: string; base: string }[];
    competitions: { id: number; status: string; requiresInviteCode: boolean }[];
  };
}

let mock: MockServer;
let world: World;
let dir: string;
beforeAll(async () => {
  mock = await startMock({ port: 0, sandbox: true });
  world = await (await fetch(`${mock.url}/__sandbox`)).json();
  dir = tempFolder('conformance-sandbox-');
});
afterAll(() => mock?.close());

it('finds every operation and every workflow of the sandbox conforming with the world in --params, exit 0', async () => {
  const btc = world.cast.markets.find((market) => market.pairName.startsWith('BTC/'));
  const competition = world.cast.competitions.find(
    (candidate) => candidate.status === 'ONGOING' && !candidate.requiresInviteCode,
  );
  const params = path.join(dir, 'params.json');
  await writeFile(
    params,
    JSON.stringify({
      parameters: { team_code: world.cast.team.code, pair_base: btc?.base, pairBase: btc?.base, id: competition?.id },
    }),
  );
  const json = path.join(dir, 'report.json');
  const { code, stdout } = await runInProcess([
    '--base-url',
    mock.url,
    '--params',
    params,
    '--rps',
    '100',
    '--allow-writes',
    '--json',
    json,
  ]);
  expect(code, stdout).toBe(0);
  expect(stdout).toMatch(
    /Totals: 31 operations: 30 conform, 0 do not, 0 timed out, 1 skipped; 3 of 3 workflows conform/,
  );
  const report = JSON.parse(await readFile(json, 'utf8'));
  expect(report.problems).toEqual([]);
  // The join is sent and answered from the world.
  expect(
    report.operations.find((result: { operationId: string }) => result.operationId === 'joinCompetition'),
  ).toMatchObject({ status: 'pass', answered: 200 });
});

it('without --params too, as `npm run conformance` runs it: every operation and workflow conforms, exit 0', async () => {
  const json = path.join(dir, 'bare.json');
  const { code, stdout } = await runInProcess(['--base-url', mock.url, '--rps', '100', '--json', json]);
  const report = JSON.parse(await readFile(json, 'utf8'));
  expect(
    report.operations.filter((result: { status: string }) => result.status === 'fail'),
    stdout,
  ).toEqual([]);
  expect(code, stdout).toBe(0);
  expect(report.workflows.every((workflow: { status: string }) => workflow.status === 'pass')).toBe(true);
});

it('with every address in mixed case (as a checksum writes them) but where the description says lower case: no failure', async () => {
  const planted = await startPlantedService({ upstream: mock.url, mixedCaseAddresses: true });
  try {
    const json = path.join(dir, 'mixed-case.json');
    const { code, stdout } = await runInProcess(['--base-url', planted.url, '--rps', '100', '--json', json]);
    const report = JSON.parse(await readFile(json, 'utf8'));
    expect(report.problems, stdout).toEqual([]);
    expect(code, stdout).toBe(0);
    expect(report.behaviours.filter((result: { status: string }) => result.status === 'fail')).toEqual([]);
    // The planted service did write mixed case: a leaderboard row's address is not lower case.
    const page = await (await fetch(`${planted.url}/v1/leaderboard?size=1`)).json();
    expect(page.content[0].userAddress).not.toBe(page.content[0].userAddress.toLowerCase());
  } finally {
    await planted.close();
  }
});
