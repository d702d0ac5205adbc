// A service that answers to hurt: bodies without end, a gzip bomb, a false length, echoes of the credential
// (whole, without its scheme, encoded, where an excerpt cuts it), control sequences, code points XML
// forbids, a body nested 5,000 deep, megabytes of invalid items, answers that never come. One run of the
// command against it: every answer is refused or reported, the reports are written and well formed, no
// form of the secret reaches any output, memory stays bounded and every time limit fires on time.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRepeatedly } from '../../../test/support/hostile-server.js';
import { tempFolder } from '../../../test/support/temp.js';
import type { ConformanceReport, SentRequest } from '../src/index.js';
import {
  type Answer,
  type Departure,
  type ExampleServer,
  type PeakRss,
  runBinMeasured,
  startExampleServer,
} from './support/servers.js';

// The credential, with every character JSON and XML escape, after its scheme; the test passes it through
// the environment (--header-env), as a pipeline would.
const token = `tok"<&>'9f3b2c7d5e1a4f6b8c0d`;
const secret = `Bearer ${token}`;
// Long enough that a 64 MiB gzip bomb is decoded (and refused by size) before it, on a loaded 2-core machine too.
const timeoutMs = 2000;
const maxBodyBytes = 4 * 2 ** 20;
// Bounds the run is held to: the runner's own peak memory, and Respect's (a child process).
const RUNNER_RSS_MIB = 400;
const RESPECT_RSS_MIB = 400;

const json = (body: unknown, status = 200): Answer => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const text = (body: string, status: number): Answer => ({ status, headers: { 'content-type': 'text/plain' }, body });

// The URL-encoded secret, placed so that the report's 300-character excerpt ends inside its token.
const encodedSecret = encodeURIComponent(secret);
const cutFiller = 'x'.repeat(300 - encodedSecret.indexOf('9f3b') - 8);
const terminalAttack = '\u001b]0;pwned\u0007\u001b[2J\u202eevil\u009b31mred\u200f';
const notXml = 'a\uFFFEb\uFFFFc\uD800d\u0000e\u001bf';
const invalidItems = (bytes: number) => {
  const item = { bogus: 'x'.repeat(30), rank: 'not a rank' };
  return Array.from({ length: Math.ceil(bytes / JSON.stringify(item).length) }, () => item);
};
// What must not reach a terminal: C0 controls but the line feed, DEL, C1 controls, BiDi and hidden marks.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE_FOR_TERMINAL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/;
// What XML 1.0 forbids: C0 controls but tab, line feed and carriage return, U+FFFE, U+FFFF, a lone surrogate.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const NOT_XML_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\uFFFE\uFFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
// 64 MiB of JSON whitespace, about 64 KB on the wire.
const gzipBomb = gzipSync(Buffer.alloc(64 * 2 ** 20, ' '));

/** operationId -> the hostile answer (none of them a step of a flow unless said). */
const hostile: Record<
  string,
  (
    example: Answer,
    request: Parameters<Departure>[1],
  ) => Answer | 'hang' | ((response: import('node:http').ServerResponse) => unknown)
