// Which answer serves which operation: one function per operationId of the contract.
import type { SandboxAnswer, SandboxRequest } from '../types.js';
import { joinCompetition, listCompetitionLeaderboard, listCompetitions } from './competitions.js';
import type { Context } from './context.js';
import { problem, Refusal, shown } from './kit.js';
import { getMyRank, getTradingStats, listLeaderboard, listTeamLeaderboard } from './leaderboard.js';
import { getPrice24hAgo, getPriceHoursAgo, queryLatestPrices, queryPriceUpdates } from './oracle.js';
import {
  getPairCumulativeVolume,
  getPairVolume,
  getProtocolVolumeAllTime,
  getProtocolVolumeByDate,
  listPairs,
  listUserDailyVolumes,
} from './pairs.js';
import { getPnlChart, getPortfolioData, getTradeOverview, getUnrealizedPnl } from './portfolio.js';
import { listPositions, listTradeHistory } from './positions.js';
import { getStakedApy, getStakedPortfolio } from './staking.js';
import {
  getTeamInfo,
  getTeamInfoByCode,
  listTeamBoostHistory,
  listTeamMembers,
  listTeamPointsLeaderboard,
} from './teams.js';

type Answer = (request: SandboxRequest, context: Context) => SandboxAnswer;

/** The gasless submission's request and response are not documented: the sandbox does not model it. */
const submitTradingIntent: Answer = () =>
  problem(
    501,
    'not-modelled',
    'Not modelled',
    'The service documents neither the request nor the response of the gasless submission, so the sandbox does not model it',
  );

const ANSWERS: Readonly<Record<string, Answer>> = {
  listLeaderboard,
  listTeamLeaderboard,
  getMyRank,
  getTradingStats,
  getStakedApy,
  getStakedPortfolio,
  queryPriceUpdates,
  queryLatestPrices,
  getPrice24hAgo,
  getPriceHoursAgo,
  listCompetitions,
  listCompetitionLeaderboard,
  joinCompetition,
  getTeamInfo,
  getTeamInfoByCode,
  listTeamMembers,
  listTeamBoostHistory,
  listTeamPointsLeaderboard,
  listPositions,
  listTradeHistory,
  getUnrealizedPnl,
  getTradeOverview,
  getPnlChart,
  getPortfolioData,
  listPairs,
  getPairVolume,
  getPairCumulativeVolume,
  listUserDailyVolumes,
  getProtocolVolumeByDate,
  getProtocolVolumeAllTime,
  submitTradingIntent,
};

/** Answers a request; a refusal becomes its problem, and anything unexpected a 500 problem rather than a throw. */
export function answer(request: SandboxRequest, context: Context): SandboxAnswer {
  const operation =
    typeof request?.operationId === 'string' && Object.hasOwn(ANSWERS, request.operationId)
      ? ANSWERS[request.operationId]
      : undefined;
  if (!operation)
    return problem(
      404,
      'unknown-operation',
      'Unknown operation',
      `The contract has no operation ${shown(request?.operationId)}`,
    );
  try {
    return operation(
      { operationId: request.operationId, path: request.path ?? {}, query: request.query ?? {}, body: request.body },
      context,
    );
  } catch (error) {
    if (error instanceof Refusal) return problem(error.status, error.kind, error.title, error.message);
    return problem(
      500,
      'sandbox-error',
      'Sandbox error',
      `The sandbox could not answer: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
