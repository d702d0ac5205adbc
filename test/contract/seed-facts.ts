// The service description's facts, transcribed once by hand from ../shared/seeds/000_3b9d23ff020b5623.txt so
// that the contract tests can hold the contract to them. A parameter dropped, a default changed or a status
// added in openapi/ makes a test fail here.

interface ParameterFact {
  in: 'query' | 'path';
  required: boolean;
  default?: unknown;
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  /** array parameters: how repeated values travel */
  array?: 'repeated' | 'comma-separated';
}

export interface OperationFact {
  method: 'get' | 'post';
  path: string;
  tag: string;
  parameters: Record<string, ParameterFact>;
  statuses: string[];
  /** what the 200 body is, at the top level */
  body?: 'envelope' | 'array' | 'number' | 'object' | 'nullable-object' | 'none';
}

const timeRange = ['ONE_DAY', 'SEVEN_DAY', 'THIRTY_DAY', 'ALL'];
const portfolioTimeframe = ['ALL_TIME', 'DAYS_7', 'DAYS_30', 'DAYS_60'];
const chainSnake = { block_chain: { in: 'query', required: false, default: 'MONAD' } } as const;
const page = { page: { in: 'query', required: false, default: 0 } } as const;
const userAddressPath = { user_address: { in: 'path', required: true } } as const;
const leaderboardQuery = {
  timeframe: { in: 'query', required: false, default: 'ALL', enum: timeRange },
  sort_field: {
    in: 'query',
    required: false,
    default: 'PNL',
    enum: ['PNL', 'WIN_RATE', 'BIGGEST_WIN', 'TOTAL_VOL_USD'],
  },
  sort_direction: { in: 'query', required: false, default: 'DESC', enum: ['ASC', 'DESC'] },
  ...page,
  size: { in: 'query', required: false, default: 50 },
  search: { in: 'query', required: false },
  ...chainSnake,
} as const;
const chains = { chains: { in: 'query', required: false, default: ['MONAD'], array: 'comma-separated' } } as const;
const pairBasePath = { pairBase: { in: 'path', required: true } } as const;
/** The query of the trade overview and the PnL chart. */
const portfolioQuery = {
  ...userAddressPath,
  timeframe: { in: 'query', required: true, enum: portfolioTimeframe },
  is_after_fee: { in: 'query', required: true },
  blockchain: { in: 'query', required: false, default: 'MONAD' },
} as const;
/** L453: the team lists' page and size, with no default given. */
const teamListPage = {
  page: { in: 'query', required: false },
  size: { in: 'query', required: false },
} as const;
const historicalQuery = {
  pair_base: { in: 'query', required: true },
  ...chainSnake,
} as const;

/**
 * One operation's facts as the table below writes them: a GET answering 200 alone unless the row says otherwise,
 * under the tag the seed groups it by.
 */
type Row = Omit<OperationFact, 'method' | 'tag' | 'statuses'> & Partial<Pick<OperationFact, 'method' | 'statuses'>>;

