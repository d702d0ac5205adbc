// Every behaviour the runner checks, by operation: the service description's words it checks (`seed`,
// passages joined by ` … `, each quoted exactly), the operations its requests use (it runs only when every
// one is selected), the most requests one try of it sends, and the check. The README's table lists them
// (test/behaviour.test.ts holds the table to this list).
import type { BehaviourId } from '../reports/report-types.js';
import type { Asker, BehaviourContext } from './ask-service.js';
import {
  competitionList,
  currentUserRow,
  hasJoinedFilled,
  joinShows,
  KEYS_ORDERED,
  orderedBy,
  readyByDefault,
  statusFilter,
} from './competitions.js';
import { duplicatesCollapsed, epochDefault, symbolFilter, tagsFilter } from './pairs-and-points.js';
import { pagesContiguous, rowsInOrder, searchKeepsRow, totalsAgree, WALK_PAGES } from './ranked-lists.js';
import type { ServiceData } from './service-data.js';
import {
  DEFAULT_ORDER,
  LEADERBOARD,
  LEADERBOARD_ORDERS,
  myRankIsTheRow,
  outsideRankedSet,
  statsRankZero,
  TEAM_LEADERBOARD,
} from './trader-ranks.js';
import type { Outcome } from './verdicts.js';

export interface Behaviour {
  id: BehaviourId;
  operationId: string;
  seed: string;
  /** Every operation its requests use, the service's data it reads included. */
  uses: readonly string[];
  /** The most requests one try sends (the service's data it reads not counted: see SERVICE_DATA_REQUESTS). */
  requests: number;
  /** A write: checked only with --allow-writes. */
  write?: true;
  check: (ask: Asker, data: ServiceData, context: BehaviourContext) => Promise<Outcome>;
}

const SEED = {
  sort: '`sort_field` | string | `PNL` | `PNL`, `WIN_RATE`, `BIGGEST_WIN`, `TOTAL_VOL_USD`. … `sort_direction` | string | `DESC` | `ASC` or `DESC`.',
  envelope:
    'Paginated responses are an object with `content` (array), `pageNumber` (integer, 0-indexed), `pageSize` (integer), `totalPages` (integer), `totalElements` (integer).',
  paging: '`page` | integer | 0 … `size` | integer | 50',
  search: '`search` | string | none | Filters by address.',
  team: '`GET /v1/leaderboard/team/{team_code}`: same response shape, scoped to one team; accepts the same query parameters as `/v1/leaderboard`.',
  myRankRow:
    "Trader leaderboards: overall, per team, one trader's rank, and trading stats for an arbitrary time window. … `GET /v1/leaderboard/my-rank` returns one LeaderboardEntry. … `sort_field` | no | Default `PNL`; the rank depends on it.",
  myRankOutside:
    'Rules: a trader outside the ranked set gets their stats with `rank` 0; a trader with no history gets an all-zero record. … 0 means the trader is outside the ranked set, or the record comes from a windowed stats query.',
  stats:
    '`GET /v1/leaderboard/{user_address}/trading-stats` returns one LeaderboardEntry with `rank` 0 (a stats query, not a ranking). … Rule: a trader with no activity in the window gets an all-zero record, not a 404.',
  status: '`status` | all | `UPCOMING`, `ONGOING`, `ENDED`.',
  ready: '`isReadyToDisplay` | `true` | boolean.',
  hasJoined:
    '`userAddress` | none | When given, `hasJoined` is populated. … `hasJoined` | boolean | Filled in only when `userAddress` was supplied to the list.',
  orderBy:
    '`orderBy` | none | A `headers[].key` value returned by this endpoint. … `orderDirection` | `desc` | `ASC` or `DESC` (case as in the default). … Keyed by the `headers[].key` values; values are numbers. A key may be missing for a row.',
  boardPages: '`page` | 0 | 0-indexed. … `limit` | 10 | Rows per page; the name is `limit`, not `size`.',
  currentUser:
    "`userAddress` | none | When given, `currentUser` carries that user's global row and rank. … `currentUser` | row or absent | Same row shape; the requested user's global row and rank. Supplemental: it does not change the page size or page count.",
  join: '`POST /v1/trading-competition/join` joins a competition. … The endpoint does not verify wallet ownership and only registers participation; it moves no funds and places no trades. … `userAddress` | none | When given, `hasJoined` is populated.',
  latestPrices:
    'pairBases: array of string (must not be empty; duplicates collapsed) … Pairs that cannot be resolved are listed in `failures` with a reason … One item per pair that could not be resolved.',
  symbol: '`symbol` | none | Filter by symbol.',
  tags: '`tags` | none | Filter by tag; may be repeated.',
  epoch: '`team-leaderboard` also takes `epoch` (integer, default 0, meaning the current epoch).',
} as const;

/** The sizes whose pages 0 and 1 are compared with page 0 of twice the size. */
const PAGE_SIZES = [3, 10];
const BOARD_PAGE_SIZES = [2, 5];
/** Requests of the totals' walk: its first page, at most WALK_PAGES pages, and the page after the last. */
const WALK_REQUESTS = 1 + WALK_PAGES + 1;

