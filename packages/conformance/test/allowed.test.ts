// What the service description allows is not a failure: a 404 for a pair with no snapshot, the documented
// 503 of unrealized PnL (in its own check and in a flow), an empty competition list, a JSON media type
// spelled in another case, a hex id without `0x`. Only the 400s the description states are probed. Each
// case also has its departure next to it, so the run is shown to still flag what breaks the contract.
import { describe, expect, it } from 'vitest';
import { runConformance } from '../src/index.js';
import { type Answer, type Departure, startExampleServer } from './support/servers.js';

type Body = Record<string, unknown>;
// The observations' pair with no snapshot (src/observations.ts).
const NO_SNAPSHOT = '0x000000000000000000000000000000000000dead';

const noSnapshot: Departure = (answer, { query }) =>
  query.get('pair_base') === NO_SNAPSHOT ? { status: 404, headers: {}, body: undefined } : answer;
const unavailable = (answer: Answer): Answer =>
  answer.status === 200
    ? { status: 503, headers: { 'content-type': 'application/json' }, body: { error: 'valuation unavailable' } }
    : answer;

const allowed: Record<string, Departure> = {
  getPrice24hAgo: (answer, request) => {
    const found = noSnapshot(answer, request) as Answer;
    if (found.status !== 200) return found;
    const body = found.body as { oracleId: Body };
    // "Hex": the digits without the `0x` the examples write.
    return { ...found, body: { ...body, oracleId: { ...body.oracleId, id: String(body.oracleId.id).slice(2) } } };
  },
  getPriceHoursAgo: noSnapshot,
  getUnrealizedPnl: unavailable,
  listCompetitions: (answer) => ({ ...answer, body: [] }),
  listPairs: (answer) => ({ ...answer, headers: { 'content-type': 'Application/JSON; Charset=UTF-8' } }),
};

async function runAgainst(departures: Record<string, Departure>) {
  const server = await startExampleServer({ departures });
  try {
    return await runConformance({ baseUrl: server.url, behaviour: false, rps: 200, concurrency: 8 });
  } finally {
    await server.close();
  }
}