/** The seed's operations by tag, in its order. */
const table: Record<string, Row[]> = {
  Leaderboard: [
    { path: '/v1/leaderboard', parameters: leaderboardQuery, body: 'envelope' },
    {
      path: '/v1/leaderboard/team/{team_code}',
      parameters: { team_code: { in: 'path', required: true }, ...leaderboardQuery },
      body: 'envelope',
    },
    {
      path: '/v1/leaderboard/my-rank',
      parameters: {
        user_address: { in: 'query', required: true },
        timeframe: { in: 'query', required: false, default: 'ALL', enum: timeRange },
        sort_field: leaderboardQuery.sort_field,
        // my-rank lists sort_direction without a default
        sort_direction: { in: 'query', required: false, enum: ['ASC', 'DESC'] },
        ...chainSnake,
      },
      body: 'object',
    },
    {
      path: '/v1/leaderboard/{user_address}/trading-stats',
      parameters: {
        ...userAddressPath,
        start_time: { in: 'query', required: true },
        end_time: { in: 'query', required: true },
        ...chainSnake,
      },
      body: 'object',
    },
  ],
  'Staked token': [
    {
      path: '/v1/sstk/apy',
      parameters: {
        days: { in: 'query', required: false, default: 7 },
        blockChain: { in: 'query', required: false, default: 'MONAD' },
      },
      body: 'number',
    },
    { path: '/v1/sstk/{user_address}/portfolio', parameters: userAddressPath, body: 'object' },
  ],
  'Oracle and prices': [
    { method: 'post', path: '/v1/oracle/price/updates/by-position', parameters: {}, body: 'object' },
    { method: 'post', path: '/v1/oracle/price/pairs/latest', parameters: {}, body: 'object' },
    { path: '/v1/oracle/price/pair-24h-ago', parameters: historicalQuery, statuses: ['200', '404'], body: 'object' },
    {
      path: '/v1/oracle/price/pair-hours-ago',
      parameters: {
        ...historicalQuery,
        hours_ago: { in: 'query', required: false, default: 24, minimum: 1, maximum: 24 },
      },
      statuses: ['200', '400', '404'],
      body: 'object',
    },
  ],
  'Trading competitions': [
    {
      path: '/v1/trading-competition',
      parameters: {
        status: { in: 'query', required: false, enum: ['UPCOMING', 'ONGOING', 'ENDED'] },
        isReadyToDisplay: { in: 'query', required: false, default: true },
        userAddress: { in: 'query', required: false },
      },
      body: 'array',
    },
    {
      path: '/v1/trading-competition/{id}/leaderboard',
      parameters: {
        id: { in: 'path', required: true },
        ...page,
        limit: { in: 'query', required: false, default: 10 },
        orderBy: { in: 'query', required: false },
        // L430 "`ASC` or `DESC` (case as in the default)" with default `desc`, against L32 "upper-case tokens": both cases
        orderDirection: { in: 'query', required: false, default: 'desc', enum: ['asc', 'desc', 'ASC', 'DESC'] },
        userAddress: { in: 'query', required: false },
      },
      body: 'object',
    },
    { method: 'post', path: '/v1/trading-competition/join', parameters: {}, statuses: ['200', '204'], body: 'none' },
  ],
  'Team points program': [
    { path: '/v1/genesis-airdrop/{user_address}/team-info', parameters: userAddressPath, body: 'object' },
    {
      path: '/v1/genesis-airdrop/team-info-by-code/{code}',
      parameters: { code: { in: 'path', required: true } },
      body: 'nullable-object',
    },
    {
      path: '/v1/genesis-airdrop/{user_address}/team-members',
      parameters: { ...userAddressPath, ...teamListPage },
      body: 'envelope',
    },
    {
      path: '/v1/genesis-airdrop/{user_address}/team-boost-history',
      parameters: { ...userAddressPath, ...teamListPage },
      body: 'envelope',
    },
    {
      path: '/v1/genesis-airdrop/team-leaderboard',
      parameters: { ...teamListPage, epoch: { in: 'query', required: false, default: 0 } },
      body: 'envelope',
    },
  ],
  Positions: [
    {
      path: '/v1/user/{userAddress}/positions',
      parameters: {
        userAddress: { in: 'path', required: true },
        size: { in: 'query', required: false },
        page: { in: 'query', required: false },
      },
      body: 'envelope',
    },
  ],
  'Trade history': [
    {
      path: '/v1/user/{user_address}/trade/history',
      parameters: { ...userAddressPath, ...page, size: { in: 'query', required: false, default: 10 }, ...chainSnake },
      body: 'envelope',
    },
  ],
  Portfolio: [
    {
      path: '/v1/portfolio/{user_address}/unrealized-pnl',
      parameters: { ...userAddressPath, ...chainSnake },
      statuses: ['200', '400', '503'],
      body: 'object',
    },
    { path: '/v1/portfolio/{user_address}/trade_overview', parameters: portfolioQuery, body: 'object' },
    {
      path: '/v1/portfolio/{user_address}/pnl_chart_data',
      parameters: { ...portfolioQuery, timezone: { in: 'query', required: true } },
      body: 'object',
    },
    { path: '/v1/portfolio/{user_address}/portfolio_data', parameters: userAddressPath, body: 'object' },
  ],
  'Pairs and volume': [
    {
      path: '/v1/pairs',
      parameters: {
        ...chainSnake,
        is_ready_to_display: { in: 'query', required: false, default: true },
        symbol: { in: 'query', required: false },
        tags: { in: 'query', required: false, array: 'repeated' },
        volume_time_range: { in: 'query', required: false, default: 'ONE_DAY', enum: timeRange },
        ...page,
        size: { in: 'query', required: false, default: 20 },
      },
      body: 'envelope',
    },
    {
      path: '/v1/pairs/{pairBase}/volume',
      parameters: {
        ...pairBasePath,
        range: { in: 'query', required: false, default: 'ONE_DAY', enum: timeRange },
        ...chainSnake,
      },
      body: 'object',
    },
    {
      path: '/v1/pairs/{pairBase}/cumulative-volume',
      // block_chain is not in L497; it is kept as assumed from the equivalence with /volume?range=ALL, and marked
      parameters: { ...pairBasePath, ...chainSnake },
      body: 'object',
    },
    {
      path: '/v1/trading-volumes/users',
      parameters: {
        startTime: { in: 'query', required: true },
        endTime: { in: 'query', required: true },
        ...chains,
      },
      body: 'array',
    },
    {
      path: '/v1/trading-volumes/sum-by-date',
      // L501 names startTime and endTime only: neither required nor a format is stated
      parameters: { startTime: { in: 'query', required: false }, endTime: { in: 'query', required: false } },
      body: 'object',
    },
    {
      path: '/v1/trading-volumes/sum-all',
      parameters: chains,
      body: 'object',
    },
  ],
  Gasless: [{ method: 'post', path: '/v2/trading/submit-intent', parameters: {}, statuses: ['default'] }],
};

