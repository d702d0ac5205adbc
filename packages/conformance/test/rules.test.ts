// The service description's prose rules (check kind `rule`): a stand-in server seeded with one departure per
// operation gets each flagged with the rule and the description's words, and nothing else; a server that
// keeps the rules (the contract's examples, or answers that follow the request) gets nothing.

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBundle, resolve } from '../../../test/support/contract.js';
import { type ConformanceReport, type OperationReportProblem, runConformance } from '../src/index.js';
import { RULES } from '../src/operations/prose-rules.js';
import { type Departure, startExampleServer } from './support/servers.js';

type Body = Record<string, unknown>;
const body = (answer: { body: unknown }) => answer.body as Body;

// The contract's example addresses: Ava (asked by the runner), Cy and Dee.
const AVA = '0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b';
const MON = '0x6d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f7a8b9c0';
const BTC = '0xbd1f3e2c8a4d6b7e9f0a1c2d3e4f5a6b7c8d9e0f';

// The team MAXI42, as the contract's example gives it (read from the bundle, so it cannot drift from it).
const bundle = loadBundle();
const MAXI42: Body = resolve(
  bundle,
  bundle.paths['/v1/genesis-airdrop/team-info-by-code/{code}'].get.responses['200'].content['application/json'].examples
    .teamByCode,
).value;

const withoutHasJoined = (list: unknown) => (list as Body[]).map(({ hasJoined: _left, ...competition }) => competition);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'conformance-rules-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs the operations (no workflows) against a server with these departures, and --params when given. */
async function runAgainst(departures: Record<string, Departure>, params?: object): Promise<ConformanceReport> {
  const server = await startExampleServer({ departures });
  try {
    let file: string | undefined;
    if (params) {
      file = path.join(dir, `params-${Math.random().toString(36).slice(2)}.json`);
      await writeFile(file, JSON.stringify(params));
    }
    return await runConformance({
      baseUrl: server.url,
      behaviour: false,
      rps: 500,
      concurrency: 8,
      workflows: false,
      ...(file ? { params: file } : {}),
    });
  } finally {
    await server.close();
  }
}

const problemsOf = (report: ConformanceReport, operationId: string) =>
  report.problems.filter(
    (problem): problem is OperationReportProblem => !problem.workflow && problem.operationId === operationId,
  );
const seedOf = (rule: string, operationId: string) =>
  RULES.find((candidate) => candidate.id === rule && candidate.operationId === operationId)?.seed;

/** operationId -> [the rule expected, the departure]: one per operation, so that one run holds them all. */
const seeded: Record<string, [string, Departure]> = {
  // Page 0 is asked (by default); the page answered says 3.
  listLeaderboard: ['page-number', (answer) => ({ ...answer, body: { ...body(answer), pageNumber: 3 } })],
  // size=2 is asked; the page is of the default size, and its count follows from it.
  listTradeHistory: [
    'page-size',
    (answer) => {
      const page = body(answer);
      return { ...answer, body: { ...page, pageSize: 10, totalPages: Math.ceil(Number(page.totalElements) / 10) } };
    },
  ],
  // 21 pairs on a page of 20.
  listPairs: [
    'page-content',
    (answer) => {
      const [pair] = body(answer).content as unknown[];
      return { ...answer, body: { ...body(answer), content: Array(21).fill(pair), totalPages: 2, totalElements: 21 } };
    },
  ],
  listCompetitionLeaderboard: [
    'total-pages',
    (answer) => {
      const data = body(answer).data as Body;
      return { ...answer, body: { ...body(answer), data: { ...data, totalPages: 7 } } };
    },
  ],
  // Another trader's record: Cy, outside the ranked set.
  getMyRank: [
    'my-rank-address',
    (answer, { example }) => ({
      ...answer,
      body: { ...body(example), rank: 0, userAddress: '0xd4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f607' },
    }),
  ],
  getTradingStats: ['trading-stats-rank', (answer) => ({ ...answer, body: { ...body(answer), rank: 5 } })],
  // The address asked, in mixed case (a schema pattern departure too: reported once, as the rule).
  getUnrealizedPnl: [
    'unrealized-pnl-address',
    (answer) => ({ ...answer, body: { ...body(answer), userAddress: '0x4A7F2C9E1B3D5F60718293A4B5C6D7E8F9012A3B' } }),
  ],
  // The example asks for BTC, ETH and AAPL; ETH is in neither prices nor failures.
  queryLatestPrices: [
    'latest-prices-pairs',
    (answer) => ({
      ...answer,
      body: {
        prices: { [BTC]: '97250500000000000000000', '0xa1a2a3a4a5a6a7a8a9b0b1b2b3b4b5b6b7b8b9c0': '1' },
        failures: [],
      },
    }),
  ],
  // Whatever the request, the list without hasJoined.
  listCompetitions: ['has-joined', (answer) => ({ ...answer, body: withoutHasJoined(answer.body) })],
  getPairCumulativeVolume: [
    'cumulative-volume-period',
    (answer) => ({ ...answer, body: { ...body(answer), period: 'SEVEN_DAY' } }),
  ],
  // An unknown code answered 404.
  getTeamInfoByCode: [
    'unknown-team-code',
    (answer, { example }) =>
      example.body === null
        ? { status: 404, headers: { 'content-type': 'application/json' }, body: { error: 'no such team' } }
        : answer,
  ],
};

