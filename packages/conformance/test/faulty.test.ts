// A server that serves the contract's examples but departs from the contract in one known way per check
// kind, each on its own operation: the run flags each departure with its check kind, and nothing else.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../../../test/support/temp.js';
import { runConformance } from '../src/index.js';
import { type Answer, type Departure, type ExampleServer, runBin, startExampleServer } from './support/servers.js';

type Body = Record<string, unknown>;
const body = (answer: { body: unknown }) => answer.body as Body;

/** operationId -> [check kind expected in the report, the departure]. */
const seeded: Record<string, [string, Departure]> = {
  getStakedApy: ['status', (answer) => ({ ...answer, status: 201 })],
  getTeamInfo: [
    'content-type',
    (answer) => ({ ...answer, headers: { 'content-type': 'text/plain' }, body: JSON.stringify(answer.body) }),
  ],
  getUnrealizedPnl: ['header', (answer) => ({ ...answer, headers: { 'content-type': 'application/json' } })],
  getStakedPortfolio: ['schema', (answer) => ({ ...answer, body: { ...body(answer), principal: undefined } })], // missing required field
  getMyRank: ['schema', (answer) => ({ ...answer, body: { ...body(answer), rank: String(body(answer).rank) } })], // wrong type
  getPairVolume: ['schema', (answer) => ({ ...answer, body: { ...body(answer), period: 'WEEKLY' } })], // outside the enum
  getProtocolVolumeAllTime: ['schema', (answer) => ({ ...answer, body: { ...body(answer), vol: '38,412,907.2215' } })], // breaks the decimal pattern
  getTradeOverview: ['schema', (answer) => ({ ...answer, body: { ...body(answer), realizedPnlUsd: null } })], // null where not nullable
  // Answers hours_ago=25 with the example instead of refusing it.
  getPriceHoursAgo: [
    'out-of-range',
    (answer, { query, example }) => (query.get('hours_ago') === '25' ? example : answer),
  ],
};

let server: ExampleServer;
beforeAll(async () => {
  const departures = Object.fromEntries(
    Object.entries(seeded).map(([operationId, [, departure]]) => [operationId, departure]),
  );
  server = await startExampleServer({ departures });
});
afterAll(() => server?.close());