export const operations: OperationFact[] = Object.entries(table).flatMap(([tag, rows]) =>
  rows.map(({ method = 'get', statuses = ['200'], ...row }) => ({ method, tag, statuses, ...row })),
);

/**
 * Everything the seed says is "not shown", at the place in the bundle where the contract marks it with
 * `x-not-documented`, and words the marker's text must contain. The contract has these markers and no others.
 */
export const notShown: Record<string, RegExp> = {
  // L514, L532, L570, L580; rounding: only L263 states one ("Integer rounding may leave tiny differences")
  '#/info': /authentication.*rate limits.*webhooks.*deprecation.*rounding/is,
  // A PnL in a settlement token valued in USD: L262-L263 convert the unrealized PnL "to USD", at no stated price
  // or time; L44, L220, L224, L231 give the realized figures in USD and say nothing of the conversion
  '#/components/schemas/LeaderboardEntry/properties/pnl': /settlement token.*USD/i,
  '#/components/schemas/TradeOverview/properties/realizedPnlUsd': /settlement token.*USD/i,
  '#/components/schemas/PnlPoint/properties/pnl': /settlement token.*USD/i,
  '#/components/schemas/PortfolioData/properties/realizedPNL': /settlement token.*USD/i,
  '#/components/schemas/UnrealizedPnl/properties/unrealizedPnlUsd': /settlement token.*USD/i,
  // L50 "Total number of ranked traders"; nothing on a timeframe, a team (L352), a search or a stats window (L368)
  '#/components/schemas/LeaderboardEntry/properties/totalCount': /timeframe.*team.*search.*trading-stats/is,
  '#/paths/~1v1~1oracle~1price~1updates~1by-position/post': /lifetime/i, // L399, L567: "short-lived", no number
  '#/paths/~1v1~1oracle~1price~1pairs~1latest/post': /empty pairBases/i, // L553
  '#/paths/~1v1~1trading-competition~1join/post': /missing required field.*unknown competition id/i, // L553
  '#/paths/~1v1~1trading-competition~1{id}~1leaderboard/get': /unknown competition id/i, // L553
  '#/paths/~1v1~1trading-competition~1{id}~1leaderboard/get/parameters/limit': /maximum page size/i, // L572
  // L430 "`ASC` or `DESC` (case as in the default)", default `desc`, against L32 "upper-case tokens"
  '#/paths/~1v1~1trading-competition~1{id}~1leaderboard/get/parameters/orderDirection': /case.*ASC.*DESC.*upper-case/is,
  '#/paths/~1v1~1user~1{user_address}~1trade~1history/get/parameters/size': /maximum page size/i, // L572
  '#/paths/~1v1~1pairs/get/parameters/size': /maximum page size/i, // L572
  '#/paths/~1v1~1pairs~1{pairBase}~1cumulative-volume/get': /block_chain/i, // L497 lists no parameters
  '#/paths/~1v1~1trading-volumes~1users/get': /maximum date range/i, // L572
  '#/paths/~1v1~1trading-volumes~1sum-by-date/get': /chains/i, // L501
  '#/paths/~1v1~1trading-volumes~1sum-by-date/get/parameters/startTime': /required.*format/i, // L501 names it only
  '#/paths/~1v1~1trading-volumes~1sum-by-date/get/parameters/endTime': /required.*format/i, // L501 names it only
  '#/paths/~1v2~1trading~1submit-intent/post/requestBody': /request body/i, // L507
  '#/paths/~1v2~1trading~1submit-intent/post/responses/default': /response/i, // L507
  '#/components/schemas/CompetitionStatus': /transitions/i, // L332
  '#/components/schemas/PairStatus': /transitions/i, // L328
  '#/components/schemas/PositionStatus': /transitions/i, // L316
  '#/components/schemas/OperationType': /which operations produce which event/i, // L531
  '#/components/schemas/PriceUpdatesOptions/properties/includePriceSafety': /effect/i, // L396
  '#/components/schemas/PriceUpdatesOptions/properties/allowPartial': /effect/i, // L396-L397
  '#/components/schemas/OracleUpdateResult/properties/failures': /shape of the items/i, // L77
  '#/components/schemas/Pair/properties/schedule': /structure/i, // L282
  '#/components/schemas/TeamMemberPage': /pagination metadata/i, // L453
  '#/components/schemas/TeamBoostPage': /pagination metadata/i, // L453
  '#/components/schemas/TeamLeaderboardPage': /pagination metadata/i, // L453
  '#/components/schemas/Position/properties/longAccFundingFeePerShare': /unit/i, // L183
  '#/components/schemas/Position/properties/holdingFeeRate': /unit/i, // L183
  '#/components/schemas/TradeHistoryEvent/properties/tradeType': /allowed values/i, // L206
  '#/components/schemas/TradeHistoryEvent/properties/detail': /contents/i, // L216
  '#/components/parameters/LeaderboardSize': /maximum page size/i, // L572
  '#/components/parameters/TeamListPage': /default/i, // L453
  '#/components/parameters/TeamListSize': /default.*maximum/i, // L453, L572
  '#/components/parameters/PositionsSize': /default.*maximum/i, // L457, L572
  '#/components/responses/BadRequest': /error body shape/i, // L552
  '#/components/responses/NotFound': /error body shape/i, // L552
  '#/components/responses/ServiceUnavailable': /error body shape/i, // L552
};

