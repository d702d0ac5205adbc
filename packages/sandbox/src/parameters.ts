// Every parameter of every operation as the sandbox reads it, with its default. Where the contract declares
// a default the sandbox's is the same (test/parameters.test.ts compares them with generated/openapi.json);
// where the service documents none, the default is the sandbox's own choice and says so in `choice`.

export interface Parameter {
  readonly name: string;
  readonly in: 'query' | 'path';
  readonly kind: 'integer' | 'boolean' | 'string' | 'enum' | 'address' | 'list';
  readonly required?: boolean;
  readonly default?: number | boolean | string | string[];
  readonly values?: readonly string[];
  readonly minimum?: number;
  readonly maximum?: number;
  /** Lists: repeated names (`tags=a&tags=b`) or one comma-separated value (`chains=A,B`). */
  readonly style?: 'repeat' | 'csv';
  /** Why the default is the sandbox's own, where the service documents none. */
  readonly choice?: string;
}

const TIME_RANGES = ['ONE_DAY', 'SEVEN_DAY', 'THIRTY_DAY', 'ALL'] as const;
const SORT_FIELDS = ['PNL', 'WIN_RATE', 'BIGGEST_WIN', 'TOTAL_VOL_USD'] as const;
const DIRECTIONS = ['ASC', 'DESC'] as const;
const PORTFOLIO_TIMEFRAMES = ['ALL_TIME', 'DAYS_7', 'DAYS_30', 'DAYS_60'] as const;
const COMPETITION_STATUSES = ['UPCOMING', 'ONGOING', 'ENDED'] as const;

const chain = (name: string): Parameter => ({ name, in: 'query', kind: 'string', default: 'MONAD' });
const path = (name: string, kind: Parameter['kind'] = 'address'): Parameter => ({
  name,
  in: 'path',
  kind,
  required: true,
});
const page: Parameter = { name: 'page', in: 'query', kind: 'integer', default: 0 };
const unstatedPage: Parameter = {
  ...page,
  choice: 'The service documents no default page; the sandbox starts at 0, as every paginated endpoint does.',
};
const unstatedSize: Parameter = {
  name: 'size',
  in: 'query',
  kind: 'integer',
  default: 10,
  choice: "The service documents no default size here; the sandbox uses 10, the trade history's.",
};

const leaderboard: readonly Parameter[] = [
  { name: 'timeframe', in: 'query', kind: 'enum', values: TIME_RANGES, default: 'ALL' },
  { name: 'sort_field', in: 'query', kind: 'enum', values: SORT_FIELDS, default: 'PNL' },
  { name: 'sort_direction', in: 'query', kind: 'enum', values: DIRECTIONS, default: 'DESC' },
  page,
  { name: 'size', in: 'query', kind: 'integer', default: 50 },
  { name: 'search', in: 'query', kind: 'string' },
  chain('block_chain'),
];

