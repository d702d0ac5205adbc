// Names for the enums the contract declares inline (a parameter or a property) rather than as a component,
// so that every enum of the contract has a union type a caller can import by name.
import type { Competition, components, OperationType, operations } from './schema.js';

/** Figure the trader leaderboard is ranked by (`sort_field`). */
export type LeaderboardSortField = components['parameters']['LeaderboardSortField'];

/**
 * Sort direction of a competition leaderboard (`orderDirection`): lower case like its default `desc`, or
 * upper case; the service description gives both readings.
 */
export type CompetitionOrderDirection = NonNullable<
  NonNullable<operations['listCompetitionLeaderboard']['parameters']['query']>['orderDirection']
>;

/** Kind of a competition reward. */
export type RewardType = Competition['rewardType'];

/** The `operationType` values of the earlier event model. */
export type LegacyOperationType = 'OPEN_MARKET_TRADE' | 'CLOSE_TRADE_SUCCESSFUL';

/** The `operationType` values of the current event model. */
export type CurrentOperationType = Exclude<OperationType, LegacyOperationType>;