describe('against a server with one departure per check kind', () => {
  it('flags every seeded departure with its check kind and no problem on the clean operations', async () => {
    const report = await runConformance({ baseUrl: server.url, behaviour: false, rps: 200, concurrency: 8 });
    const failing = report.operations.filter((result) => result.status !== 'pass' && result.status !== 'skipped');
    expect(failing.map((result) => result.operationId).sort()).toEqual(Object.keys(seeded).sort());
    for (const result of failing) {
      const kinds = new Set(result.problems.map((problem) => problem.check));
      expect([...kinds], result.operationId).toEqual([seeded[result.operationId]?.[0]]);
    }
    expect(report.workflows.map((workflow) => [workflow.workflowId, workflow.status])).toEqual([
      ['marketToPriceUpdates', 'pass'],
      ['competitionToLeaderboard', 'pass'],
      ['traderPositionsToUnrealizedPnl', 'pass'],
    ]);
    expect(report.conforms).toBe(false);
    const flagged = failing.length;
    console.log(
      `faulty server: ${flagged} of ${Object.keys(seeded).length} departures flagged; false positives: ${report.operations.filter((result) => result.status === 'fail' && !seeded[result.operationId]).length}`,
    );
  });

  it('names what broke: the field, the expected rule and the observed value', async () => {
    const report = await runConformance({
      baseUrl: server.url,
      behaviour: false,
      rps: 200,
      concurrency: 8,
      workflows: false,
    });
    const problem = (operationId: string) =>
      report.problems.filter((candidate) => candidate.operationId === operationId);
    expect(problem('getStakedPortfolio')).toContainEqual(
      expect.objectContaining({ check: 'schema', expected: "(root) must have required property 'principal'" }),
    );
    expect(problem('getMyRank')).toContainEqual(
      // The string "1" where an integer belongs: shown as the JSON it was.
      expect.objectContaining({ check: 'schema', expected: '/rank must be integer', observed: '/rank = "1"' }),
    );
    expect(problem('getPairVolume')[0]?.expected).toMatch(
      /\/period must be equal to one of the allowed values \(ONE_DAY, SEVEN_DAY, THIRTY_DAY, ALL\)/,
    );
    expect(problem('getProtocolVolumeAllTime')[0]).toMatchObject({ observed: '/vol = "38,412,907.2215"' });
    expect(problem('getTradeOverview')[0]).toMatchObject({
      expected: '/realizedPnlUsd must be string',
      observed: '/realizedPnlUsd = null',
    });
    expect(problem('getUnrealizedPnl')).toEqual([
      {
        operationId: 'getUnrealizedPnl',
        check: 'header',
        expected: 'Cache-Control present',
        observed: 'Cache-Control absent',
        request: `GET ${server.url}/v1/portfolio/0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b/unrealized-pnl`,
      },
    ]);
    expect(problem('getStakedApy')[0]).toMatchObject({ check: 'status', observed: expect.stringMatching(/^201/) });
    expect(problem('getTeamInfo')[0]).toMatchObject({
      check: 'content-type',
      expected: 'application/json',
      observed: 'text/plain',
    });
    expect(problem('getPriceHoursAgo')).toEqual([
      {
        operationId: 'getPriceHoursAgo',
        check: 'out-of-range',
        expected: '400 for hours_ago=25 (above 24: "`hours_ago` outside 1 to 24 on `pair-hours-ago`" (400))',
        observed: '200',
        // The refused request, not the operation's own.
        request: expect.stringMatching(
          /^GET http:\/\/127\.0\.0\.1:\d+\/v1\/oracle\/price\/pair-hours-ago\?.*hours_ago=25$/,
        ),
      },
    ]);
  });

  it('exits 1 and writes a JUnit testcase per operation and workflow with a failure per problem, and the JSON', async () => {
    const dir = tempFolder('conformance-faulty-');
    const junit = path.join(dir, 'report.xml');
    const json = path.join(dir, 'report.json');
    const { code, stdout } = await runBin([
      '--base-url',
      server.url,
      '--no-behaviour',
      '--rps',
      '200',
      '--junit',
      junit,
      '--json',
      json,
    ]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^ {2}FAIL {2}getMyRank +GET/m);
    expect(stdout).toMatch(/^ {2}ok {4}listLeaderboard +GET/m);
    expect(stdout).toMatch(
      /Totals: 31 operations: 20 conform, 9 do not, 0 timed out, 2 skipped; 3 of 3 workflows conform/,
    );

    const parsed = new XMLParser({
      ignoreAttributes: false,
      isArray: (name) => ['testsuite', 'testcase', 'failure'].includes(name),
    }).parse(await readFile(junit, 'utf8'));
    const [operations, workflows] = parsed.testsuites.testsuite;
    expect(operations.testcase).toHaveLength(31);
    expect(workflows.testcase.map((testcase: Record<string, string>) => testcase['@_name'])).toEqual([
      'marketToPriceUpdates',
      'competitionToLeaderboard',
      'traderPositionsToUnrealizedPnl',
    ]);
    const report = JSON.parse(await readFile(json, 'utf8'));
    for (const testcase of operations.testcase) {
      const problems = report.problems.filter(
        (problem: { operationId: string }) => problem.operationId === testcase['@_name'],
      );
      expect(testcase.failure ?? [], testcase['@_name']).toHaveLength(problems.length);
    }
    const skipped = operations.testcase
      .filter((testcase: Record<string, unknown>) => 'skipped' in testcase)
      .map((testcase: Record<string, string>) => testcase['@_name']);
    expect(skipped).toEqual(['joinCompetition', 'submitTradingIntent']);
    expect(operations['@_failures']).toBe('9');
    for (const problem of report.problems)
      expect(Object.keys(problem)).toEqual(['operationId', 'check', 'expected', 'observed', 'request']);
  });
});

