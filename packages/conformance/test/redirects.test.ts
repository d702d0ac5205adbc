// A service that answers with redirects, on the runner's own requests and inside the flows: nothing is
// followed, so no request goes anywhere the run did not mean it to (a write without --allow-writes, the
// gasless submission, another origin), and the report lists every request the service received. The command
// runs in this process: what is read is its words and reports (the bin's process is cli.test.ts's).
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { tempFolder } from '../../../test/support/temp.js';
import { runConformance, type SentRequest } from '../src/index.js';
import { type ExampleServer, runInProcess, startExampleServer } from './support/servers.js';

const token = 'redirect-test-token-8c1f';
const join = 'POST /v1/trading-competition/join';

let servers: ExampleServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

const redirectTo =
  (location: string, status = 307) =>
  () => ({
    status,
    headers: { location, 'content-type': 'text/plain' },
    body: `moved to ${location}`,
  });

/** `METHOD /target` of each request, sorted: what the service received, or what a report lists. */
const sorted = (requests: readonly { method: string; url?: string; target?: string }[]) =>
  requests.map((request) => `${request.method} ${request.url ?? request.target}`).sort();

/** Runs the command against a service whose flow steps answer with redirects; resolves with what each side saw. */
async function runAgainstRedirects(extraArgs: string[] = []) {
  const elsewhere = await startExampleServer();
  const service = await startExampleServer({
    departures: {
      // A step of each flow: to its own origin (a write, the gasless submission) and to another origin.
      queryLatestPrices: redirectTo('/v1/trading-competition/join'),
      listCompetitions: redirectTo(`${elsewhere.url}/v1/trading-competition/join`, 302),
      getUnrealizedPnl: redirectTo('/v2/trading/submit-intent', 308),
    },
  });
  servers.push(elsewhere, service);
  const dir = tempFolder('conformance-redirects-');
  const json = path.join(dir, 'report.json');
  const junit = path.join(dir, 'report.xml');
  const outcome = await runInProcess([
    '--base-url',
    service.url,
    '--no-behaviour',
    '--rps',
    '200',
    '--header',
    `Authorization: Bearer ${token}`,
    '--json',
    json,
    '--junit',
    junit,
    ...extraArgs,
  ]);
  const report = JSON.parse(await readFile(json, 'utf8'));
  const xml = await readFile(junit, 'utf8');
  return { ...outcome, report, xml, received: sorted(service.received), elsewhere: elsewhere.received };
}

