// What a pipeline reads from a run: each failure with its concrete request (the summary and JUnit too),
// observed values as the JSON they were, one count of problems everywhere, both reports and exit 1 when
// the service cannot be reached, a hint on a 404 to the example request, --only and --skip, and the
// observations one line each in the summary. The command runs in this process: what is read is its words and
// reports (the bin's process, its streams and exit, is cli.test.ts's).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/support/ports.js';
import { tempFolder } from '../../../test/support/temp.js';
import { runConformance } from '../src/index.js';
import { type Departure, type ExampleServer, runInProcess, startExampleServer } from './support/servers.js';

type Body = Record<string, unknown>;
const body = (answer: { body: unknown }) => answer.body as Body;

let server: ExampleServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const scratch = async () => tempFolder('conformance-reports-');
const parseJunit = (text: string) =>
  new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => ['testsuite', 'testcase', 'failure'].includes(name),
  }).parse(text);

/**
 * Runs the bin's command (in this process: what is read here is its words and reports, not the process)
 * against a server with the departures, with both reports; resolves with what it wrote.
 */
async function runWithReports(
  departures: Record<string, Departure>,
  extra: string[] = [],
  { keep = false }: { keep?: boolean } = {},
) {
  // A kept server is closed by its caller; else by afterEach.
  const started = await startExampleServer({ departures });
  if (!keep) server = started;
  const dir = await scratch();
  const junit = path.join(dir, 'report.xml');
  const json = path.join(dir, 'report.json');
  const outcome = await runInProcess([
    '--base-url',
    started.url,
    '--no-behaviour',
    '--rps',
    '200',
    '--junit',
    junit,
    '--json',
    json,
    ...extra,
  ]);
  return {
    ...outcome,
    url: started.url,
    close: () => started.close(),
    junit: parseJunit(await readFile(junit, 'utf8')),
    report: JSON.parse(await readFile(json, 'utf8')),
  };
}

const secret = 'Bearer s3cr3t-t0ken-value';
let failingRun: ReturnType<typeof runWithReports> | undefined;
/** A run with two failures and a secret header, made by the first test that reads it (its server kept). */
const runWithFailures = () => {
  failingRun ??= runWithReports(
    {
      getMyRank: (answer) => ({ ...answer, body: { ...body(answer), rank: '1' } }),
      queryLatestPrices: (answer) => ({ ...answer, body: { ...body(answer), prices: 'none' } }),
    },
    // The flows are not what the tests of this run read: Respect is not started.
    ['--header', `Authorization: ${secret}`, '--no-workflows'],
    { keep: true },
  );
  return failingRun;
};
afterAll(async () => (await failingRun)?.close());

describe('a failure shows its request', () => {
  it('the method, the whole URL with its query and a POST body, in the summary, JUnit and JSON; secrets redacted', async () => {
    const { stdout, junit, report, url } = await runWithFailures();
    const myRank = `GET ${url}/v1/leaderboard/my-rank?user_address=0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b`;
    expect(report.problems).toContainEqual(expect.objectContaining({ operationId: 'getMyRank', request: myRank }));
    const latest = report.problems.find((problem: Body) => problem.operationId === 'queryLatestPrices');
    expect(latest.request).toMatch(new RegExp(`^POST ${url}/v1/oracle/price/pairs/latest body \\{"pairBases":\\["0x`));
    expect(stdout).toContain(`        request: ${myRank}\n        schema: expected /rank must be integer`);
    expect(stdout).toContain(`        request: ${latest.request}\n`);
    const failure = junit.testsuites.testsuite[0].testcase.find((testcase: Body) => testcase['@_name'] === 'getMyRank')
      .failure[0]['#text'];
    expect(failure).toBe(`request: ${myRank}\nexpected: /rank must be integer\nobserved: /rank = "1"`);
    expect(JSON.stringify(report)).not.toContain('s3cr3t');
  });

  it('keeps a secret that reaches a request URL out of every report', async () => {
    server = await startExampleServer({
      departures: { getMyRank: (answer) => ({ ...answer, body: { ...body(answer), rank: '1' } }) },
    });
    const dir = await scratch();
    const params = path.join(dir, 'params.json');
    const secret = 'tok-5e1a9f3b2c7d';
    await writeFile(params, JSON.stringify({ parameters: { user_address: secret } }));
    const json = path.join(dir, 'r.json');
    const junit = path.join(dir, 'r.xml');
    const { stdout } = await runInProcess([
      ...[
        '--base-url',
        server.url,
        '--no-behaviour',
        '--rps',
        '200',
        '--params',
        params,
        '--json',
        json,
        '--junit',
        junit,
      ],
      ...['--header', `X-Key: ${secret}`, '--only', 'getMyRank'],
    ]);
    for (const output of [stdout, await readFile(json, 'utf8'), await readFile(junit, 'utf8')]) {
      expect(output).not.toContain(secret);
      expect(output).toContain('user_address=[redacted]');
    }
  });
});