/**
 * Where the seed states a type and nothing more, the contract adds no constraint that would reject a real
 * response or request: these schemas (by pointer into the bundle, with the seed line) carry no pattern,
 * format, minimum or enum, and no `$ref` to a constrained type.
 */
export const tolerated = {
  unconstrained: {
    '#/components/schemas/Pair/properties/feedPriceFeedId': 'L287 string',
    '#/components/schemas/Pair/properties/feedProPriceFeedId': 'L288 string or null',
    '#/components/schemas/Pair/properties/nextOpen': 'L280 string or null',
    '#/components/schemas/Pair/properties/nextClose': 'L281 string or null',
    '#/components/schemas/PairVolume/properties/pairBase': 'L297 string',
    '#/components/schemas/UserDailyVolume/properties/userAddress': 'L301 string',
    '#/components/schemas/HistoricalPrice/properties/pairBase': 'L90 string',
    '#/components/schemas/PortfolioTradingPair/properties/pairBase': 'L238 string',
    '#/components/schemas/LatestPricesRequest/properties/pairBases/items': 'L401 array of string',
    '#/components/schemas/TeamBoost/properties/epoch': 'L159 integer',
    '#/components/schemas/TeamInfo/properties/latestEpochTrading/properties/epoch': 'L151 integer',
    '#/paths/~1v1~1genesis-airdrop~1team-leaderboard/get/parameters/2/schema': 'L453 epoch (integer, default 0)',
    '#/components/parameters/Page/schema': 'L347, L427, L461, L492 page (0-indexed)',
    '#/components/parameters/TeamListPage/schema': 'L453 page (integer)',
    '#/paths/~1v1~1user~1{userAddress}~1positions/get/parameters/2/schema': 'L457 page (integer, 0-indexed)',
    '#/paths/~1v1~1trading-volumes~1sum-by-date/get/parameters/0/schema': 'L501 startTime, named only',
    '#/paths/~1v1~1trading-volumes~1sum-by-date/get/parameters/1/schema': 'L501 endTime, named only',
    // The seed types these as plain strings, even where its note calls them addresses: no Address pattern.
    '#/components/schemas/Pair/properties/base': 'L272 string, "The pairBase address used in every contract call"',
    '#/components/schemas/Competition/properties/collateralToken': 'L117 string or null, "the deposited token address"',
    '#/components/schemas/PriceUpdatesRequest/properties/pairBase':
      'L388 string, "Market identifier (pair base address)"',
    '#/components/schemas/PriceUpdatesRequest/properties/collateral': 'L389 string, "Collateral token address"',
    '#/components/parameters/PairBaseQuery/schema': 'L407 pair_base, no type beyond a required query value',
    '#/components/parameters/PairBasePath/schema': 'L495, L497 {pairBase}, the Pair.base string of L272',
    '#/components/schemas/HistoricalPrice/properties/hoursAgo':
      'L91 integer; the 1 to 24 of L409 bounds the request parameter only',
    '#/components/schemas/BlockChain': 'L27 defaults to MONAD; no list of chains is given, so no enum',
    // Integers the seed gives no bound (and no word that makes them a count): no minimum.
    '#/components/schemas/PageMetadata/properties/pageNumber':
      'L29 "pageNumber (integer, 0-indexed)": where counting starts; the page parameter it echoes has no minimum',
    '#/components/schemas/PageMetadata/properties/pageSize': 'L29 "pageSize (integer)"',
    '#/components/schemas/PageMetadata/properties/totalPages': 'L29 "totalPages (integer)"',
    '#/components/schemas/PageMetadata/properties/totalElements': 'L29 "totalElements (integer)"',
    '#/components/schemas/LeaderboardEntry/properties/rank':
      'L42 "0 means the trader is outside the ranked set ..."; no other rank value is described',
    '#/components/schemas/LeaderboardEntry/properties/winCount': 'L46 "winCount | integer", no note',
    '#/components/schemas/LeaderboardEntry/properties/loseCount': 'L47 "loseCount | integer", no note',
    '#/components/schemas/Competition/properties/currentParticipants': 'L124 "currentParticipants | integer", no note',
    '#/components/schemas/CompetitionLeaderboardRow/properties/rank': 'L138 "rank: integer"',
    '#/components/schemas/Pair/properties/priceDisplayDecimals': 'L284 integer, "Display hint only"',
    '#/components/schemas/Pair/properties/minHoldingSeconds':
      'L286 integer, "Minimum time before a position can be closed"',
    '#/components/schemas/UserDailyVolume/properties/openCount': 'L301 "openCount integer"',
    '#/components/schemas/UserDailyVolume/properties/closeCount': 'L301 "closeCount integer"',
    '#/components/schemas/TeamInfo/properties/teamMemberCount': 'L151 "teamMemberCount integer"',
    '#/components/schemas/TradeHistoryEvent/properties/blockNumber': 'L196 "blockNumber | integer", no note',
    '#/components/schemas/TradeHistoryEvent/properties/transactionIndex': 'L197 "transactionIndex | integer"',
    '#/components/schemas/TradeHistoryEvent/properties/logIndex': 'L198 "logIndex | integer"',
    '#/components/schemas/PortfolioData/properties/metrics/properties/positionLiveCount':
      'L236 "metrics.positionLiveCount | integer", no note',
    '#/components/schemas/PortfolioData/properties/metrics/properties/orderLiveCount':
      'L237 "metrics.orderLiveCount | integer", no note',
  } as Record<string, string>,
  /**
   * Fields the seed calls "Hex" and nothing more (no `0x` is promised): each must accept the same digits
   * without the prefix, as well as with it. [pointer, seed line]
   */
  hexWithoutPrefix: [
    ['#/components/schemas/OracleIdInput/properties/id', 'L103 "Hex oracle id"'],
    ['#/components/schemas/OracleUpdateResult/properties/feedPriceUpdateData/items', 'L68 "array of hex strings"'],
    ['#/components/schemas/OracleUpdateResult/properties/feedProPriceUpdateData/items', 'L69 "array of hex strings"'],
    ['#/components/schemas/Position/properties/positionHash', 'L169 "Hex."'],
    ['#/components/schemas/TradeHistoryEvent/properties/transactionHash', 'L195 "Hex."'],
    ['#/components/schemas/TradeHistoryEvent/properties/hash', 'L199 "Hex."'],
    ['#/components/schemas/TradeHistoryEvent/properties/positionHash', 'L200 "Hex."'],
  ] as [string, string][],
};