> = {
  // A body without end.
  getStakedApy: () => (response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    return writeRepeatedly(response, Buffer.alloc(64 * 1024, ' '));
  },
  // A gzip bomb: small on the wire, 64 MiB decoded.
  getStakedPortfolio: () => (response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    response.end(gzipBomb);
  },
  // A length of 2 GiB announced, a little sent, the rest never.
  getTeamInfo: () => (response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2 ** 31) });
    response.write('{"leaderTeam":');
  },
  // The whole credential echoed in a body.
  getMyRank: () => text(`you sent ${secret}`, 201),
  // The token alone, in a field.
  getPairVolume: (example) => json({ ...(example.body as object), period: token }),
  // URL-encoded, where the excerpt cuts it.
  getProtocolVolumeAllTime: () => text(`${cutFiller}${encodedSecret} and more after it`, 500),
  // Terminal control sequences, BiDi and a zero-width mark.
  getTradeOverview: (example) => json({ ...(example.body as object), realizedPnlUsd: terminalAttack }),
  // Code points XML 1.0 forbids (U+FFFE, U+FFFF, NUL, ESC; a lone surrogate cannot cross the wire as text).
  getPnlChart: () => text(notXml, 500),
  // A lone surrogate, escaped in JSON: parsed, it reaches the report as a value.
  getPairCumulativeVolume: (example) => ({
    ...example,
    body: JSON.stringify({ ...(example.body as object), period: 'SURROGATE' }).replace('SURROGATE', 'a\\ud800b'),
  }),
  // 10 KB nested 5,000 deep.
  listTeamMembers: () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: nested(5000) }),
  // 2 MB of invalid items.
  listLeaderboard: (example) => json({ ...(example.body as object), content: invalidItems(2 * 2 ** 20) }),
  // No answer.
  listTradeHistory: () => 'hang',
  // Headers, half a body, then nothing.
  listTeamBoostHistory: () => (response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"content":[');
  },
  // The credential in a 400 body: it reaches the observations.
  getPriceHoursAgo: () => text(`bad hours_ago for ${new URLSearchParams({ auth: secret })}`, 400),
  // Steps of the flows: 300 KB of invalid items (Respect would take minutes over it), and 1.5 MB of a body
  // valid but for its size (Respect would hold it many times over).
  listPairs: (example) => json({ ...(example.body as object), content: invalidItems(300 * 2 ** 10) }),
  getPortfolioData: (example) => json({ ...(example.body as object), padding: 'x'.repeat(1.5 * 2 ** 20) }),
  // A step of a flow (competitionToLeaderboard): the token in a body Respect checks and quotes. Only for the
  // flow's competition (the runner's own request sends the placeholder id 1), so the flow counts it.
  listCompetitionLeaderboard: (example, { path }) =>
    path.startsWith('/v1/trading-competition/1/')
      ? example
      : json({ ...(example.body as object), headers: `${token} ${terminalAttack}` }),
};

let server: ExampleServer;
let outcome: Awaited<ReturnType<typeof runBinMeasured>>;
let report: ConformanceReport;
let junit: string;
let jsonText: string;

beforeAll(async () => {
  const departures = Object.fromEntries(
    Object.entries(hostile).map(([operationId, answer]) => [
      operationId,
      (_: Answer, request: Parameters<Departure>[1]) => answer(request.example, request),
    ]),
  );
  server = await startExampleServer({ departures });
  const dir = tempFolder('conformance-hostile-');
  outcome = await runBinMeasured(
    [
      '--base-url',
      server.url,
      '--no-behaviour',
      '--rps',
      '200',
      '--timeout-ms',
      String(timeoutMs),
      '--header-env',
      'Authorization=CONFORMANCE_TEST_CREDENTIAL',
      '--junit',
      path.join(dir, 'report.xml'),
      '--json',
      path.join(dir, 'report.json'),
    ],
    { CONFORMANCE_TEST_CREDENTIAL: secret },
  );
  jsonText = await readFile(path.join(dir, 'report.json'), 'utf8');
  junit = await readFile(path.join(dir, 'report.xml'), 'utf8');
  report = JSON.parse(jsonText);
}, 120_000);
afterAll(() => server?.close());

const problemsOf = (operationId: string) => report.problems.filter((problem) => problem.operationId === operationId);
const resultOf = (operationId: string) => report.operations.find((result) => result.operationId === operationId);

