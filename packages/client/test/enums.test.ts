// Every enum of the contract is exported as a union type by name. The lists below are checked both ways:
// by the type checker (each list is exactly its union) and at run time (the contract's enums are exactly
// these lists), so a new or changed enum breaks one of the two.
import { describe, expect, it } from 'vitest';
import { loadBundle } from '../../../test/support/contract.js';
import type * as Client from '../src/index.js';

/** Accepts a list only when it holds every member of `Union` and nothing else. */
const exactly =
  <Union extends string>() =>
  <const List extends readonly Union[]>(
    list: List & ([Union] extends [List[number]] ? unknown : { missing: Exclude<Union, List[number]> }),
  ) =>
    list;

const exported = {
  PairType: exactly<Client.PairType>()(['CRYPTO', 'STOCKS', 'FOREX', 'INDICES', 'COMMODITIES']),
  TimeRange: exactly<Client.TimeRange>()(['ONE_DAY', 'SEVEN_DAY', 'THIRTY_DAY', 'ALL']),
  SortDirection: exactly<Client.SortDirection>()(['ASC', 'DESC']),
  CompetitionStatus: exactly<Client.CompetitionStatus>()(['UPCOMING', 'ONGOING', 'ENDED']),
  LeaderboardType: exactly<Client.LeaderboardType>()([
    'DEFAULT',
    'PNL_BASED',
    'TOTAL_VOLUME_BASED',
    'LOW_LEVERAGE_VOLUME_BASED',
    'HIGH_LEVERAGE_VOLUME_BASED',
    'COLLATERAL_PNL_VOLUME_BASED',
    'PNL',
  ]),
  RewardType: exactly<Client.RewardType>()(['TOKEN']),
  OracleKind: exactly<Client.OracleKind>()(['NONE', 'FEED_CORE', 'FEED_PRO', 'DEX_ORACLE']),
  PairStatus: exactly<Client.PairStatus>()(['AVAILABLE', 'REDUCE_ONLY', 'CLOSE']),
  PositionStatus: exactly<Client.PositionStatus>()(['OPEN', 'CLOSED']),
  OperationType: exactly<Client.OperationType>()([
    'MARKET_PENDING_TRADE',
    'OPEN_POSITION',
    'POSITION_INCREASED',
    'PENDING_TRADE_REFUND',
    'CLOSE_POSITION',
    'POSITION_DECREASED',
    'EXECUTE_CLOSE_SUCCESSFUL',
    'EXECUTE_CLOSE_REJECTED',
    'OPEN_LIMIT_ORDER',
    'EXECUTE_LIMIT_ORDER_SUCCESSFUL',
    'EXECUTE_LIMIT_ORDER_REJECTED',
    'CANCEL_LIMIT_ORDER',
    'LIMIT_ORDER_REFUND',
    'UPDATE_ORDER_TP',
    'UPDATE_ORDER_SL',
    'DECREASE_ORDER_CREATED',
    'DECREASE_ORDER_UPDATED',
    'DECREASE_ORDER_CANCELLED',
    'EXECUTE_DECREASE_ORDER_SUCCESSFUL',
    'UPDATE_MARGIN',
    'UPDATE_TRADE_TP',
    'UPDATE_TRADE_SL',
    'OPEN_MARKET_TRADE',
    'CLOSE_TRADE_SUCCESSFUL',
  ]),
  PortfolioTimeframe: exactly<Client.PortfolioTimeframe>()(['ALL_TIME', 'DAYS_7', 'DAYS_30', 'DAYS_60']),
  ChartResolution: exactly<Client.ChartResolution>()(['DAY_1', 'DAY_7', 'DAY_30']),
  LeaderboardSortField: exactly<Client.LeaderboardSortField>()(['PNL', 'WIN_RATE', 'BIGGEST_WIN', 'TOTAL_VOL_USD']),
  CompetitionOrderDirection: exactly<Client.CompetitionOrderDirection>()(['asc', 'desc', 'ASC', 'DESC']),
  HeaderCacheControlNoStore: exactly<Client.HeaderCacheControlNoStore>()(['no-store']),
};

/** Where each enum sits in the bundle, by the name of the union that exports it. */
const locations: Record<keyof typeof exported, string> = {
  PairType: '#/components/schemas/PairType',
  TimeRange: '#/components/schemas/TimeRange',
  SortDirection: '#/components/schemas/SortDirection',
  CompetitionStatus: '#/components/schemas/CompetitionStatus',
  LeaderboardType: '#/components/schemas/LeaderboardType',
  RewardType: '#/components/schemas/Competition/properties/rewardType',
  OracleKind: '#/components/schemas/OracleKind',
  PairStatus: '#/components/schemas/PairStatus',
  PositionStatus: '#/components/schemas/PositionStatus',
  OperationType: '#/components/schemas/OperationType',
  PortfolioTimeframe: '#/components/schemas/PortfolioTimeframe',
  ChartResolution: '#/components/schemas/ChartResolution',
  LeaderboardSortField: '#/components/parameters/LeaderboardSortField/schema',
  CompetitionOrderDirection:
    '#/paths/~1v1~1trading-competition~1{id}~1leaderboard/get/parameters/orderDirection/schema',
  HeaderCacheControlNoStore: '#/components/headers/CacheControlNoStore/schema',
};

/** Every `enum` in the document, by JSON pointer; an inline parameter is named by its name, not its index. */
function enumsOf(node: unknown, pointer = '#'): Record<string, unknown[]> {
  if (!node || typeof node !== 'object') return {};
  const found: Record<string, unknown[]> = {};
  if ('enum' in node && Array.isArray(node.enum)) found[pointer] = node.enum;
  for (const [key, value] of Object.entries(node)) {
    const step = Array.isArray(node) && value?.in ? value.name : key.replaceAll('~', '~0').replaceAll('/', '~1');
    Object.assign(found, enumsOf(value, `${pointer}/${step}`));
  }
  return found;
}

describe('enums', () => {
  it('every enum of the contract is exported as a union with exactly its values', () => {
    const inContract = enumsOf(loadBundle());
    const exportedByLocation = Object.fromEntries(
      Object.entries(locations).map(([name, at]) => [at, [...exported[name as keyof typeof exported]]]),
    );
    expect(inContract).toEqual(exportedByLocation);
  });
});