/**
 * Every bound (`minimum`, `maximum`, exclusive or not) of the contract, with the seed's words that state it:
 * a range, a count ("Number of", "Count of") or a fraction. Any other bound is a constraint the seed does not
 * state (openapi/README.md), which would refuse a response the service may send.
 */
export const statedBounds: Record<string, string> = {
  '#/paths/~1v1~1oracle~1price~1pair-hours-ago/get/parameters/2/schema':
    'L409 "Integer 1 to 24, default 24 ... Outside the range the result is 400"',
  '#/components/schemas/LeaderboardEntry/properties/winRate': 'L49 "A fraction, not a percentage."',
  '#/components/schemas/TradeOverview/properties/winRate': 'L220 "winRate number (fraction, not percentage)"',
  '#/components/schemas/LeaderboardEntry/properties/totalCount': 'L50 "Total number of ranked traders"',
  '#/components/schemas/UnrealizedPnl/properties/positionCount': 'L250 "Number of onchain positions included."',
  '#/components/schemas/PortfolioData/properties/gain': 'L234 "Count of profitable closed positions."',
  '#/components/schemas/PortfolioData/properties/loss': 'L235 "Count of unprofitable closed positions."',
};

/**
 * Claims the seed does not make, which the docs once made: none of these may appear in any description,
 * summary, code sample or guide of the contract, in a README, or in the client's doc comments. Each names
 * the seed line it overstates.
 */
