// The command line: exit codes, the caps (rate, concurrency, timeout), --header redaction, --allow-writes
// and --params, against the example server. The cases about the command's words run it in this process
// (runInProcess); those about the process (its exit code, its streams, a secret kept off them) run the bin.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../../../test/support/temp.js';
import { type ConformanceReport, runConformance } from '../src/index.js';
import {
  bin,
  type CommandOutcome,
  type ExampleServer,
  runBin,
  runCommand,
  runInProcess,
  startExampleServer,
} from './support/servers.js';

let server: ExampleServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const scratch = async () => tempFolder('conformance-cli-');

const badUsage: [string[], RegExp][] = [
  [['--base-url', 'http://127.0.0.1:4010', '--bogus'], /Unknown option '--bogus'/],
  [[], /--base-url <url> is required/],
  [['--base-url', 'not a url'], /is not a URL/],
  [['--base-url', 'http://127.0.0.1:4010', '--rps', '0'], /--rps must be a positive number/],
  [['--base-url', 'http://127.0.0.1:4010', '--header', 'no colon here'], /--header must be 'Name: value'/],
  [['--base-url', 'http://127.0.0.1:4010', '--header', 'X-Key: a\nb'], /holds a line break, a NUL or a character past/],
  [['--base-url', 'http://127.0.0.1:4010', '--header', 'X-Key: 5€'], /holds a line break, a NUL or a character past/],
  [['--base-url', 'http://127.0.0.1:4010', '--header-env', 'X-Key'], /--header-env must be 'Name=VARIABLE'/],
  [
    ['--base-url', 'http://127.0.0.1:4010', '--header-env', 'X-Key=CONFORMANCE_TEST_UNSET_VARIABLE'],
    /--header-env X-Key: the environment variable CONFORMANCE_TEST_UNSET_VARIABLE is not set or empty/,
  ],
  [
    ['--base-url', 'http://127.0.0.1:4010', '--header-file', '/no/such/file'],
    /--header-file: cannot read \/no\/such\/file: ENOENT/,
  ],
  [['--base-url', 'http://user:hunter2@127.0.0.1:4010'], /--base-url holds a user or password \(not shown here\)/],
  [['--base-url', 'http://:hunter2@127.0.0.1:4010'], /--base-url holds a user or password/],
  [['--base-url', 'http://user:hunter2@127.0.0.1:4010 x'], /--base-url is not a URL/],
  [['--base-url', 'http://127.0.0.1:4010/?token=1'], /--base-url must have no query or fragment/],
  [
    ['--base-url', 'http://127.0.0.1:4010', '--timeout-ms', '0'],
    /--timeout-ms must be a whole number of ms from 1 to 2147483647/,
  ],
  [
    ['--base-url', 'http://127.0.0.1:4010', '--timeout-ms', '2147483648'],
    /--timeout-ms must be a whole number of ms from 1 to 2147483647/,
  ],
  [['--base-url', 'http://127.0.0.1:4010', '--timeout-ms', '1.5'], /--timeout-ms must be a positive integer/],
  [['--base-url', 'http://127.0.0.1:4010', '--timeout-ms', '1e3'], /--timeout-ms must be a positive integer/],
  [
    ['--base-url', 'http://127.0.0.1:4010', '--max-body-bytes', '0'],
    /--max-body-bytes must be a whole number from 1 to 268435456/,
  ],
];

/** A bad usage: exit 2, one line on stderr naming the problem, no credential repeated, no stack, no stdout. */
function expectBadUsage({ code, stderr, stdout }: CommandOutcome, message: RegExp) {
  expect(code).toBe(2);
  expect(stderr).toMatch(message);
  // A credential given where it does not belong is not repeated.
  expect(stderr).not.toContain('hunter2');
  expect(stderr.trim().split('\n')).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at /);
  expect(stdout).toBe('');
}

