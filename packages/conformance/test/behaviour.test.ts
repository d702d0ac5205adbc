// The behaviours across requests (check kind `behaviour`): the sandbox, which models every one, is found
// behaving, its addresses in mixed case or not; the same sandbox with one behaviour broken (every answer
// still valid against the contract) fails the run, naming the operation in the summary and in a JUnit
// testcase, with the requests that show it. The README's table is held to the catalogue.
// The sandbox must also conform to the contract as the real service is checked: the command, with the
// world's own team, market and competition in --params (what a backend passes for its real data), and without
// them, as `npm run conformance` runs: the contract's examples name the cast's market and team, which the world
// has. The command runs in this process (what is read is its exit code, words and report; the bin's process is
// cli.test.ts's). The run's shared sandboxed mock serves the file.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { tempFolder } from '../../../test/support/temp.js';
import { BEHAVIOURS } from '../src/behaviour/behaviour-catalogue.js';
import { BEHAVIOUR_REQUESTS } from '../src/behaviour/run-behaviours.js';
import {
  type ConformanceReport,
  formatJunit,
  formatSummary,
  type OperationReportProblem,
  runConformance,
} from '../src/index.js';
import { PLANTED } from './support/planted-behaviours.js';
import { type Answer, type Plant, runInProcess, startPlantedService } from './support/servers.js';

type Body = Record<string, unknown>;

interface World {
  cast: {
    team: { code: string };
    markets: { pairName: string; base: string }[];
    competitions: { id: number; status: string; requiresInviteCode: boolean }[];
  };
}

// The run's shared mock with a sandbox (the global setup's): the joins of these runs are in its default world,
// which beforeEach resets; the other file that uses it drives worlds of its own.
const sandbox = { url: inject('sandboxMockUrl') };
let world: World;
let dir: string;
/** A team of the sandbox's world with more than ten ranked members: its leaderboard has a second page of 10. */
let largeTeam: string;

/** The code of a team with more than ten ranked members, found from the service's answers. */
async function findLargeTeam(base: string): Promise<string> {
  const board = (await (await fetch(`${base}/v1/leaderboard?size=300`)).json()) as { content: Body[] };
  for (const row of board.content) {
    const info = (await (await fetch(`${base}/v1/genesis-airdrop/${row.userAddress}/team-info`)).json()) as Body;
    for (const team of [info.leaderTeam, info.memberTeam] as (Body | null)[]) {
      if (!team) continue;
      const page = (await (await fetch(`${base}/v1/leaderboard/team/${team.code}?size=1`)).json()) as Body;
      if ((page.totalElements as number) > 10) return team.code as string;
    }
  }
  throw new Error('the sandbox has no team with more than ten ranked members: the team behaviours cannot be shown');
}

beforeAll(async () => {
  world = await (await fetch(`${sandbox.url}/__sandbox`)).json();
  largeTeam = await findLargeTeam(sandbox.url);
  dir = await mkdtemp(path.join(tmpdir(), 'conformance-behaviour-'));
  // The team asked for is one with a second page: what a backend gives with --params for its real data.
  await writeFile(path.join(dir, 'params.json'), JSON.stringify({ parameters: { team_code: largeTeam } }));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});
// The join is remembered by the sandbox: every run starts from its world as built.
beforeEach(async () => {
  await fetch(`${sandbox.url}/__sandbox`, { method: 'DELETE' });
});

/** Runs the operations and behaviours (no workflows) against the sandbox behind these plants. */
async function runPlanted(
  plants: Record<string, Plant>,
  options: { allowWrites?: boolean; mixedCaseAddresses?: boolean; instead?: Record<string, () => Answer> } = {},
): Promise<ConformanceReport> {
  const service = await startPlantedService({
    upstream: sandbox.url,
    plants,
    instead: options.instead ?? {},
    mixedCaseAddresses: options.mixedCaseAddresses ?? false,
  });
  try {
    return await runConformance({
      baseUrl: service.url,
      rps: 1000,
      concurrency: 8,
      workflows: false,
      params: path.join(dir, 'params.json'),
      allowWrites: options.allowWrites ?? false,
    });
  } finally {
    await service.close();
  }
}