export const overstatements: [RegExp, string][] = [
  [
    /collateral is the wrapped native token/i,
    'L389, L399: the native amount is added when the user pays with the native token',
  ],
  [/price in USD/i, 'L75, L83, L94: prices are 1e18 integer strings, no currency is stated'],
  [/starting at 1/i, 'L42: rank 0 is the only rank value described'],
  [/every requested market appears/i, 'L84, L401: failures lists the pairs that could not be resolved, nothing more'],
  [/absent or empty/i, 'L77: failures is non-empty when a feed could not be resolved; nothing is said otherwise'],
  [
    /variant that also carries/i,
    'L72-L74: the fee components are present in one variant; nothing ties it to updateFee',
  ],
  [/units of the base asset/i, 'L176, L202, L238: qty is scaled by 1e10, no unit is stated'],
  [/6 for USDC/i, 'L175: margin is in the margin token decimals, whatever they are'],
  [/USD amounts of positions/i, 'L180-L188: position fees and PnL have no stated scale'],
  [/return `content` without page counts/i, 'L453: the pagination metadata beyond content is not shown, not absent'],
  [/declares no scheme\s*\(`security: \[\]`\)/i, 'L511: only unrealized PnL says no authentication'],
  [
    /the result is the same/i,
    'L384: the service selects the correct feeds for the pair and collateral, so another collateral is another answer',
  ],
  [/ERC-20 deposit/i, 'L389, L399: the seed says nothing of ERC-20 deposits, only of paying with the native token'],
  [
    /(?<!\/)USD price|values are USD|about 0\.009 USD|, 18\)\} USD|[pP]rice\} USD|\d USD as the service sends/,
    'L31, L83, L214, L275: prices are 1e18 integer strings in no stated currency; FOREX and COMMODITIES markets exist',
  ],
  [/(last|final) section lists every/i, 'the docs end with the Changelog, after the section of points not documented'],
  [
    /Competition 8 alone/i,
    'L419-L421: the list filters by status, isReadyToDisplay and userAddress only; no request returns 8 alone',
  ],
  [
    /it documents 200/i,
    "L507: the gasless submission's response is not shown; the contract documents no status for it",
  ],
  [
    /\| integer out of range \| [^|]*\?page=-1/,
    'L347, L427, L461, L492: page has no stated minimum, so -1 is not out of range',
  ],
  [
    /a chain outside the enum/i,
    'L27: no list of chains is given, so the contract has no chain enum and no chain is probed',
  ],
  [
    /margins (are in )?the margin token's own decimals/i,
    "L175, L213, L461: a position's margin is in the margin token's decimals, a trade-history margin and pnl in lvToken decimals",
  ],
];

