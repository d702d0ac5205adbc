// The command line: exit codes, the caps (rate, concurrency, timeout), --header redaction, --allow-writes
// and --params, against the example server.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/support/ports.js';
import { runConformance } from '../src/index.js';
import { type ExampleServer, runBin, startExampleServer } from './support/servers.js';

let server: ExampleServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const scratch = () => mkdtemp(path.join(tmpdir(), 'conformance-cli-'));

describe('bad usage exits 2 with one line and no stack trace', () => {
  it.each([
    [['--base-url', 'http://127.0.0.1:4010', '--bogus'], /Unknown option '--bogus'/],
    [[], /--base-url <url> is required/],
    [['--base-url', 'not a url'], /is not a URL/],
    [['--base-url', 'http://127.0.0.1:4010', '--rps', '0'], /--rps must be a positive number/],
    [['--base-url', 'http://127.0.0.1:4010', '--header', 'no colon here'], /--header must be 'Name: value'/],
  ])('%j', async (args, message) => {
    const { code, stderr, stdout } = await runBin(args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stdout).toBe('');
  });

  it('an unreachable base URL', async () => {
    const port = await freePort();
    const { code, stderr } = await runBin(['--base-url', `http://127.0.0.1:${port}`]);
    expect(code).toBe(2);
    expect(stderr.trim()).toBe(`trading-analytics-conformance: cannot reach http://127.0.0.1:${port}: ECONNREFUSED`);
  });

  it('a --params file that names an operation the contract does not have', async () => {
    server = await startExampleServer();
    const file = path.join(await scratch(), 'params.yaml');
    await writeFile(file, 'operations:\n  getNothing:\n    parameters: {}\n');
    const { code, stderr } = await runBin(['--base-url', server.url, '--params', file]);
    expect(code).toBe(2);
    expect(stderr.trim()).toBe(
      `trading-analytics-conformance: --params: the contract has no operation getNothing (in ${file}).`,
    );
  });
});

it('passes --header through on every request and never writes its value into a report, even when echoed', async () => {
  const secret = 'Bearer s3cr3t-token-value';
  // The server echoes the Authorization header into a body, which also breaks that body's schema.
  server = await startExampleServer({
    departures: { getStakedApy: (answer, { headers }) => ({ ...answer, body: { echoed: headers.authorization } }) },
  });
  const dir = await scratch();
  const { code, stdout, stderr } = await runBin([
    '--base-url',
    server.url,
    '--rps',
    '200',
    '--header',
    `Authorization: ${secret}`,
    '--junit',
    path.join(dir, 'r.xml'),
    '--json',
    path.join(dir, 'r.json'),
  ]);
  expect(code).toBe(1);
  const nonPreflight = server.received.filter((request) => request.url !== '/');
  expect(nonPreflight.length).toBeGreaterThan(40);
  expect(nonPreflight.every((request) => request.headers.authorization === secret)).toBe(true);
  for (const text of [
    stdout,
    stderr,
    await readFile(path.join(dir, 'r.xml'), 'utf8'),
    await readFile(path.join(dir, 'r.json'), 'utf8'),
  ]) {
    expect(text).not.toContain('s3cr3t');
  }
  expect(stdout).toContain('[redacted]');
});

it('keeps to --rps and the concurrency cap', async () => {
  server = await startExampleServer({ delayMs: 40 });
  await runConformance({ baseUrl: server.url, rps: 40, concurrency: 2, workflows: false });
  const times = server.received.map((request) => request.at);
  expect(times.length).toBeGreaterThan(50);
  // Requests start at least 1/rps apart (a little slack for the timer), so no second holds more than rps.
  for (let index = 0; index + 40 < times.length; index++)
    expect(times[index + 40] - times[index]).toBeGreaterThanOrEqual(950);
  expect(server.maxInFlight).toBeLessThanOrEqual(2);
});

it('reports an operation with no answer within --timeout-ms as timed out and goes on', async () => {
  server = await startExampleServer({ departures: { getStakedPortfolio: () => 'hang' } });
  const dir = await scratch();
  const { code, stdout } = await runBin([
    '--base-url',
    server.url,
    '--rps',
    '200',
    '--timeout-ms',
    '500',
    '--json',
    path.join(dir, 'r.json'),
  ]);
  expect(code).toBe(1);
  expect(stdout).toMatch(/^ {2}TIME {2}getStakedPortfolio/m);
  expect(stdout).toMatch(
    /Totals: 31 operations: 28 conform, 0 do not, 1 timed out, 2 skipped; 3 of 3 workflows conform/,
  );
  const report = JSON.parse(await readFile(path.join(dir, 'r.json'), 'utf8'));
  expect(report.problems).toEqual([
    { operationId: 'getStakedPortfolio', check: 'timeout', expected: 'an answer within 500 ms', observed: 'no answer' },
  ]);
});

describe('writes', () => {
  const joins = (target: ExampleServer) =>
    target.received.filter((request) => request.url === '/v1/trading-competition/join');
  const submissions = (target: ExampleServer) => target.received.filter((request) => request.url.startsWith('/v2/'));

  it('sends no write by default and reports the join and the gasless submission as skipped, with the reason', async () => {
    server = await startExampleServer();
    const report = await runConformance({ baseUrl: server.url, rps: 200, workflows: false });
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
    const report = await runConformance({ baseUrl: server.url, rps: 200, workflows: false, allowWrites: true });
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
  const report = await runConformance({ baseUrl: server.url, rps: 200, params: file });
  const urls = server.received.map((request) => request.url);
  expect(urls).toContain(`/v1/portfolio/${trader}/unrealized-pnl`);
  expect(urls.some((url) => url.startsWith('/v1/oracle/price/pair-hours-ago?') && url.includes('hours_ago=3'))).toBe(
    true,
  );
  // The workflows take it too: their input is named like the parameter.
  expect(urls).toContain(`/v1/portfolio/${trader}/portfolio_data`);
  expect(report.conforms).toBe(true);
});