/** The behaviours of one leaderboard (the trader leaderboard, or a team's with the same parameters). */
function leaderboardBehaviours(list: typeof LEADERBOARD, words: string): Behaviour[] {
  const { operationId } = list;
  const uses = [operationId];
  return [
    {
      id: 'leaderboard-order',
      operationId,
      seed: `${words}${SEED.sort}`,
      uses,
      requests: LEADERBOARD_ORDERS.length,
      check: (ask) => rowsInOrder(ask, list, LEADERBOARD_ORDERS),
    },
    {
      id: 'leaderboard-pages',
      operationId,
      seed: `${words}${SEED.envelope} … ${SEED.paging}`,
      uses,
      requests: 3 * PAGE_SIZES.length,
      check: (ask) => pagesContiguous(ask, list, DEFAULT_ORDER, PAGE_SIZES),
    },
    {
      id: 'leaderboard-totals',
      operationId,
      seed: `${words}${SEED.envelope}`,
      uses,
      requests: WALK_REQUESTS,
      check: (ask) => totalsAgree(ask, list, DEFAULT_ORDER),
    },
    {
      id: 'leaderboard-search',
      operationId,
      seed: `${words}${SEED.search}`,
      uses,
      requests: 2,
      check: (ask) => searchKeepsRow(ask, list),
    },
  ];
}

const BOARD_USES = ['listCompetitions', 'listCompetitionLeaderboard'];

export const BEHAVIOURS: readonly Behaviour[] = [
  ...leaderboardBehaviours(LEADERBOARD, ''),
  ...leaderboardBehaviours(TEAM_LEADERBOARD, `${SEED.team} … `),
  {
    id: 'my-rank-row',
    operationId: 'getMyRank',
    seed: SEED.myRankRow,
    uses: ['listLeaderboard', 'getMyRank'],
    requests: 4,
    check: (ask) => myRankIsTheRow(ask),
  },
  {
    id: 'my-rank-outside',
    operationId: 'getMyRank',
    seed: SEED.myRankOutside,
    uses: ['listLeaderboard', 'getMyRank'],
    requests: 6,
    check: (ask, data) => outsideRankedSet(ask, data),
  },
  {
    id: 'trading-stats-windows',
    operationId: 'getTradingStats',
    seed: SEED.stats,
    uses: ['listLeaderboard', 'listCompetitions', 'getTradingStats'],
    requests: 4,
    check: (ask, data) => statsRankZero(ask, data),
  },
  {
    id: 'competition-status',
    operationId: 'listCompetitions',
    seed: SEED.status,
    uses: ['listCompetitions'],
    requests: 4,
    check: (ask) => statusFilter(ask),
  },
  {
    id: 'competition-ready-default',
    operationId: 'listCompetitions',
    seed: SEED.ready,
    uses: ['listCompetitions'],
    requests: 3,
    check: (ask) => readyByDefault(ask),
  },
  {
    id: 'competition-has-joined',
    operationId: 'listCompetitions',
    seed: SEED.hasJoined,
    uses: BOARD_USES,
    requests: 1,
    check: (ask, data) => hasJoinedFilled(ask, data),
  },
  {
    id: 'competition-leaderboard-order',
    operationId: 'listCompetitionLeaderboard',
    seed: SEED.orderBy,
    uses: BOARD_USES,
    requests: 2 * KEYS_ORDERED,
    check: async (ask, data) => {
      const board = await data.competitionBoard();
      const orders = board.keys
        .slice(0, KEYS_ORDERED)
        .flatMap((key) => [orderedBy(key, 'desc'), orderedBy(key, 'asc')]);
      return rowsInOrder(ask, competitionList(board), orders);
    },
  },
  {
    id: 'competition-leaderboard-pages',
    operationId: 'listCompetitionLeaderboard',
    seed: `${SEED.envelope} … ${SEED.boardPages}`,
    uses: BOARD_USES,
    requests: 3 * BOARD_PAGE_SIZES.length,
    check: async (ask, data) => {
      const board = await data.competitionBoard();
      return pagesContiguous(ask, competitionList(board), orderedBy(board.keys[0] as string, 'desc'), BOARD_PAGE_SIZES);
    },
  },
  {
    id: 'competition-current-user',
    operationId: 'listCompetitionLeaderboard',
    seed: SEED.currentUser,
    uses: BOARD_USES,
    requests: 3,
    check: (ask, data) => currentUserRow(ask, data),
  },
  {
    id: 'join-registered',
    operationId: 'joinCompetition',
    seed: SEED.join,
    uses: ['listCompetitions', 'joinCompetition'],
    requests: 3,
    write: true,
    check: (ask, _data, context) => joinShows(ask, context),
  },
  {
    id: 'latest-prices-duplicates',
    operationId: 'queryLatestPrices',
    seed: SEED.latestPrices,
    uses: ['listPairs', 'queryLatestPrices'],
    requests: 1,
    check: (ask, data, context) => duplicatesCollapsed(ask, data, context),
  },
  {
    id: 'pairs-symbol',
    operationId: 'listPairs',
    seed: SEED.symbol,
    uses: ['listPairs'],
    requests: 2,
    check: (ask) => symbolFilter(ask),
  },
  {
    id: 'pairs-tags',
    operationId: 'listPairs',
    seed: SEED.tags,
    uses: ['listPairs'],
    requests: 2,
    check: (ask) => tagsFilter(ask),
  },
  {
    id: 'team-points-epoch',
    operationId: 'listTeamPointsLeaderboard',
    seed: SEED.epoch,
    uses: ['listTeamPointsLeaderboard'],
    requests: 2,
    check: (ask) => epochDefault(ask),
  },
];