/**
 * What a format of the contract is read as, since the seed words it loosely (L30 "ISO-8601", L113 "URL",
 * L301 "YYYY-MM-DD"): the guides must say it for every format the bundle uses (besides the project's own).
 */
export const formatReadings: Record<string, RegExp> = {
  'date-time': /RFC 3339/,
  uri: /absolute URIs?/,
  date: /YYYY-MM-DD/,
};

/**
 * The causes of the 503 the seed gives (L543: "RPC failure or timeout, missing token information, a missing,
 * non-positive or stale quote, or an explicitly unsafe quote"; L547: "One unavailable position or required
 * quote"; L548: a stale publication time): a clause that says why a 503 happens must name one of them, or the
 * unavailable valuation they add up to.
 */
const seedCausesOf503 =
  /valuation|\bRPC\b|time(d|s)? ?out|token information|quote|stale|unsafe|price|position|unavailable|not available/i;

/** Causes the seed never gives, in the words they tend to come in (catching up, syncing, lag...). */
const inventedCausesOf503 =
  /catch(es|ing)? up|\bsync(s|ing|ed)?\b|\blag(s|ging)?\b|indexing|indexer|maintenance|overload|warm(s|ing)? up|\bbusy\b|rate.?limit|throttl|backlog|restart|deploy|degraded/i;

const connective = 'while|whenever|when|because|since|during|as long as|if|means?(?: that)?|signals?|indicates?';
/** A 503 followed closely by a connective: "answers 503 while ...", "a 503 means that ...". */
const after503 = new RegExp(
  String.raw`\b503\b[^.;:()|,\n"'\`{}=]{0,25}?\b(?:${connective})\b([^.;()|\n]{3,120})`,
  'gi',
);
/** A connective clause, a comma, then a 503: "while ..., it answers 503". */
const before503 =
  /\b(?:while|whenever|when|because|since|during|as long as)\b([^.;()|\n,]{3,80}), (?:the service |it |the mock )?(?:answers|returns|gives|fails with|responds with) (?:a |an )?503\b/gi;

/**
 * The causes a text gives for the 503 that are not the seed's (L543), in any of the wordings above: a clause
 * next to "503" that names none of the seed's causes, or an invented cause in a sentence that mentions 503.
 */
export function inventedReasonsFor503(text: string): string[] {
  const found: string[] = [];
  const flat = text.replace(/\s*\n\s*(?:\/\/|\*|#)?\s*/g, ' ');
  for (const sentence of flat.split(/(?<=[.!?])\s+/)) {
    if (!/\b503\b/.test(sentence)) continue;
    if (inventedCausesOf503.test(sentence)) found.push(sentence.trim());
    for (const [, clause] of [...sentence.matchAll(after503), ...sentence.matchAll(before503)]) {
      if (!seedCausesOf503.test(clause as string)) found.push(sentence.trim());
    }
  }
  return [...new Set(found)];
}