const behaviourProblems = (report: ConformanceReport) =>
  report.problems.filter(
    (problem): problem is OperationReportProblem => !problem.workflow && problem.check === 'behaviour',
  );

describe('a service that behaves', () => {
  it('is the sandbox: no problem, and every behaviour holds (the join with --allow-writes)', async () => {
    const report = await runPlanted({}, { allowWrites: true });
    expect(report.problems).toEqual([]);
    const statuses = Object.fromEntries(
      report.behaviours.map((result) => [`${result.behaviour} ${result.operationId}`, result.status]),
    );
    expect(
      Object.values(statuses).every((status) => status === 'pass'),
      JSON.stringify(statuses),
    ).toBe(true);
    expect(report.behaviours).toHaveLength(BEHAVIOURS.length);
    // The behaviours' requests stay within the documented budget, and each is listed as theirs.
    const sent = report.requests.filter((request) => request.from === 'behaviour').length;
    expect(sent).toBeGreaterThan(40);
    expect(sent).toBeLessThanOrEqual(BEHAVIOUR_REQUESTS);
  });

  it('is judged only on what the words state: the rows of a page with userAddress are left open', async () => {
    // "Supplemental: it does not change the page size or page count"; of the rows, nothing.
    const report = await runPlanted({
      listCompetitionLeaderboard: (answer, request) => {
        const board = answer.body as Body;
        const data = board.data as Body | undefined;
        if (!request.query.has('userAddress') || !data) return answer;
        return {
          ...answer,
          body: { ...board, data: { ...data, content: [...(data.content as unknown[])].reverse() } },
        };
      },
    });
    expect(report.problems).toEqual([]);
    const result = report.behaviours.find((candidate) => candidate.behaviour === 'competition-current-user');
    expect(result?.status).toBe('pass');
  });
});