describe('a service that answers as the service description allows', () => {
  it('gets no problem, and the 503 in a flow and the empty list are said, not failed', async () => {
    const report = await runAgainst(allowed);
    expect(report.problems).toEqual([]);
    expect(report.conforms).toBe(true);
    const byId = Object.fromEntries(report.workflows.map((workflow) => [workflow.workflowId, workflow]));
    // Stopped where the contract allows: not a failure, and not conforming either (its later steps not seen).
    expect(byId.competitionToLeaderboard).toMatchObject({ status: 'incomplete', problems: [] });
    expect(byId.competitionToLeaderboard?.notes).toEqual([
      'listCompetitions answered an empty list at /: nothing for the next step to follow',
      'not run, as allowed: competitionLeaderboard',
    ]);
    expect(byId.marketToPriceUpdates?.status).toBe('pass');
    expect(byId.traderPositionsToUnrealizedPnl).toMatchObject({ status: 'incomplete', problems: [] });
    expect(report.totals).toMatchObject({ workflows: 3, workflowsConform: 1, workflowsIncomplete: 2 });
    expect(report.observations).toContainEqual(
      expect.objectContaining({
        operationId: 'getUnrealizedPnl',
        point:
          'A status the contract declares, answered in the flow traderPositionsToUnrealizedPnl (step unrealizedPnl).',
        observed: expect.stringMatching(/^503 \(A complete current value could not be produced\./),
      }),
    );
    // No competition id was made up for the step that had none to follow.
    const fromFlows = report.requests
      .filter((request) => request.from === 'workflows')
      .map((request) => request.target);
    expect(fromFlows).toContain('/v1/trading-competition');
    expect(fromFlows.filter((target) => target.startsWith('/v1/trading-competition/'))).toEqual([]);
  });

  it('probes only the 400s the description states: hours_ago out of 1..24, an invalid address, an invalid chain', async () => {
    const report = await runAgainst({});
    expect(report.problems).toEqual([]);
    const refusals = report.observations
      .filter((observation) => observation.point === 'Error body shape (400)')
      .map((observation) => observation.request);
    expect(refusals).toEqual([
      expect.stringMatching(/^GET \/v1\/oracle\/price\/pair-hours-ago\?.*hours_ago=0/),
      expect.stringMatching(/^GET \/v1\/oracle\/price\/pair-hours-ago\?.*hours_ago=25/),
      'GET /v1/portfolio/not-an-address/unrealized-pnl',
      expect.stringMatching(/\/unrealized-pnl\?block_chain=NOT_A_CHAIN$/),
    ]);
    expect(report.requests.some((request) => request.target.includes('not-a-valid-value'))).toBe(false);
  });
});

describe('next to each allowance, its departure is flagged', () => {
  it('a status the operation does not declare, in its flow', async () => {
    const report = await runAgainst({
      // Only in the flow: its positions step asks for a page of 10, the runner's own request for the example's.
      listPositions: (answer, { query }) =>
        query.get('size') === '10' ? { status: 502, headers: {}, body: undefined } : answer,
    });
    const flow = report.workflows.find((workflow) => workflow.workflowId === 'traderPositionsToUnrealizedPnl');
    expect(flow?.status).toBe('fail');
    // The status is the cause; the criterion and the steps left unrun are not counted again.
    expect(flow?.problems.map((problem) => problem.check)).toEqual([
      'listPositions (listPositions): status code check',
    ]);
    expect(flow?.notes).toEqual(['not run after the failed step: portfolio, unrealizedPnl']);
    expect(report.operations.find((result) => result.operationId === 'listPositions')?.status).toBe('pass');
  });

  it('a list whose first entry breaks the contract: the operation fails, and the flow it broke, once each', async () => {
    const report = await runAgainst({ listCompetitions: (answer) => ({ ...answer, body: [{ id: 'seven' }] }) });
    const flow = report.workflows.find((workflow) => workflow.workflowId === 'competitionToLeaderboard');
    expect(flow?.status).toBe('fail');
    expect(flow?.problems).toEqual([
      {
        check: 'steps',
        expected: 'every step run and passed (2 steps)',
        observed:
          "2 run; listCompetitions (listCompetitions) failed its schema check, as listCompetitions's own check does",
      },
    ]);
    // Respect went on with the id it read (its own schema check is off: the runner judges bodies); what the
    // next step answered is not counted against the flow again.
    expect(flow?.steps.map((step) => step.stepId)).toEqual(['listCompetitions', 'competitionLeaderboard']);
    expect(report.problems.length).toBeGreaterThan(1);
    expect(
      report.problems.every((problem) =>
        ['listCompetitions', 'competitionToLeaderboard'].includes(problem.operationId),
      ),
    ).toBe(true);
  });

  it('a media type that is not JSON in any case', async () => {
    const report = await runAgainst({
      listPairs: (answer) => ({ ...answer, headers: { 'content-type': 'Text/Plain; Charset=UTF-8' } }),
    });
    expect(report.operations.find((result) => result.operationId === 'listPairs')?.problems).toEqual([
      expect.objectContaining({ check: 'content-type', observed: 'Text/Plain; Charset=UTF-8' }),
    ]);
  });

  it('a refusal not made: hours_ago=0, an address that is not one and a chain that is not one answered 200', async () => {
    const report = await runAgainst({
      getPriceHoursAgo: (answer, { query, example }) => (query.get('hours_ago') === '0' ? example : answer),
      getUnrealizedPnl: (answer, { example }) => (answer.status === 400 ? example : answer),
    });
    expect(
      report.problems.filter((problem) => problem.check === 'out-of-range').map((problem) => problem.expected),
    ).toEqual([
      expect.stringMatching(/^400 for hours_ago=0 \(below 1: /),
      expect.stringMatching(/^400 for user_address=not-an-address \(not an address: /),
      expect.stringMatching(/^400 for block_chain=NOT_A_CHAIN \(not a chain: /),
    ]);
  });
});