describe('bad usage exits 2 with one line and no stack trace', () => {
  it.each(badUsage)('%j', async (args, message) => expectBadUsage(await runInProcess(args), message));

  // The process itself: a flag Node's parser refuses, and a credential in the URL, through the bin.
  it.each([badUsage[0]!, badUsage[10]!])('through the bin: %j', async (args, message) =>
    expectBadUsage(await runBin(args), message),
  );

  it("--help answers without loading the run (the validators' Ajv), which a refused flag's message does load", async () => {
    const preload = fileURLToPath(new URL('../../../test/support/loaded-modules.cjs', import.meta.url));
    const dir = await scratch();
    /** The bin with `args`, and the CommonJS modules its process loaded. */
    const loading = async (args: string[]) => {
      const log = path.join(dir, `loaded-${args.join('')}.txt`);
      await writeFile(log, '');
      const outcome = await runCommand(process.execPath, ['--require', preload, bin, ...args], {
        env: { ...process.env, LOADED_MODULES_LOG: log },
      });
      return { ...outcome, loaded: await readFile(log, 'utf8') };
    };
    const help = await loading(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: trading-analytics-conformance --base-url <url>');
    expect(help.loaded).not.toContain('/node_modules/ajv/');
    // The preload does see Ajv when the process loads it: a bad flag's message is the core's, which loads it.
    const refused = await loading(['--bogus']);
    expect(refused.code).toBe(2);
    expect(refused.loaded).toContain('/node_modules/ajv/');
  });

  it('a --params file that names an operation the contract does not have', async () => {
    server = await startExampleServer();
    const file = path.join(await scratch(), 'params.yaml');
    await writeFile(file, 'operations:\n  getNothing:\n    parameters: {}\n');
    const { code, stderr } = await runInProcess(['--base-url', server.url, '--no-behaviour', '--params', file]);
    expect(code).toBe(2);
    expect(stderr.trim()).toBe(
      `trading-analytics-conformance: --params: the contract has no operation getNothing (in ${file}).`,
    );
  });
});

describe('header values', () => {
  const secret = 'Bearer s3cr3t-token-value';
  const fromFile = ['file-key-5e21', 'tenant-b7'];
  const fromEnv = 'trace-env-93aa';
  let headersServer: ExampleServer;
  /** One run of the bin with a header of each kind: --header, --header-file and --header-env, both reports. */
  let run: CommandOutcome & { texts: string[] };
  beforeAll(async () => {
    // The server echoes the header values into a body, which also breaks that body's schema.
    headersServer = await startExampleServer({
      departures: {
        getStakedApy: (answer, { headers }) => ({
          ...answer,
          body: { echoed: headers.authorization, key: headers['x-api-key'], trace: headers['x-trace'] },
        }),
      },
    });
    const dir = await scratch();
    const file = path.join(dir, 'headers.txt');
    await writeFile(file, "# the service's keys\nX-Api-Key: file-key-5e21\n\nX-Tenant:   tenant-b7\n");
    const [xml, json] = [path.join(dir, 'r.xml'), path.join(dir, 'r.json')];
    const outcome = await runCommand(
      process.execPath,
      [
        bin,
        '--base-url',
        headersServer.url,
        '--rps',
        '200',
        '--header',
        `Authorization: ${secret}`,
        '--header-file',
        file,
        '--header-env',
        'X-Trace=CONFORMANCE_TRACE',
        '--junit',
        xml,
        '--json',
        json,
      ],
      { env: { ...process.env, CONFORMANCE_TRACE: fromEnv } },
    );
    const reports = [await readFile(xml, 'utf8'), await readFile(json, 'utf8')];
    run = { ...outcome, texts: [outcome.stdout, outcome.stderr, ...reports] };
    return () => headersServer.close();
  });

  it('passes --header through on every request and never writes its value into a report, even when echoed', () => {
    expect(run.code).toBe(1);
    const nonPreflight = headersServer.received.filter((request) => request.url !== '/');
    expect(nonPreflight.length).toBeGreaterThan(40);
    expect(nonPreflight.every((request) => request.headers.authorization === secret)).toBe(true);
    for (const text of run.texts) expect(text).not.toContain('s3cr3t');
    expect(run.stdout).toContain('[redacted]');
  });

  it('takes header values from --header-file and --header-env, sends them, and never shows them', () => {
    expect(run.code).toBe(1);
    const sent = headersServer.received.filter((request) => request.url !== '/');
    expect(sent.length).toBeGreaterThan(40);
    for (const request of sent) {
      expect(request.headers).toMatchObject({
        'x-api-key': 'file-key-5e21',
        'x-tenant': 'tenant-b7',
        'x-trace': 'trace-env-93aa',
      });
    }
    for (const text of run.texts) for (const value of [...fromFile, fromEnv]) expect(text).not.toContain(value);
    expect(run.stdout).toContain('[redacted]');
  });
});

it('keeps to --rps and the concurrency cap', async () => {
  server = await startExampleServer({ delayMs: 40 });
  await runConformance({ baseUrl: server.url, behaviour: false, rps: 40, concurrency: 2, workflows: false });
  const times = server.received.map((request) => request.at);
  expect(times.length).toBeGreaterThan(50);
  // Requests start at least 1/rps apart (a little slack for the timer), so no second holds more than rps.
  for (let index = 0; index + 40 < times.length; index++)
    expect(times[index + 40]! - times[index]!).toBeGreaterThanOrEqual(950);
  expect(server.maxInFlight).toBeLessThanOrEqual(2);
});

it('reports an operation with no answer within --timeout-ms as timed out and goes on', async () => {
  server = await startExampleServer({ departures: { getStakedPortfolio: () => 'hang' } });
  const dir = await scratch();
  const { code, stdout } = await runInProcess([
    '--base-url',
    server.url,
    '--no-behaviour',
    // The flows name no operation that hangs: not what this test reads, so Respect is not started.
    '--no-workflows',
    '--rps',
    '200',
    // Long enough that only the hanging operation runs out of it, also on a loaded machine.
    '--timeout-ms',
    '2000',
    '--json',
    path.join(dir, 'r.json'),
  ]);
  expect(code).toBe(1);
  expect(stdout).toMatch(/^ {2}TIME {2}getStakedPortfolio/m);
  expect(stdout).toMatch(
    /Totals: 31 operations: 28 conform, 0 do not, 1 timed out, 2 skipped; workflows not run \(--no-workflows\)/,
  );
  const report = JSON.parse(await readFile(path.join(dir, 'r.json'), 'utf8'));
  expect(report.problems).toEqual([
    {
      operationId: 'getStakedPortfolio',
      check: 'timeout',
      expected: 'an answer within 2000 ms',
      observed: 'no answer',
      request: `GET ${server.url}/v1/sstk/0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b/portfolio`,
    },
  ]);
});

it('runs no workflow with --no-workflows, and says so: each one skipped, none counted as conforming', async () => {
  server = await startExampleServer();
  const dir = await scratch();
  const [xml, json] = [path.join(dir, 'r.xml'), path.join(dir, 'r.json')];
  const { code, stdout, stderr } = await runInProcess([
    '--base-url',
    server.url,
    '--no-behaviour',
    '--no-workflows',
    '--rps',
    '200',
    '--junit',
    xml,
    '--json',
    json,
  ]);
  expect(code, stdout).toBe(0);
  // Respect never started: no request of the flows reached the service, and the progress says why.
  const report = JSON.parse(await readFile(json, 'utf8')) as ConformanceReport;
  expect(report.requests.filter((request) => request.from === 'workflows')).toEqual([]);
  expect(server.received).toHaveLength(report.requests.length);
  expect(stderr).toMatch(/^- not running the workflows of .*\.arazzo\.yaml \(--no-workflows\)$/m);
  expect(stderr).not.toContain('Respect');
  expect(report.settings.workflows).toBe(false);
  const notRun = { status: 'skipped', reason: 'not run (--no-workflows)', steps: [], notes: [], problems: [] };
  expect(report.workflows).toEqual(
    ['marketToPriceUpdates', 'competitionToLeaderboard', 'traderPositionsToUnrealizedPnl'].map((workflowId) =>
      expect.objectContaining({ workflowId, ...notRun }),
    ),
  );
  // A verdict says no more than what was checked: no flow counts as conforming, and the last line says so.
  expect(report.totals).toMatchObject({ workflows: 0, workflowsConform: 0, workflowsIncomplete: 0 });
  expect(stdout).toMatch(/^ {2}skip {2}marketToPriceUpdates {2}\(not run \(--no-workflows\)\)$/m);
  expect(stdout).toMatch(
    /Totals: 31 operations: 29 conform, 0 do not, 0 timed out, 2 skipped; workflows not run \(--no-workflows\); /,
  );
  expect(stdout).toContain(
    'The service conforms to the contract in what was checked: its workflows were not run (--no-workflows); ' +
      'its behaviours across requests were not checked (--no-behaviour).',
  );
  expect(stdout).not.toContain('The service conforms to the contract.');
  const workflowsSuite =
    /<testsuite name="workflows" tests="3" failures="0" errors="0" skipped="3">([\s\S]*?)<\/testsuite>/.exec(
      await readFile(xml, 'utf8'),
    );
  expect(workflowsSuite?.[1]?.match(/<skipped message="not run \(--no-workflows\)"\/>/g)).toHaveLength(3);
});

describe('writes', () => {
  const joins = (target: ExampleServer) =>
    target.received.filter((request) => request.url === '/v1/trading-competition/join');
  const submissions = (target: ExampleServer) => target.received.filter((request) => request.url.startsWith('/v2/'));

  it('sends no write by default and reports the join and the gasless submission as skipped, with the reason', async () => {
    server = await startExampleServer();
    const report = await runConformance({ baseUrl: server.url, behaviour: false, rps: 200, workflows: false });
    expect(joins(server)).toEqual([]);
    expect(submissions(server)).toEqual([]);
    const skipped = Object.fromEntries(
      report.operations
        .filter((result) => result.status === 'skipped')
        .map((result) => [result.operationId, result.reason]),
    );
    expect(skipped.joinCompetition).toMatch(/--allow-writes/);
    expect(skipped.submitTradingIntent).toMatch(/never sent/);
  });

  it('sends the join once with --allow-writes and checks it; never the gasless submission', async () => {
    server = await startExampleServer();
    const report = await runConformance({
      baseUrl: server.url,
      behaviour: false,
      rps: 200,
      workflows: false,
      allowWrites: true,
    });
    expect(joins(server)).toHaveLength(1);
    expect(submissions(server)).toEqual([]);
    expect(report.operations.find((result) => result.operationId === 'joinCompetition')).toMatchObject({
      status: 'pass',
      answered: 200,
    });
  });
});

it('takes request values from --params, by parameter name and per operation, over the examples', async () => {
  server = await startExampleServer();
  const file = path.join(await scratch(), 'params.json');
  const trader = '0x1111111111111111111111111111111111111111';
  await writeFile(
    file,
    JSON.stringify({
      parameters: { user_address: trader },
      operations: { getPriceHoursAgo: { parameters: { hours_ago: 3 } } },
    }),
  );
  const report = await runConformance({ baseUrl: server.url, behaviour: false, rps: 200, params: file });
  const urls = server.received.map((request) => request.url);
  expect(urls).toContain(`/v1/portfolio/${trader}/unrealized-pnl`);
  expect(urls.some((url) => url.startsWith('/v1/oracle/price/pair-hours-ago?') && url.includes('hours_ago=3'))).toBe(
    true,
  );
  // The workflows take it too: their input is named like the parameter.
  expect(urls).toContain(`/v1/portfolio/${trader}/portfolio_data`);
  // The server answers Ava's record whatever address is asked: the rules on the address answered say so, and
  // nothing else departs.
  expect(
    report.problems.map((problem) => [problem.operationId, problem.workflow ? problem.check : problem.rule]),
  ).toEqual([
    ['getMyRank', 'my-rank-address'],
    ['getTradingStats', 'trading-stats-address'],
    ['getUnrealizedPnl', 'unrealized-pnl-address'],
  ]);
});