describe('a departure inside a flow', () => {
  it('fails the workflow that carries it, naming the step, and computes the transaction value from the step before', async () => {
    const flowServer = await startExampleServer({
      departures: {
        // Only for the competition the flow follows (the runner's own request sends the placeholder id 1).
        listCompetitionLeaderboard: (answer, { path }) =>
          path.startsWith('/v1/trading-competition/1/')
            ? answer
            : { ...answer, body: { ...body(answer), headers: 'rank,pnl' } },
        queryPriceUpdates: (answer) => ({
          ...answer,
          body: { ...body(answer), updateFee: '250000000000000000000', verifition_fee: '7' },
        }),
      },
    });
    try {
      const report = await runConformance({ baseUrl: flowServer.url, behaviour: false, rps: 200 });
      const byId = Object.fromEntries(report.workflows.map((workflow) => [workflow.workflowId, workflow]));
      expect(byId.competitionToLeaderboard?.status).toBe('fail');
      expect(byId.competitionToLeaderboard?.problems.map((problem) => problem.check)).toEqual([
        'competitionLeaderboard (listCompetitionLeaderboard): schema check',
      ]);
      expect(byId.marketToPriceUpdates).toMatchObject({
        status: 'pass',
        notes: ['transaction value (updateFee + verifition_fee): 250000000000000000007 wei'],
      });
      expect(byId.traderPositionsToUnrealizedPnl?.status).toBe('pass');
      expect(report.problems).toContainEqual(
        expect.objectContaining({
          operationId: 'competitionToLeaderboard',
          workflow: true,
          request: expect.stringMatching(/^GET http:\/\/127\.0\.0\.1:\d+\/v1\/trading-competition\/\d+\/leaderboard$/),
        }),
      );
    } finally {
      await flowServer.close();
    }
  });

  it('fails a flow whose step fails as its operation already did, with one problem of its own naming the step', async () => {
    const flowServer = await startExampleServer({
      departures: {
        listCompetitionLeaderboard: (answer) => ({ ...answer, body: { ...body(answer), headers: 'rank,pnl' } }),
      },
    });
    try {
      const report = await runConformance({ baseUrl: flowServer.url, behaviour: false, rps: 200 });
      const flow = report.workflows.find((workflow) => workflow.workflowId === 'competitionToLeaderboard');
      expect(flow).toMatchObject({
        status: 'fail',
        problems: [
          {
            check: 'steps',
            expected: 'every step run and passed (2 steps)',
            observed:
              "2 run; competitionLeaderboard (listCompetitionLeaderboard) failed its schema check, as listCompetitionLeaderboard's own check does",
          },
        ],
      });
      expect(report.problems.map((problem) => [problem.operationId, problem.check])).toEqual([
        ['listCompetitionLeaderboard', 'schema'],
        ['competitionToLeaderboard', 'steps'],
      ]);
      expect(report.totals).toMatchObject({ problems: 2, workflows: 3, workflowsConform: 2 });
    } finally {
      await flowServer.close();
    }
  });

  it('judges a field the contract does not list as the operations do: an additive change passes both', async () => {
    // Every answer of the flows' operations carries one field more, at its top and in a list's items.
    const added = (answer: Answer): Answer => {
      const extra = (value: unknown) =>
        value && typeof value === 'object' && !Array.isArray(value) ? { ...value, addedLater: 'a new field' } : value;
      const withContent = (value: unknown) =>
        value && typeof value === 'object' && Array.isArray((value as Body).content)
          ? { ...(value as Body), content: ((value as Body).content as unknown[]).map(extra) }
          : value;
      const next = Array.isArray(answer.body) ? answer.body.map(extra) : extra(withContent(answer.body));
      return { ...answer, body: next };
    };
    const flowServer = await startExampleServer({
      departures: Object.fromEntries(
        ['listPairs', 'queryLatestPrices', 'queryPriceUpdates', 'listCompetitions', 'listPositions'].map((id) => [
          id,
          added,
        ]),
      ),
    });
    try {
      const report = await runConformance({ baseUrl: flowServer.url, behaviour: false, rps: 200 });
      expect(report.problems).toEqual([]);
      expect(report.workflows.map((workflow) => [workflow.workflowId, workflow.status])).toEqual([
        ['marketToPriceUpdates', 'pass'],
        ['competitionToLeaderboard', 'pass'],
        ['traderPositionsToUnrealizedPnl', 'pass'],
      ]);
    } finally {
      await flowServer.close();
    }
  });
});