describe('observed values and counts', () => {
  it('shows a string as a string and a number as a number', async () => {
    server = await startExampleServer({
      departures: {
        getTradeOverview: (answer) => ({ ...answer, body: { ...body(answer), realizedPnlUsd: 0.0842 } }),
        getMyRank: (answer) => ({ ...answer, body: { ...body(answer), rank: '0.0842' } }),
      },
    });
    const report = await runConformance({ baseUrl: server.url, behaviour: false, rps: 200, workflows: false });
    const observed = (operationId: string) =>
      report.problems.filter((problem) => problem.operationId === operationId).map((problem) => problem.observed);
    expect(observed('getTradeOverview')).toEqual(['/realizedPnlUsd = 0.0842']);
    expect(observed('getMyRank')).toEqual(['/rank = "0.0842"']);
  });

  it('makes one null one problem, and one count in the summary, the JUnit file and the totals', async () => {
    const { stdout, junit, report, code } = await runWithReports({
      // Null where a string of an enum belongs breaks both: still one problem.
      getPrice24hAgo: (answer) => {
        const found = body(answer);
        return { ...answer, body: { ...found, oracleId: { ...(found.oracleId as Body), kind: null } } };
      },
      getStakedApy: (answer) => ({ ...answer, status: 201 }),
      // The runner's own request and the flow's step both see it: counted on the operation, and the flow it
      // broke fails with one problem of its own.
      listCompetitions: (answer) => ({ ...answer, body: [{ id: 'seven' }] }),
    });
    expect(code).toBe(1);
    expect(report.problems.filter((problem: Body) => problem.operationId === 'getPrice24hAgo')).toEqual([
      expect.objectContaining({ check: 'schema', observed: '/oracleId/kind = null' }),
    ]);
    const count = report.problems.length;
    expect(report.totals.problems).toBe(count);
    expect(junit.testsuites['@_failures']).toBe(String(count));
    const failures = junit.testsuites.testsuite.flatMap((suite: { testcase: Body[] }) =>
      suite.testcase.filter((testcase) => 'failure' in testcase),
    );
    expect(failures).toHaveLength(count);
    const perSuite = junit.testsuites.testsuite.map((suite: Body) => Number(suite['@_failures']));
    expect(perSuite.reduce((total: number, failuresOfSuite: number) => total + failuresOfSuite, 0)).toBe(count);
    expect(stdout).toContain(`The service does not conform: ${count} problem(s) (1 of them in workflows).`);
    expect(report.workflows.map((workflow: Body) => [workflow.workflowId, workflow.status])).toEqual([
      ['marketToPriceUpdates', 'pass'],
      ['competitionToLeaderboard', 'fail'],
      ['traderPositionsToUnrealizedPnl', 'pass'],
    ]);
    expect(report.totals).toMatchObject({ workflows: 3, workflowsConform: 2 });
    expect(stdout).toMatch(/; 2 of 3 workflows conform;/);
  });
});

describe('an unreachable service', () => {
  it('still gets both reports, the run marked failed: exit 1', async () => {
    const port = await freePort();
    const dir = await scratch();
    const [junit, json] = [path.join(dir, 'r.xml'), path.join(dir, 'r.json')];
    const base = `http://127.0.0.1:${port}`;
    const { code, stdout, stderr } = await runInProcess(['--base-url', base, '--junit', junit, '--json', json]);
    expect(code).toBe(1);
    expect(stderr).toContain(`cannot reach ${base}: ECONNREFUSED`);
    const report = JSON.parse(await readFile(json, 'utf8'));
    expect(report).toMatchObject({ conforms: false, totals: { problems: 1, skipped: 31, requests: 1 } });
    expect(report.problems).toEqual([
      {
        operationId: 'reachability',
        check: 'network',
        expected: `an HTTP answer from ${base}`,
        observed: 'ECONNREFUSED',
        request: `GET ${base}/`,
      },
    ]);
    const parsed = parseJunit(await readFile(junit, 'utf8'));
    expect(parsed.testsuites['@_failures']).toBe('1');
    const service = parsed.testsuites.testsuite.find((suite: Body) => suite['@_name'] === 'service');
    expect(service.testcase[0].failure[0]['@_type']).toBe('network');
    expect(stdout).toContain('The service does not conform: 1 problem(s)');
  });
});