export const PARAMETERS: Readonly<Record<string, readonly Parameter[]>> = {
  listLeaderboard: leaderboard,
  listTeamLeaderboard: [path('team_code', 'string'), ...leaderboard],
  getMyRank: [
    { name: 'user_address', in: 'query', kind: 'address', required: true },
    leaderboard[0] as Parameter,
    leaderboard[1] as Parameter,
    {
      name: 'sort_direction',
      in: 'query',
      kind: 'enum',
      values: DIRECTIONS,
      default: 'DESC',
      choice:
        "The service gives no default for my-rank; the sandbox uses the leaderboard's (DESC), so my-rank matches the default leaderboard.",
    },
    chain('block_chain'),
  ],
  getTradingStats: [
    path('user_address'),
    { name: 'start_time', in: 'query', kind: 'integer', required: true },
    { name: 'end_time', in: 'query', kind: 'integer', required: true },
    chain('block_chain'),
  ],
  getStakedApy: [{ name: 'days', in: 'query', kind: 'integer', default: 7 }, chain('blockChain')],
  getStakedPortfolio: [path('user_address')],
  queryPriceUpdates: [],
  queryLatestPrices: [],
  getPrice24hAgo: [{ name: 'pair_base', in: 'query', kind: 'string', required: true }, chain('block_chain')],
  getPriceHoursAgo: [
    { name: 'pair_base', in: 'query', kind: 'string', required: true },
    chain('block_chain'),
    { name: 'hours_ago', in: 'query', kind: 'integer', default: 24 },
  ],
  listCompetitions: [
    { name: 'status', in: 'query', kind: 'enum', values: COMPETITION_STATUSES },
    { name: 'isReadyToDisplay', in: 'query', kind: 'boolean', default: true },
    { name: 'userAddress', in: 'query', kind: 'address' },
  ],
  listCompetitionLeaderboard: [
    path('id', 'integer'),
    page,
    { name: 'limit', in: 'query', kind: 'integer', default: 10 },
    { name: 'orderBy', in: 'query', kind: 'string' },
    { name: 'orderDirection', in: 'query', kind: 'enum', values: ['asc', 'desc', 'ASC', 'DESC'], default: 'desc' },
    { name: 'userAddress', in: 'query', kind: 'address' },
  ],
  joinCompetition: [],
  getTeamInfo: [path('user_address')],
  getTeamInfoByCode: [path('code', 'string')],
  listTeamMembers: [path('user_address'), unstatedPage, unstatedSize],
  listTeamBoostHistory: [path('user_address'), unstatedPage, unstatedSize],
  listTeamPointsLeaderboard: [unstatedPage, unstatedSize, { name: 'epoch', in: 'query', kind: 'integer', default: 0 }],
  listPositions: [
    path('userAddress'),
    { ...unstatedSize, choice: 'The service documents no default size for positions; the sandbox uses 10.' },
    unstatedPage,
  ],
  listTradeHistory: [
    path('user_address'),
    page,
    { name: 'size', in: 'query', kind: 'integer', default: 10 },
    chain('block_chain'),
  ],
  getUnrealizedPnl: [path('user_address'), chain('block_chain')],
  getTradeOverview: [
    path('user_address'),
    { name: 'timeframe', in: 'query', kind: 'enum', values: PORTFOLIO_TIMEFRAMES, required: true },
    { name: 'is_after_fee', in: 'query', kind: 'boolean', required: true },
    chain('blockchain'),
  ],
  getPnlChart: [
    path('user_address'),
    { name: 'timeframe', in: 'query', kind: 'enum', values: PORTFOLIO_TIMEFRAMES, required: true },
    { name: 'is_after_fee', in: 'query', kind: 'boolean', required: true },
    { name: 'timezone', in: 'query', kind: 'string', required: true },
    chain('blockchain'),
  ],
  getPortfolioData: [path('user_address')],
  listPairs: [
    chain('block_chain'),
    { name: 'is_ready_to_display', in: 'query', kind: 'boolean', default: true },
    { name: 'symbol', in: 'query', kind: 'string' },
    { name: 'tags', in: 'query', kind: 'list', style: 'repeat' },
    { name: 'volume_time_range', in: 'query', kind: 'enum', values: TIME_RANGES, default: 'ONE_DAY' },
    page,
    { name: 'size', in: 'query', kind: 'integer', default: 20 },
  ],
  getPairVolume: [
    path('pairBase', 'string'),
    { name: 'range', in: 'query', kind: 'enum', values: TIME_RANGES, default: 'ONE_DAY' },
    chain('block_chain'),
  ],
  getPairCumulativeVolume: [path('pairBase', 'string'), chain('block_chain')],
  listUserDailyVolumes: [
    { name: 'startTime', in: 'query', kind: 'string', required: true },
    { name: 'endTime', in: 'query', kind: 'string', required: true },
    { name: 'chains', in: 'query', kind: 'list', style: 'csv', default: ['MONAD'] },
  ],
  getProtocolVolumeByDate: [
    {
      name: 'startTime',
      in: 'query',
      kind: 'string',
      choice: "Without startTime the sum starts with the world's first trade.",
    },
    { name: 'endTime', in: 'query', kind: 'string', choice: 'Without endTime the sum runs to now.' },
  ],
  getProtocolVolumeAllTime: [{ name: 'chains', in: 'query', kind: 'list', style: 'csv', default: ['MONAD'] }],
  submitTradingIntent: [],
};

/** The operations the sandbox answers: every operation of the contract. */
export const OPERATION_IDS: readonly string[] = Object.keys(PARAMETERS);

export function operationParameters(operationId: string): readonly Parameter[] {
  return PARAMETERS[operationId] ?? [];
}
