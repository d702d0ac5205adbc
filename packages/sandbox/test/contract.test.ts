// Never invalid: every answer of every operation keeps the contract, for the docs' own requests and for
// requests generated from the contract's parameter and body schemas.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox, OPERATION_IDS } from '../src/index.js';
import { answerErrors, operations } from './support/contract.js';
import { requestArbitrary } from './support/requests.js';
import { AVA, ask, BEN, BTC, CY, DEAD, DEE, NOW, USDC, WMON } from './support/world.js';

const sandbox = createSandbox();
const description = sandbox.describe();
const tally = { validated: 0, success: 0, refused: 0 };
/** Refusals by operation, status and problem kind, to see what the generated requests ran into. */
const refusals = new Map<string, number>();

afterAll(() => {
  // The closing note of issue 20 reports this count.
  const kinds = [...refusals].map(([key, count]) => `${key} ${count}`).join(', ');
  console.info(
    `sandbox property test: ${tally.validated} generated requests validated (${tally.success} answered 2xx, ${tally.refused} refused with a problem: ${kinds})`,
  );
});

describe('the sandbox answers the contract', () => {
  it('has an answer for every operation of the contract, and no other', () => {
    expect([...OPERATION_IDS].sort()).toEqual([...operations.keys()].sort());
  });

  const cases: [
    string,
    Record<string, string | number | boolean | string[]>,
    Record<string, string | number>,
    unknown?,
  ][] = [
    ['listLeaderboard', {}, {}],
    ['listLeaderboard', { timeframe: 'ONE_DAY', sort_field: 'WIN_RATE', sort_direction: 'ASC', page: 3, size: 7 }, {}],
    ['listTeamLeaderboard', {}, { team_code: 'MAXI42' }],
    ['getMyRank', { user_address: CY }, {}],
    ['getMyRank', { user_address: DEE }, {}],
    ['getTradingStats', { start_time: NOW - 86_400 * 7, end_time: NOW }, { user_address: AVA }],
    ['getStakedApy', { days: 30 }, {}],
    ['getStakedPortfolio', {}, { user_address: AVA }],
    [
      'queryPriceUpdates',
      {},
      {},
      {
        pairBase: BTC,
        collateral: WMON,
        options: { includeEncodingData: true, includeFee: true, includePrice: true, includePublishTime: true },
      },
    ],
    [
      'queryPriceUpdates',
      {},
      {},
      { pairBase: DEAD, collateral: USDC, options: { includeEncodingData: true, includeFee: true } },
    ],
    ['queryLatestPrices', {}, {}, { pairBases: [BTC, DEAD, BTC] }],
    ['getPrice24hAgo', { pair_base: BTC }, {}],
    ['getPriceHoursAgo', { pair_base: BTC, hours_ago: 6 }, {}],
    ['listCompetitions', { userAddress: BEN }, {}],
    ['listCompetitionLeaderboard', { limit: 2, userAddress: CY }, { id: 7 }],
    ['listCompetitionLeaderboard', {}, { id: 5 }],
    ['listCompetitionLeaderboard', { orderBy: '2', orderDirection: 'ASC' }, { id: 3 }],
    ['joinCompetition', {}, {}, { trader: DEE, competitionId: 7 }],
    ['getTeamInfo', {}, { user_address: BEN }],
    ['getTeamInfoByCode', {}, { code: 'NOPE' }],
    ['listTeamMembers', {}, { user_address: AVA }],
    ['listTeamBoostHistory', {}, { user_address: AVA }],
    ['listTeamPointsLeaderboard', { epoch: 11 }, {}],
    ['listPositions', {}, { userAddress: AVA }],
    ['listTradeHistory', { size: 50 }, { user_address: AVA }],
    ['getUnrealizedPnl', {}, { user_address: AVA }],
    ['getUnrealizedPnl', {}, { user_address: DEE }],
    ['getTradeOverview', { timeframe: 'DAYS_30', is_after_fee: true }, { user_address: AVA }],
    ['getPnlChart', { timeframe: 'DAYS_60', is_after_fee: false, timezone: 'Asia/Tokyo' }, { user_address: AVA }],
    ['getPortfolioData', {}, { user_address: AVA }],
    ['listPairs', { is_ready_to_display: false, volume_time_range: 'ALL', size: 50 }, {}],
    ['getPairVolume', { range: 'SEVEN_DAY' }, { pairBase: BTC }],
    ['getPairCumulativeVolume', {}, { pairBase: BTC }],
    ['listUserDailyVolumes', { startTime: '2026-11-14T00:00:00Z', endTime: '2026-11-21T00:00:00Z' }, {}],
    ['getProtocolVolumeByDate', { startTime: '2026-11-14T00:00:00Z', endTime: '2026-11-21T00:00:00Z' }, {}],
    ['getProtocolVolumeAllTime', {}, {}],
    ['submitTradingIntent', {}, {}, {}],
  ];

  it.each(cases.map((one) => [`${one[0]} ${JSON.stringify(one[1])} ${JSON.stringify(one[2])}`, one] as const))(
    '%s keeps the contract',
    (_name, [operationId, query, path, body]) => {
      const answer = ask(sandbox, operationId, query, path, body);
      expect(answerErrors(operationId, answer)).toEqual([]);
      if (operationId !== 'submitTradingIntent') expect(answer.status).toBeLessThan(300);
    },
  );

  it.each([...operations.keys()])('%s: generated valid requests get answers that keep the contract', (operationId) => {
    const runs = 120;
    fc.assert(
      fc.property(requestArbitrary(operationId, description), (request) => {
        const answer = sandbox.answer(request);
        const errors = answerErrors(operationId, answer);
        if (errors.length > 0)
          throw new Error(
            `${JSON.stringify(request)} -> ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 400)}: ${errors.join('; ')}`,
          );
        // A 500 would be the sandbox failing; only the gasless submission, which it does not model, answers 5xx.
        expect(answer.status === 500).toBe(false);
        tally.validated += 1;
        if (answer.status < 300) tally.success += 1;
        else {
          tally.refused += 1;
          const key = `${operationId} ${answer.status} ${String((answer.body as { type?: string }).type)
            .split(':')
            .pop()}`;
          refusals.set(key, (refusals.get(key) ?? 0) + 1);
        }
      }),
      { numRuns: runs, seed: 20 },
    );
  });

  it('holds a refusal to the statuses the operation declares, or to a choice the README names', () => {
    const problem = (status: number, kind: string) => ({
      status,
      contentType: 'application/problem+json',
      body: { type: `urn:trading-analytics-sandbox:${kind}`, title: 'Refused', status, detail: 'why' },
    });
    // Declared: unrealized PnL documents its 400 (invalid chain) and 503; historical prices their 404.
    expect(answerErrors('getUnrealizedPnl', problem(400, 'unknown-chain'))).toEqual([]);
    expect(answerErrors('getUnrealizedPnl', problem(503, 'valuation-unavailable'))).toEqual([]);
    expect(answerErrors('getPrice24hAgo', problem(404, 'no-snapshot'))).toEqual([]);
    // The sandbox's named choices: input it cannot use, and the join's open statuses.
    expect(answerErrors('listLeaderboard', problem(400, 'invalid-request'))).toEqual([]);
    expect(answerErrors('joinCompetition', problem(403, 'wrong-invite-code'))).toEqual([]);
    // Anything else breaks the contract: a chain refused where no 400 is declared, a 404 the operation lacks.
    expect(answerErrors('listLeaderboard', problem(400, 'unknown-chain'))).not.toEqual([]);
    expect(answerErrors('listCompetitionLeaderboard', problem(404, 'unknown-competition'))).not.toEqual([]);
    expect(answerErrors('getPairVolume', problem(404, 'unknown-pair'))).not.toEqual([]);
    expect(answerErrors('joinCompetition', problem(409, 'wrong-invite-code'))).not.toEqual([]);
    expect(answerErrors('listLeaderboard', { status: 200, body: { content: 'rows' } })).not.toEqual([]);
  });

  it('answers most generated requests with data, not refusals', () => {
    expect(tally.validated).toBeGreaterThanOrEqual(31 * 120);
    expect(tally.success / tally.validated).toBeGreaterThan(0.6);
  });
});