describe('a departure from each prose rule', () => {
  let report: ConformanceReport;
  beforeAll(async () => {
    const departures = Object.fromEntries(Object.entries(seeded).map(([id, [, departure]]) => [id, departure]));
    report = await runAgainst(departures);
  });

  it('is flagged with check rule, the rule, and the service description words, and nothing else', () => {
    for (const [operationId, [rule]] of Object.entries(seeded)) {
      expect(problemsOf(report, operationId), operationId).toEqual([
        {
          operationId,
          check: 'rule',
          expected: expect.stringMatching(new RegExp(`^${rule}: `)),
          observed: expect.any(String),
          request: expect.stringMatching(/^(GET|POST) http:\/\/127\.0\.0\.1:[0-9]+\/v[12]\//),
          rule,
          seed: seedOf(rule, operationId),
        },
      ]);
    }
    const failing = report.operations.filter((result) => result.status === 'fail').map((result) => result.operationId);
    expect(failing.sort()).toEqual(Object.keys(seeded).sort());
  });

  it('says what the request asked and what the answer holds', () => {
    const problem = (operationId: string) => problemsOf(report, operationId)[0];
    expect(problem('listLeaderboard')).toMatchObject({
      expected: 'page-number: pageNumber 0 (no page asked: the default)',
      observed: '/pageNumber = 3',
    });
    expect(problem('listTradeHistory')).toMatchObject({
      expected: 'page-size: pageSize 2 (size=2 asked)',
      observed: '/pageSize = 10',
    });
    expect(problem('listPairs')).toMatchObject({ observed: '/content length = 21' });
    expect(problem('listCompetitionLeaderboard')).toMatchObject({
      expected: 'total-pages: totalPages 206 (totalElements 412 / pageSize 2, rounded up)',
      observed: '/data/totalPages = 7',
    });
    expect(problem('getMyRank')).toMatchObject({
      expected: `my-rank-address: userAddress ${AVA} (the address asked, in any case)`,
    });
    expect(problem('getUnrealizedPnl')).toMatchObject({
      expected: `unrealized-pnl-address: userAddress ${AVA} (the address asked, in lowercase)`,
      observed: '/userAddress = "0x4A7F2C9E1B3D5F60718293A4B5C6D7E8F9012A3B"',
    });
    expect(problem('queryLatestPrices')?.observed).toBe(
      '0xe7a2c4d6f8b0a1c3e5d7f9b1a3c5e7d9f1b3a5c7 in prices or failures = absent',
    );
    expect(problem('listCompetitions')?.observed).toMatch(/^\/0\/hasJoined = absent; \/1\/hasJoined = absent/);
    expect(problem('getTeamInfoByCode')).toMatchObject({
      expected: 'unknown-team-code: 200 with a null body for code=NO-TEAM-HAS-THIS-CODE, a code no team has',
      observed: '404 {"error":"no such team"}',
    });
    // A rule's own request is the one its problem shows.
    expect(problem('getTeamInfoByCode')?.request).toMatch(
      /\/v1\/genesis-airdrop\/team-info-by-code\/NO-TEAM-HAS-THIS-CODE$/,
    );
    expect(problem('listCompetitions')?.request).toMatch(new RegExp(`/v1/trading-competition\\?userAddress=${AVA}$`));
    expect(problem('listLeaderboard')?.request).toMatch(/\/v1\/leaderboard\?size=2$/);
    expect(problem('getTradingStats')?.seed).toContain('with `rank` 0 (a stats query, not a ranking)');
    expect(problem('getPairCumulativeVolume')?.seed).toContain('`period` equal to `ALL`');
  });

  it('sends one request of its own for the rules that need one, listed with the others', () => {
    const targets = report.requests.map((request) => `${request.method} ${request.target}`);
    expect(targets.filter((target) => target.includes('NO-TEAM-HAS-THIS-CODE'))).toEqual([
      'GET /v1/genesis-airdrop/team-info-by-code/NO-TEAM-HAS-THIS-CODE',
    ]);
    expect(targets.filter((target) => target.startsWith('GET /v1/trading-competition?'))).toEqual([
      `GET /v1/trading-competition?userAddress=${AVA}`,
    ]);
  });
});

describe('other departures', () => {
  it('flags an empty account with a non-zero PnL or a price time (by its schema), another trader in the window, an unknown code answered with a team, a pair answered twice, and a size asked but not kept', async () => {
    const report = await runAgainst({
      getUnrealizedPnl: (answer) => ({
        ...answer,
        body: {
          userAddress: AVA,
          blockChain: 'MONAD',
          positionCount: 0,
          unrealizedPnlUsd: '12.5',
          unrealizedPnlAfterAccruedFeesUsd: '0',
          fundingFeeUsd: '0',
          holdingFeeUsd: '0',
          blockNumber: '41250313',
          blockTimestamp: 1795262398,
          priceAsOf: 1795262391,
        },
      }),
      getTradingStats: (answer) => ({
        ...answer,
        body: { ...body(answer), userAddress: '0x52d0e3b1a4c9f87e6d5c4b3a291807f6e5d4c3b2' },
      }),
      // Every code is answered with the team MAXI42.
      getTeamInfoByCode: (answer) => ({ ...answer, body: MAXI42 }),
      queryLatestPrices: () => ({
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: {
          prices: {
            [BTC]: '1',
            '0xe7a2c4d6f8b0a1c3e5d7f9b1a3c5e7d9f1b3a5c7': '2',
            '0xa1a2a3a4a5a6a7a8a9b0b1b2b3b4b5b6b7b8b9c0': '3',
          },
          failures: [{ pairBase: BTC.toUpperCase().replace('0X', '0x'), reason: 'stale' }],
        },
      }),
      listTeamLeaderboard: (answer) => ({ ...answer, body: { ...body(answer), pageSize: 50, totalPages: 1 } }),
    });
    const rules = (operationId: string) => problemsOf(report, operationId).map((problem) => problem.rule);
    // An empty account's zeros are the UnrealizedPnl schema's (L265), so the schema check reports them.
    const unrealized = problemsOf(report, 'getUnrealizedPnl');
    expect(unrealized.every((problem) => problem.check === 'schema')).toBe(true);
    expect(unrealized.map((problem) => problem.observed)).toEqual(
      expect.arrayContaining(['/unrealizedPnlUsd = "12.5"', '/priceAsOf = 1795262391']),
    );
    expect(rules('getTradingStats')).toEqual(['trading-stats-address']);
    expect(rules('getTeamInfoByCode')).toEqual(['unknown-team-code']);
    expect(problemsOf(report, 'getTeamInfoByCode')[0]?.observed).toMatch(/^200 \{"teamName":"Monad Maxis"/);
    expect(rules('queryLatestPrices')).toEqual(['latest-prices-pairs']);
    expect(problemsOf(report, 'queryLatestPrices')[0]?.observed).toBe(`times ${BTC} is in prices and failures = 2`);
    expect(rules('listTeamLeaderboard')).toEqual(['page-size']);
    expect(
      report.problems
        .filter((problem) => problem.operationId !== 'getUnrealizedPnl')
        .every((problem) => problem.check === 'rule'),
    ).toBe(true);
  });

  it('holds a page to the default size when no size is asked, and a list to hasJoined when --params gives the userAddress', async () => {
    const report = await runAgainst(
      { listCompetitions: (answer) => ({ ...answer, body: withoutHasJoined(answer.body) }) },
      {
        parameters: { userAddress: AVA },
        operations: { listLeaderboard: { parameters: { size: null } } },
      },
    );
    expect(problemsOf(report, 'listLeaderboard')).toEqual([
      expect.objectContaining({
        rule: 'page-size',
        expected: 'page-size: pageSize 50 (no size asked: the default)',
        observed: '/pageSize = 2',
      }),
    ]);
    expect(problemsOf(report, 'listCompetitions').map((problem) => problem.rule)).toEqual(['has-joined']);
    // The list's own request carries the userAddress: no request of the rule's own is sent.
    const lists = report.requests.filter((request) => request.target.startsWith('/v1/trading-competition?'));
    expect(lists.map((request) => request.target)).toEqual([`/v1/trading-competition?userAddress=${AVA}`]);
  });
});

describe('a service that keeps the rules', () => {
  it('gets nothing: the contract examples, the cases the rules ask for by name', async () => {
    const report = await runAgainst({});
    expect(report.problems).toEqual([]);
    expect(report.conforms).toBe(true);
  });

  it('gets nothing when its pages follow the page and size asked, by --params or by default, and empty accounts and collapsed duplicates are answered as described', async () => {
    /** A leaderboard page that follows the query: `size` entries of a list of 1284, page `page`. */
    const followingPage: Departure = (answer, { query }) => {
      const page = Number(query.get('page') ?? 0);
      const size = Number(query.get('size') ?? 50);
      const [entry] = body(answer).content as unknown[];
      const content = Array(Math.max(0, Math.min(size, 1284 - page * size))).fill(entry);
      const totalPages = Math.ceil(1284 / size);
      return { ...answer, body: { content, pageNumber: page, pageSize: size, totalPages, totalElements: 1284 } };
    };
    const emptyAccount: Departure = (answer) => ({
      ...answer,
      body: {
        ...body(answer),
        userAddress: AVA,
        positionCount: 0,
        unrealizedPnlUsd: '0',
        unrealizedPnlAfterAccruedFeesUsd: '0',
        fundingFeeUsd: '0',
        holdingFeeUsd: '0',
        priceAsOf: undefined,
      },
    });
    const collapsed: Departure = (answer) => ({
      ...answer,
      body: { prices: { [MON]: '31200000000000000' }, failures: [] },
    });
    const departures = {
      listLeaderboard: followingPage,
      listTeamLeaderboard: followingPage,
      getUnrealizedPnl: emptyAccount,
      queryLatestPrices: collapsed,
    };
    const asked = await runAgainst(departures, {
      operations: {
        listLeaderboard: { parameters: { page: 3, size: 7 } },
        queryLatestPrices: { requestBody: { pairBases: [MON, MON.toUpperCase().replace('0X', '0x'), MON] } },
      },
    });
    expect(asked.problems).toEqual([]);
    expect(asked.requests.map((request) => request.target)).toContain('/v1/leaderboard?page=3&size=7');
    // Without --params the example asks for three pairs: the server answers them as the contract does.
    const { queryLatestPrices: _collapsed, ...withoutCollapsed } = departures;
    const byDefault = await runAgainst(withoutCollapsed, {
      operations: { listTeamLeaderboard: { parameters: { size: null } } },
    });
    expect(byDefault.problems).toEqual([]);
    expect(byDefault.requests.map((request) => request.target)).toContain('/v1/leaderboard/team/MAXI42');
  });
});

describe('the README', () => {
  it('lists every rule with its operation and the service description words it checks', async () => {
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    const rows = readme.split('\n').filter((line) => line.startsWith('| `'));
    for (const rule of RULES) {
      const escaped = rule.seed.replaceAll('|', '\\|');
      const row = rows.find(
        (line) => line.includes(`\`${rule.id}\``) && line.includes(`\`${rule.operationId}\``) && line.includes(escaped),
      );
      expect(row, `${rule.id} on ${rule.operationId}`).toBeDefined();
    }
  });
});