describe('redirects', () => {
  it('are followed by neither the runner nor the flows: no write, no gasless submission, nothing elsewhere', async () => {
    const { code, report, received, elsewhere, stdout, stderr, xml } = await runAgainstRedirects();
    expect(code).toBe(1);
    expect(received).not.toContain(join);
    expect(received.filter((request) => request.startsWith('POST /v2/'))).toEqual([]);
    expect(elsewhere).toEqual([]);
    // The report lists exactly what the service received, so "never sent" is read from it.
    expect(sorted(report.requests)).toEqual(received);
    expect(report.totals.requests).toBe(received.length);
    expect(stdout).toContain(`Requests: ${received.length} sent to the service`);
    expect(report.requests.filter((request: SentRequest) => request.from === 'workflows').length).toBeGreaterThan(0);

    const byId = Object.fromEntries(
      report.workflows.map((workflow: { workflowId: string }) => [workflow.workflowId, workflow]),
    );
    // Each redirect is the service's answer to its step, and the workflow says it was not followed.
    for (const [workflowId, stepId, status, location] of [
      ['marketToPriceUpdates', 'latestPrices', 307, '/v1/trading-competition/join'],
      ['competitionToLeaderboard', 'listCompetitions', 302, '/v1/trading-competition/join'],
      ['traderPositionsToUnrealizedPnl', 'unrealizedPnl', 308, '/v2/trading/submit-intent'],
    ] as const) {
      // The step's undeclared status is the runner's own finding on the operation too: the flow did not run
      // to its end, so it fails, with one problem naming the step, and is not counted as conforming.
      expect(byId[workflowId].status).toBe('fail');
      expect(byId[workflowId].problems).toEqual([
        expect.objectContaining({
          check: 'steps',
          observed: expect.stringMatching(new RegExp(`; ${stepId} \\(\\w+\\) failed its status code check, as `)),
        }),
      ]);
      expect(byId[workflowId].steps).toContainEqual(expect.objectContaining({ stepId, status }));
      expect(byId[workflowId].notes).toContainEqual(
        expect.stringMatching(
          new RegExp(`answered ${status} to \\S*${location}: passed to Respect without its Location`),
        ),
      );
    }
    // The runner's own request of the same operation reports the redirect as an undeclared status.
    expect(report.problems).toContainEqual(
      expect.objectContaining({
        operationId: 'queryLatestPrices',
        check: 'status',
        observed: expect.stringMatching(/^307/),
      }),
    );
    expect(
      report.operations.find((result: { operationId: string }) => result.operationId === 'joinCompetition'),
    ).toMatchObject({ status: 'skipped' });
    // No flow that did not complete is counted as conforming: the summary, the JSON totals and JUnit agree.
    expect(report.totals).toMatchObject({ workflows: 3, workflowsConform: 0 });
    expect(stdout).toMatch(/; 0 of 3 workflows conform;/);
    for (const workflowId of Object.keys(byId)) {
      expect(stdout).toMatch(new RegExp(`\\n  FAIL  ${workflowId}  `));
      expect(xml).toMatch(
        new RegExp(`<testcase name="${workflowId}" classname="conformance.workflows"[^>]*>\\s*<failure type="steps"`),
      );
    }
    for (const text of [stdout, stderr, JSON.stringify(report)]) expect(text).not.toContain(token);
  });

  it('with --allow-writes, the join is sent once, by the runner, and the gasless submission never', async () => {
    const { report, received, elsewhere } = await runAgainstRedirects(['--allow-writes']);
    expect(received.filter((request) => request === join)).toHaveLength(1);
    expect(report.requests.filter((request: SentRequest) => `${request.method} ${request.target}` === join)).toEqual([
      expect.objectContaining({ from: 'runner', status: 200 }),
    ]);
    expect(received.filter((request) => request.startsWith('POST /v2/'))).toEqual([]);
    expect(elsewhere).toEqual([]);
    expect(sorted(report.requests)).toEqual(received);
  });
});

describe('a flow that asks for what the run may not send', () => {
  it('is refused by the proxy, never sent, and reported in the workflow that asked', async () => {
    // A contract folder whose flow reads the pairs, then joins a competition (a write).
    const dir = tempFolder('conformance-refused-');
    const generated = fileURLToPath(new URL('../../../generated/', import.meta.url));
    await copyFile(path.join(generated, 'openapi.json'), path.join(dir, 'openapi.json'));
    const flow = {
      arazzo: '1.0.1',
      info: { title: 'A flow with a write', version: '1.0.0' },
      sourceDescriptions: [{ name: 'tradingAnalytics', type: 'openapi', url: './openapi.json' }],
      workflows: [
        {
          workflowId: 'pairsThenJoin',
          steps: [
            { stepId: 'pairs', operationId: 'listPairs', successCriteria: [{ condition: '$statusCode == 200' }] },
            {
              stepId: 'join',
              operationId: 'joinCompetition',
              requestBody: { contentType: 'application/json', payload: { competitionId: 1 } },
              successCriteria: [{ condition: '$statusCode == 200' }],
            },
          ],
        },
      ],
    };
    await writeFile(path.join(dir, 'write.arazzo.yaml'), stringify(flow));
    const service = await startExampleServer();
    servers.push(service);

    const report = await runConformance({ baseUrl: service.url, behaviour: false, rps: 200, contractDir: dir });
    expect(sorted(service.received)).not.toContain(join);
    expect(sorted(report.requests)).toEqual(sorted(service.received));
    const [workflow] = report.workflows;
    expect(workflow).toMatchObject({ workflowId: 'pairsThenJoin', status: 'fail' });
    // The refusal is the one problem: Respect's checks of the 403 it was shown are not counted again.
    expect(workflow?.problems).toEqual([
      {
        check: 'refused',
        expected: expect.stringContaining('only requests for the operations the flows name'),
        observed: expect.stringMatching(
          /^POST \/v1\/trading-competition\/join refused, never sent: joinCompetition is a write .*--allow-writes/,
        ),
        request: `POST ${service.url}/v1/trading-competition/join`,
      },
    ]);
    expect(report.conforms).toBe(false);
  });
});