describe('a 404 to the example request', () => {
  it('fails with a hint at the base URL or --params, also where the operation declares a 404', async () => {
    const notFound: Departure = () => ({ status: 404, headers: {}, body: undefined });
    server = await startExampleServer({ departures: { getPrice24hAgo: notFound, listPairs: notFound } });
    const report = await runConformance({ baseUrl: server.url, behaviour: false, rps: 200, workflows: false });
    for (const operationId of ['getPrice24hAgo', 'listPairs']) {
      expect(report.problems.filter((problem) => problem.operationId === operationId)).toEqual([
        expect.objectContaining({
          check: 'status',
          expected: expect.stringMatching(/^a success for the request made from the contract's first example/),
          observed: '404 (is the path of --base-url right, and do --params name what the service has?)',
        }),
      ]);
    }
  });

  it('a 404 at a probe for a pair with no snapshot is no problem', async () => {
    const noSnapshot: Departure = (answer, { query }) =>
      query.get('pair_base') === '0x000000000000000000000000000000000000dead'
        ? { status: 404, headers: {}, body: undefined }
        : answer;
    server = await startExampleServer({ departures: { getPrice24hAgo: noSnapshot } });
    const report = await runConformance({ baseUrl: server.url, behaviour: false, rps: 200, workflows: false });
    expect(report.problems).toEqual([]);
  });
});

describe('--only and --skip', () => {
  it('send only the chosen operations, and the workflows whose operations are all chosen', async () => {
    server = await startExampleServer();
    const report = await runConformance({
      baseUrl: server.url,
      behaviour: false,
      rps: 200,
      only: ['listCompetitions', 'listCompetitionLeaderboard', 'getMyRank'],
      skip: ['getMyRank'],
    });
    const sent = report.operations.filter((result) => result.status !== 'skipped').map((result) => result.operationId);
    expect(sent).toEqual(['listCompetitions', 'listCompetitionLeaderboard']);
    expect(report.operations.find((result) => result.operationId === 'getMyRank')?.reason).toBe('left out (--skip)');
    expect(report.operations.find((result) => result.operationId === 'listPairs')?.reason).toBe(
      'not selected (--only)',
    );
    expect(report.workflows.map((workflow) => workflow.workflowId)).toEqual(['competitionToLeaderboard']);
    expect(report.settings).toMatchObject({ only: ['listCompetitions', 'listCompetitionLeaderboard', 'getMyRank'] });
    const paths = new Set(server.received.map((request) => new URL(request.url, 'http://x').pathname));
    expect([...paths].every((pathname) => pathname === '/' || pathname.startsWith('/v1/trading-competition'))).toBe(
      true,
    );
  });

  it('take comma-separated operationIds on the command line', async () => {
    const { code, stdout } = await runWithReports({}, ['--only', 'getMyRank,listPairs', '--skip', 'listPairs']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ {2}ok {4}getMyRank +GET/m);
    expect(stdout).toMatch(/^ {2}skip {2}listPairs +GET .*\(left out \(--skip\)\)/m);
    expect(stdout).toMatch(/Totals: 31 operations: 1 conform, 0 do not, 0 timed out, 30 skipped; 0 of 0 workflows/);
  });

  it.each([
    [
      ['--only', 'getNothing'],
      /--only: no operation "getNothing" in the contract; its operationIds: listLeaderboard, /,
    ],
    [
      ['--skip', 'listPairs,nope'],
      /--skip: no operation "nope" in the contract; its operationIds: .*getProtocolVolumeAllTime/,
    ],
    [['--only', 'listPairs,,getMyRank'], /--only takes operationIds separated by commas, with none empty/],
  ])('an unknown or empty id is bad usage, exit 2: %j', async (flags, message) => {
    const { code, stderr, stdout } = await runInProcess(['--base-url', 'http://127.0.0.1:9', ...flags]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stdout).toBe('');
  });
});

describe('the observations in the summary', () => {
  it('are one line per point, cut; whole in the JSON report', async () => {
    // The run with two failures: its observations are those of every run, the departures at no open point.
    const { stdout, report } = await runWithFailures();
    const section = stdout.split('Observations (')[1]?.split('\n\n')[0] ?? '';
    const lines = section.split('\n').slice(1);
    expect(lines).toHaveLength(report.observations.length);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(160);
    expect(report.observations.some((observation: Body) => String(observation.observed).length > 160)).toBe(true);
  });
});