describe('a run against a hostile service', () => {
  it('ends with exit 1 and writes every report, whatever the answers', () => {
    expect(outcome.code, outcome.stderr).toBe(1);
    console.log(`hostile run: ${report.durationMs} ms, ${report.totals.requests} requests`);
    expect(outcome.stdout).toMatch(/^Totals: 31 operations: /m);
    expect(report.conforms).toBe(false);
    expect(report.settings).toMatchObject({ timeoutMs, maxBodyBytes, headers: ['Authorization'] });
  });

  it('sent the credential, read from the environment, with every request', () => {
    const sent = server.received.filter((request) => request.url !== '/');
    expect(sent.length).toBeGreaterThan(40);
    expect(sent.every((request) => request.headers.authorization === secret)).toBe(true);
  });

  it(`reads no body past ${maxBodyBytes} bytes: without end, a gzip bomb, a length of 2 GiB announced`, () => {
    for (const operationId of ['getStakedApy', 'getStakedPortfolio', 'getTeamInfo']) {
      expect(problemsOf(operationId), JSON.stringify(resultOf(operationId))).toEqual([
        {
          operationId,
          check: 'body-size',
          expected: `a body of at most ${maxBodyBytes} bytes (--max-body-bytes)`,
          observed: `200, body over ${maxBodyBytes} bytes (the rest left unread)`,
          request: expect.stringMatching(/^GET http:\/\/127\.0\.0\.1:\d+\/v1\//),
        },
      ]);
    }
    // The announced length is refused before anything is read: no waiting for the timeout.
    expect(resultOf('getTeamInfo')?.ms).toBeLessThan(timeoutMs);
  });

  it(`keeps the runner under ${RUNNER_RSS_MIB} MiB and Respect under ${RESPECT_RSS_MIB} MiB`, () => {
    const [runner, ...children] = [...outcome.peaks].sort((a, b) =>
      a.script.endsWith('bin.js') ? -1 : b.script.endsWith('bin.js') ? 1 : 0,
    );
    console.log(
      `peak RSS: ${outcome.peaks.map((peak: PeakRss) => `${path.basename(peak.script)} ${peak.mib} MiB`).join(', ')}`,
    );
    expect(runner?.script).toMatch(/bin\.js$/);
    expect(runner?.mib).toBeLessThan(RUNNER_RSS_MIB);
    expect(children.length).toBeGreaterThan(0);
    for (const child of children) expect(child.mib, child.script).toBeLessThan(RESPECT_RSS_MIB);
  });

  it(`ends every request with no answer, or half a body, within 1.5x --timeout-ms (${timeoutMs} ms)`, () => {
    const timedOut = report.requests.filter((request: SentRequest) => request.outcome === 'timeout');
    expect(timedOut.map((request) => request.target.split('?')[0])).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\/trade\/history$/),
        expect.stringMatching(/\/team-boost-history$/),
      ]),
    );
    console.log(
      `timed-out requests: ${timedOut.map((request) => `${request.target.split('?')[0]} ${request.ms} ms`).join(', ')}`,
    );
    for (const request of timedOut) {
      expect(request.ms).toBeGreaterThanOrEqual(timeoutMs - 1);
      expect(request.ms).toBeLessThan(timeoutMs * 1.5);
    }
    expect(resultOf('listTradeHistory')?.status).toBe('timeout');
    expect(resultOf('listTeamBoostHistory')?.status).toBe('timeout');
  });

  it('hands Respect no large invalid body and no body over 1 MiB, and says so in the workflow', () => {
    const notes = Object.fromEntries(report.workflows.map((workflow) => [workflow.workflowId, workflow.notes]));
    expect(notes.marketToPriceUpdates).toContainEqual(
      expect.stringMatching(
        /^GET \/v1\/pairs\S*: 200 with a body of \d+ bytes that departs from the contract \(schema: .*\); not handed to Respect \(shown to it as 502\)$/,
      ),
    );
    expect(notes.traderPositionsToUnrealizedPnl).toContainEqual(
      expect.stringMatching(
        /portfolio_data: 200 with a body of \d+ bytes, over the 1048576 a flow's step is handed; not handed/,
      ),
    );
    // The runner's own check of the large valid body finds nothing wrong with it.
    expect(problemsOf('getPortfolioData')).toEqual([]);
  });

  it('reports a body nested 5,000 deep as any invalid body', () => {
    expect(problemsOf('listTeamMembers')[0]).toMatchObject({
      check: 'schema',
      observed: expect.stringMatching(/^\(root\) = \[\[\[\[/),
    });
  });

  it('checks megabytes of invalid items with a bounded number of errors, saying so', () => {
    const problems = problemsOf('listLeaderboard');
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.length).toBeLessThanOrEqual(20);
    expect(problems.filter((problem) => problem.check === 'schema').length).toBeGreaterThan(0);
    // Besides the schema errors, the page rule: megabytes of items on a page of 2.
    expect(problems.filter((problem) => problem.check !== 'schema')).toEqual([
      expect.objectContaining({ check: 'rule', rule: 'page-content' }),
    ]);
    expect(resultOf('listLeaderboard')?.notes).toContain(
      'only the first schema error is looked for in a body over 65536 bytes',
    );
  });

  it('keeps every form of the credential out of every output, before any cut or escape', () => {
    const outputs = { stdout: outcome.stdout, stderr: outcome.stderr, junit, json: jsonText };
    // The token's letters survive no escaping or encoding, so any 8 of them in a row would be a leak.
    const pieces = ['9f3b2c7d', '2c7d5e1a', '4f6b8c0d', 'tok"<&>', 'tok\\"<&>', 'tok&quot;', 'tok%22%3C'];
    for (const [name, output] of Object.entries(outputs)) {
      for (const piece of pieces) expect(output, `${name} holds ${piece}`).not.toContain(piece);
    }
    // The echoes were there to be redacted: in a body, a field, a cut excerpt, an observation, a flow step.
    expect(problemsOf('getMyRank')[0]?.observed).toBe('201 you sent [redacted]');
    expect(problemsOf('getPairVolume')[0]?.observed).toBe('/period = "[redacted]"');
    expect(problemsOf('getProtocolVolumeAllTime')[0]?.observed).toMatch(/^500 x+\[redacted\]/);
    const observation = report.observations.find(
      (candidate) => candidate.operationId === 'getPriceHoursAgo' && candidate.point === 'Error body shape (400)',
    );
    expect(observation?.observed).toContain('auth=[redacted]');
    // The flow's schema check (the runner's own, on the body handed to Respect) quotes the value it found.
    const flow = report.workflows.find((workflow) => workflow.workflowId === 'competitionToLeaderboard');
    expect(flow?.problems).toContainEqual(
      expect.objectContaining({
        check: 'competitionLeaderboard (listCompetitionLeaderboard): schema check',
        observed: expect.stringMatching(/^\/headers = "\[redacted\] /),
      }),
    );
  });

  it('writes no control character, BiDi override or hidden mark to the terminal', () => {
    expect(outcome.stdout).not.toMatch(UNSAFE_FOR_TERMINAL);
    expect(outcome.stdout).toContain('\\u001b]0;pwned\\u0007\\u001b[2J\\u202eevil\\u009b31mred\\u200f');
  });

  it('writes JUnit a strict XML parser accepts, with the forbidden code points removed', () => {
    expect(XMLValidator.validate(junit)).toBe(true);
    expect(junit).not.toMatch(NOT_XML_CHARACTER);
    expect(junit).not.toMatch(LONE_SURROGATE);
    const parsed = new XMLParser({
      ignoreAttributes: false,
      isArray: (name) => ['testsuite', 'testcase', 'failure'].includes(name),
    }).parse(junit);
    const pnlChart = parsed.testsuites.testsuite[0].testcase.find(
      (testcase: Record<string, string>) => testcase['@_name'] === 'getPnlChart',
    );
    // U+FFFD is what a lone surrogate became on the wire: a character XML allows.
    expect(pnlChart.failure[0]['#text']).toContain('observed: 500 abc\uFFFDdef');
    const surrogate = parsed.testsuites.testsuite[0].testcase.find(
      (testcase: Record<string, string>) => testcase['@_name'] === 'getPairCumulativeVolume',
    );
    // Written as JSON, the lone surrogate is its escape: visible, and text XML allows.
    expect(surrogate.failure[0]['#text']).toContain('observed: /period = "a\\ud800b"');
    expect(problemsOf('getPairCumulativeVolume')[0]?.observed).toBe('/period = "a\\ud800b"');
  });
});
