// The project's own mock must conform to the contract 100%, with the command a pipeline runs (in this
// process: what is read is its exit code, words and reports; the bin's own process is cli.test.ts's, the packed
// package's npx run package.test.ts's). It answers one example per operation whatever is asked, so the
// behaviours across requests are checked apart: each gets the verdict the README's table gives it (a failure
// where the mock does not honour the request, inconclusive where its examples cannot show it), never a pass it
// did not see.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { expect, inject, it } from 'vitest';
import { tempFolder } from '../../../test/support/temp.js';
import { runConformance } from '../src/index.js';
import { runInProcess } from './support/servers.js';

// The run's shared mock, as `npm start` serves it (the global setup's): the runner only sends requests, and its
// join changes nothing in the examples mock.
const mock = { url: inject('mockUrl') };

it('finds every operation and every workflow of the mock conforming (--no-behaviour), exit 0, with clean JUnit and JSON reports', async () => {
  const dir = tempFolder('conformance-mock-');
  const junit = path.join(dir, 'report.xml');
  const json = path.join(dir, 'report.json');
  const { code, stdout, stderr } = await runInProcess([
    '--base-url',
    mock.url,
    '--rps',
    '100',
    '--allow-writes',
    '--no-behaviour',
    '--junit',
    junit,
    '--json',
    json,
  ]);
  expect(stderr).not.toMatch(/FAIL|Error/);
  expect(code, stdout).toBe(0);
  expect(stdout).toMatch(
    /Totals: 31 operations: 30 conform, 0 do not, 0 timed out, 1 skipped; 3 of 3 workflows conform/,
  );
  // Run without the behaviours, it says so: the verdict never claims what was not checked.
  expect(stdout).toContain(
    'The service conforms to the contract in what was checked: its behaviours across requests were not checked (--no-behaviour).',
  );
  expect(stdout).toContain('transaction value (updateFee + verifition_fee): 100000000000000 wei');

  const report = JSON.parse(await readFile(json, 'utf8'));
  expect(report.conforms).toBe(true);
  expect(report.problems).toEqual([]);
  expect(
    report.operations.find((result: { operationId: string }) => result.operationId === 'joinCompetition'),
  ).toMatchObject({ status: 'pass', answered: 200 });
  expect(
    report.operations.find((result: { operationId: string }) => result.operationId === 'submitTradingIntent'),
  ).toMatchObject({ status: 'skipped' });
  // Observations are recorded at the open points and never fail the run.
  expect(report.observations.map((observation: { point: string }) => observation.point)).toEqual(
    expect.arrayContaining([
      'Status code for an unknown competition id.',
      'Whether sum-by-date accepts the chains parameter.',
      'Status code returned for an empty pairBases.',
    ]),
  );
  const unknownId = report.observations.find(
    (observation: { point: string }) => observation.point === 'Status code for an unknown competition id.',
  );
  expect(unknownId.observed).toMatch(/^id=2147483647, an id no competition has: \d{3} /);

  const parsed = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => ['testsuite', 'testcase'].includes(name),
  }).parse(await readFile(junit, 'utf8'));
  const names = parsed.testsuites.testsuite.flatMap((suite: { testcase: Record<string, string>[] }) =>
    suite.testcase.map((testcase) => testcase['@_name']),
  );
  expect(names).toHaveLength(34);
  expect(names).toContain('getUnrealizedPnl');
  expect(parsed.testsuites['@_failures']).toBe('0');
});

it("reports each behaviour as the README's table says the examples-only mock gets it", async () => {
  const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
  // | `leaderboard-order` | `listLeaderboard` | words | requests | fail: ... |
  const expected = new Map(
    [...readme.matchAll(/^\| `([a-z-]+)` \| `(\w+)` \|.*\| \d+ \| (pass|fail|inconclusive): [^|]+\|$/gm)].map(
      (match) => [`${match[1]} ${match[2]}`, match[3]],
    ),
  );
  expect(expected.size).toBeGreaterThan(20);
  const report = await runConformance({
    baseUrl: mock.url,
    rps: 200,
    concurrency: 8,
    workflows: false,
    allowWrites: true,
  });
  const got = new Map(report.behaviours.map((result) => [`${result.behaviour} ${result.operationId}`, result.status]));
  expect(Object.fromEntries(got)).toEqual(Object.fromEntries(expected));
  expect(report.conforms).toBe(false);
  // A failure names its operation, which then fails.
  for (const result of report.behaviours.filter((entry) => entry.status === 'fail')) {
    expect(report.operations.find((operation) => operation.operationId === result.operationId)?.status).toBe('fail');
  }
});