describe.concurrent('a service with one behaviour broken', () => {
  for (const planted of PLANTED) {
    it(`is caught: ${planted.what} (${planted.behaviour} on ${planted.operationId})`, async () => {
      const report = await runPlanted(planted.plants, {
        allowWrites: planted.allowWrites ?? false,
        instead: planted.instead ?? {},
      });
      expect(report.conforms, JSON.stringify(report.behaviours.filter((b) => b.behaviour === planted.behaviour))).toBe(
        false,
      );
      const result = report.behaviours.find(
        (candidate) => candidate.behaviour === planted.behaviour && candidate.operationId === planted.operationId,
      );
      expect(result?.status, JSON.stringify(result)).toBe('fail');
      const problem = behaviourProblems(report).find(
        (candidate) => candidate.behaviour === planted.behaviour && candidate.operationId === planted.operationId,
      );
      expect(problem, JSON.stringify(report.problems, null, 1)).toBeDefined();
      if (!problem) return;
      const seed = BEHAVIOURS.find(
        (behaviour) => behaviour.id === planted.behaviour && behaviour.operationId === planted.operationId,
      )?.seed;
      expect(problem).toMatchObject({ seed, expected: expect.stringMatching(new RegExp(`^${planted.behaviour}: `)) });
      // The requests that show it: method and whole URL, each.
      expect(problem.requests?.length).toBeGreaterThan(0);
      for (const request of problem.requests ?? []) {
        expect(request).toMatch(/^(GET|POST) http:\/\/127\.0\.0\.1:\d+\/v1\//);
      }
      expect(problem.request).toBe(problem.requests?.[0]);
      // Only the operation it breaks fails: a behaviour that reads through a broken one is inconclusive.
      expect(
        report.problems.filter((candidate) => candidate.operationId !== planted.operationId),
        JSON.stringify(report.problems, null, 1),
      ).toEqual([]);
      // The operation fails, in the summary and as a JUnit testcase of its own.
      const operation = report.operations.find((candidate) => candidate.operationId === planted.operationId);
      expect(operation?.status).toBe('fail');
      const summary = formatSummary(report);
      expect(summary).toMatch(new RegExp(`\\n  FAIL  ${planted.operationId} `));
      expect(summary).toContain(`behaviour: expected ${problem.expected}`);
      expect(summary).toContain(problem.requests?.[0]);
      const junit = formatJunit(report);
      expect(junit).toMatch(
        new RegExp(
          `<testcase name="${planted.operationId}( \\(\\d+ of \\d+: behaviour\\))?" classname="conformance.operations"[^>]*>\\s*<failure type="behaviour"`,
        ),
      );
    });
  }
});

describe('the request budget', () => {
  const behaviourRequests = (report: ConformanceReport) =>
    report.requests.filter((request) => request.from === 'behaviour');
  const reasons = (report: ConformanceReport) =>
    Object.fromEntries(
      report.behaviours.map((result) => [`${result.behaviour} ${result.operationId}`, result.reason ?? result.status]),
    );

  it('keeps the behaviours to --rps and --concurrency, and to the operations --only names', async () => {
    const service = await startPlantedService({ upstream: sandbox.url, delayMs: 30 });
    try {
      const report = await runConformance({
        baseUrl: service.url,
        rps: 10,
        concurrency: 2,
        workflows: false,
        only: ['listLeaderboard'],
      });
      expect(report.problems).toEqual([]);
      const sent = behaviourRequests(report);
      expect(sent.length).toBeGreaterThanOrEqual(15);
      expect(sent.every((request) => request.target.startsWith('/v1/leaderboard?'))).toBe(true);
      // Requests start at least 1/rps apart (a little slack for the timer), and never more than two at once.
      const times = service.received.map((request) => request.at);
      expect(times.length).toBeGreaterThan(20);
      for (let index = 0; index + 10 < times.length; index++)
        expect(times[index + 10]! - times[index]!).toBeGreaterThanOrEqual(950);
      expect(service.maxInFlight).toBeLessThanOrEqual(2);
      const ran = report.behaviours.filter((result) => result.status !== 'skipped');
      expect(ran.map((result) => [result.behaviour, result.operationId, result.status])).toEqual([
        ['leaderboard-order', 'listLeaderboard', 'pass'],
        ['leaderboard-pages', 'listLeaderboard', 'pass'],
        ['leaderboard-totals', 'listLeaderboard', 'pass'],
        ['leaderboard-search', 'listLeaderboard', 'pass'],
      ]);
      expect(reasons(report)['my-rank-row getMyRank']).toBe('its requests use getMyRank, not selected (--only)');
      expect(report.totals).toMatchObject({ behaviours: 4, behavioursHold: 4 });
    } finally {
      await service.close();
    }
  });

  it('sends no request of an operation --skip names, and skips the behaviours that use it', async () => {
    const service = await startPlantedService({ upstream: sandbox.url });
    try {
      const report = await runConformance({
        baseUrl: service.url,
        rps: 1000,
        concurrency: 8,
        workflows: false,
        params: path.join(dir, 'params.json'),
        skip: ['getMyRank', 'listCompetitions'],
      });
      expect(report.problems).toEqual([]);
      expect(
        service.received.filter((request) =>
          /^\/v1\/(leaderboard\/my-rank|trading-competition)(\?|$)/.test(request.url),
        ),
      ).toEqual([]);
      const skipped = report.behaviours.filter((result) => result.status === 'skipped');
      expect(
        Object.fromEntries(skipped.map((result) => [`${result.behaviour} ${result.operationId}`, result.reason])),
      ).toEqual({
        'my-rank-row getMyRank': 'its requests use getMyRank, left out (--skip)',
        'my-rank-outside getMyRank': 'its requests use getMyRank, left out (--skip)',
        'trading-stats-windows getTradingStats': 'its requests use listCompetitions, left out (--skip)',
        'competition-status listCompetitions': 'its requests use listCompetitions, left out (--skip)',
        'competition-ready-default listCompetitions': 'its requests use listCompetitions, left out (--skip)',
        'competition-has-joined listCompetitions': 'its requests use listCompetitions, left out (--skip)',
        'competition-leaderboard-order listCompetitionLeaderboard':
          'its requests use listCompetitions, left out (--skip)',
        'competition-leaderboard-pages listCompetitionLeaderboard':
          'its requests use listCompetitions, left out (--skip)',
        'competition-current-user listCompetitionLeaderboard': 'its requests use listCompetitions, left out (--skip)',
        'join-registered joinCompetition': 'a write (it joins a competition): runs only with --allow-writes',
      });
      expect(report.behaviours.filter((result) => result.status === 'pass')).toHaveLength(BEHAVIOURS.length - 10);
    } finally {
      await service.close();
    }
  });

  it('sends none with --no-behaviour, and says so for each behaviour', async () => {
    const dir2 = await mkdtemp(path.join(tmpdir(), 'conformance-no-behaviour-'));
    const service = await startPlantedService({ upstream: sandbox.url });
    try {
      const json = path.join(dir2, 'report.json');
      // The command in this process: what is read is its words and report.
      const { code, stdout } = await runInProcess([
        '--base-url',
        service.url,
        '--rps',
        '1000',
        '--no-behaviour',
        // Not what this test reads: Respect is not started.
        '--no-workflows',
        '--json',
        json,
      ]);
      const report = JSON.parse(await readFile(json, 'utf8')) as ConformanceReport;
      expect(code, stdout).toBe(0);
      expect(behaviourRequests(report)).toEqual([]);
      expect(new Set(Object.values(reasons(report)))).toEqual(new Set(['not checked (--no-behaviour)']));
      expect(report.totals).toMatchObject({ behaviours: 0, behavioursHold: 0 });
      expect(stdout).toContain('behaviours not checked (--no-behaviour)');
      expect(stdout).not.toContain('behaviours hold');
      expect(stdout).toContain(
        'The service conforms to the contract in what was checked: its workflows were not run (--no-workflows); ' +
          'its behaviours across requests were not checked (--no-behaviour).',
      );
      expect(report.settings.behaviour).toBe(false);
    } finally {
      await service.close();
      await rm(dir2, { recursive: true, force: true });
    }
  });
});

describe('the sandbox, checked as a backend is', () => {
  let commandDir: string;
  beforeAll(() => {
    commandDir = tempFolder('conformance-sandbox-');
  });

  it('finds every operation and every workflow of the sandbox conforming with the world in --params, exit 0', async () => {
    const btc = world.cast.markets.find((market) => market.pairName.startsWith('BTC/'));
    const competition = world.cast.competitions.find(
      (candidate) => candidate.status === 'ONGOING' && !candidate.requiresInviteCode,
    );
    const params = path.join(commandDir, 'params.json');
    await writeFile(
      params,
      JSON.stringify({
        parameters: { team_code: world.cast.team.code, pair_base: btc?.base, pairBase: btc?.base, id: competition?.id },
      }),
    );
    const json = path.join(commandDir, 'report.json');
    const { code, stdout } = await runInProcess([
      '--base-url',
      sandbox.url,
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
    const json = path.join(commandDir, 'bare.json');
    const { code, stdout } = await runInProcess(['--base-url', sandbox.url, '--rps', '100', '--json', json]);
    const report = JSON.parse(await readFile(json, 'utf8'));
    expect(
      report.operations.filter((result: { status: string }) => result.status === 'fail'),
      stdout,
    ).toEqual([]);
    expect(code, stdout).toBe(0);
    expect(report.workflows.every((workflow: { status: string }) => workflow.status === 'pass')).toBe(true);
  });

  it('with every address in mixed case (as a checksum writes them) but where the description says lower case: no failure', async () => {
    const planted = await startPlantedService({ upstream: sandbox.url, mixedCaseAddresses: true });
    try {
      const json = path.join(commandDir, 'mixed-case.json');
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
});

describe('the README', () => {
  it('lists every behaviour with its operation, the description words it checks and its requests', async () => {
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    const rows = readme.split('\n').filter((line) => line.startsWith('| `'));
    for (const behaviour of BEHAVIOURS) {
      const escaped = behaviour.seed.replaceAll('|', '\\|');
      const row = rows.find(
        (line) =>
          line.includes(`\`${behaviour.id}\``) &&
          line.includes(`\`${behaviour.operationId}\``) &&
          line.includes(escaped) &&
          line.includes(`| ${behaviour.requests} |`),
      );
      expect(row, `${behaviour.id} on ${behaviour.operationId}`).toBeDefined();
    }
    expect(readme).toContain(`at most ${BEHAVIOUR_REQUESTS} requests`);
  });
});
