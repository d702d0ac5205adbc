// The leaderboards' sort orders, and the behaviours that tie one trader's records together: my-rank is the
// trader's leaderboard row for the same timeframe, sort and direction; a trader outside the ranked set has
// rank 0 (and one with no history an all-zero record); trading stats have rank 0 for any window.
import type { Asker } from './ask-service.js';
import type { AskedOrder, RankedList } from './ranked-lists.js';
import {
  differingFields,
  distinctKeys,
  fieldsOf,
  isInteger,
  isObject,
  lowered,
  numberAt,
  outOfOrder,
  pageOf,
} from './row-order.js';
import type { ServiceData } from './service-data.js';
import { type Answer, broken, combined, inconclusive, type Outcome, pass, Unseen } from './verdicts.js';

export const LEADERBOARD: RankedList = {
  operationId: 'listLeaderboard',
  envelope: '',
  sizeName: 'size',
  idField: 'userAddress',
  largestPage: 50,
  fixed: {},
};

export const TEAM_LEADERBOARD: RankedList = { ...LEADERBOARD, operationId: 'listTeamLeaderboard' };

/** Each sortable field and the entry field that holds its value. */
const SORT_FIELDS = {
  PNL: 'pnl',
  WIN_RATE: 'winRate',
  BIGGEST_WIN: 'biggestWin',
  TOTAL_VOL_USD: 'totalVolUsd',
} as const;

const sortedBy = (field: keyof typeof SORT_FIELDS, direction: 'ASC' | 'DESC'): AskedOrder => ({
  label: `sort_field=${field}&sort_direction=${direction}`,
  set: { sort_field: field, sort_direction: direction },
  value: SORT_FIELDS[field],
  shown: ['userAddress', SORT_FIELDS[field]],
  key: (row) => numberAt(row, SORT_FIELDS[field]),
  descending: direction === 'DESC',
});

/** The order without sort parameters: the defaults, PNL and DESC. */
export const DEFAULT_ORDER: AskedOrder = {
  ...sortedBy('PNL', 'DESC'),
  label: 'the default order (no sort_field or sort_direction: PNL, DESC)',
  set: {},
};

/** The default order, then every sortable field in both directions. */
export const LEADERBOARD_ORDERS: readonly AskedOrder[] = [
  DEFAULT_ORDER,
  ...(Object.keys(SORT_FIELDS) as (keyof typeof SORT_FIELDS)[]).flatMap((field) => [
    sortedBy(field, 'DESC'),
    sortedBy(field, 'ASC'),
  ]),
];

/** The figures of an entry that are all zero for a trader with no history (`totalCount` counts the ranked set). */
const FIGURES = [
  'rank',
  'pnl',
  'totalVolUsd',
  'winCount',
  'loseCount',
  'biggestWin',
  'winRate',
  'highLeverageVolUsd',
  'lowLeverageVolUsd',
];

/** An address no trader has: a precompile's, which cannot sign a trade. */
const NO_HISTORY_ADDRESS = '0x0000000000000000000000000000000000000001';

/** The rankings my-rank is compared under: the defaults, and a window, field and direction of their own. */
const RANKINGS = [
  { set: { timeframe: 'ALL', sort_field: 'PNL', sort_direction: 'DESC' }, order: sortedBy('PNL', 'DESC'), pick: 2 },
  {
    set: { timeframe: 'THIRTY_DAY', sort_field: 'TOTAL_VOL_USD', sort_direction: 'ASC' },
    order: sortedBy('TOTAL_VOL_USD', 'ASC'),
    pick: 1,
  },
] as const;

const rowOf = (answer: Answer) => pageOf(answer.body, '')?.rows ?? [];

/** my-rank for a trader of the leaderboard is that trader's row, under the same timeframe, sort and direction. */
export async function myRankIsTheRow(ask: Asker): Promise<Outcome> {
  const outcomes = await Promise.all(
    RANKINGS.map(async ({ set, order, pick }): Promise<Outcome> => {
      const board = await ask.ask('listLeaderboard', { ...set, page: 0, size: 20 });
      const rows = rowOf(board);
      if (rows.length === 0) return inconclusive(`${board.line} lists no trader`);
      // A page not seen in the order asked cannot say which row is the trader's under it: a page out of order
      // is leaderboard-order's failure, and one of ties cannot show its direction.
      if (distinctKeys(rows, order.key) < 2)
        return inconclusive(`${board.line} holds fewer than two values of ${order.value}: its order cannot be seen`);
      if (outOfOrder(rows, order.key, order.descending))
        return inconclusive(`${board.line} is not in the order asked (see leaderboard-order)`);
      const index = Math.min(pick, rows.length - 1);
      const row = rows[index];
      const address = isObject(row) ? row.userAddress : undefined;
      if (typeof address !== 'string') throw new Unseen(`${board.line} has a row without userAddress`);
      const mine = await ask.ask('getMyRank', { ...set, user_address: address });
      const differing = differingFields(row, mine.body, ['userAddress']);
      if (differing.length === 0) return pass;
      const shown = ['userAddress', ...differing];
      return broken(`my-rank of ${address} equal to its leaderboard row (same timeframe, sort_field, sort_direction)`, [
        { answer: board, at: `/content/${index}`, value: fieldsOf(row, shown) },
        { answer: mine, at: 'the answer', value: fieldsOf(mine.body, shown) },
      ]);
    }),
  );
  return combined(outcomes, 'no trader to compare');
}

/**
 * A trader whom search does not find on the leaderboard gets rank 0 from my-rank; the address no trader has
 * also gets all-zero figures. Candidates: that address, and traders of a competition leaderboard.
 */
export async function outsideRankedSet(ask: Asker, data: ServiceData): Promise<Outcome> {
  const ranking = { timeframe: 'ALL', sort_field: 'PNL', sort_direction: 'DESC' };
  const traders = await data.competitionBoard().then(
    (board) => board.rows.flatMap((row) => (isObject(row) && typeof row.trader === 'string' ? [row.trader] : [])),
    () => [],
  );
  const candidates = [NO_HISTORY_ADDRESS, ...traders.slice(0, 2)];
  const outcomes = await Promise.all(
    candidates.map(async (address): Promise<Outcome> => {
      const found = await ask.ask('listLeaderboard', { ...ranking, search: address, page: 0, size: 20 });
      const listed = rowOf(found).map((row) => lowered(isObject(row) ? row.userAddress : undefined));
      if (listed.includes(address.toLowerCase())) return inconclusive(`${address} is on the leaderboard`);
      // A search that lists other traders cannot say who is outside the ranked set (leaderboard-search's
      // failure); the address with no history needs no search to say so: it cannot have traded.
      if (listed.length > 0 && address !== NO_HISTORY_ADDRESS)
        return inconclusive(`${found.line} lists other traders than ${address} (see leaderboard-search)`);
      const mine = await ask.ask('getMyRank', { ...ranking, user_address: address });
      const noHistory = address === NO_HISTORY_ADDRESS;
      const fields = noHistory ? FIGURES : ['rank'];
      const nonZero = fields.filter((field) => isObject(mine.body) && mine.body[field] !== 0);
      if (nonZero.length === 0) return pass;
      return broken(
        noHistory
          ? `an all-zero record for ${address}, a trader with no history`
          : `rank 0 for ${address}, outside the ranked set (search does not find it)`,
        [
          {
            answer: found,
            at: 'userAddress of /content',
            value: rowOf(found).map((row) => fieldsOf(row, ['userAddress'])),
          },
          { answer: mine, at: 'the answer', value: fieldsOf(mine.body, ['userAddress', ...nonZero]) },
        ],
      );
    }),
  );
  return combined(outcomes, 'no trader outside the ranked set was found');
}

const DAY = 86_400;

/**
 * Trading stats of a ranked trader have rank 0 for any window (all time, the last 30 days, a competition's
 * window), and a window without activity is an all-zero record (not a 404).
 */
export async function statsRankZero(ask: Asker, data: ServiceData): Promise<Outcome> {
  const [row] = await data.leaderboardRows();
  const address = isObject(row) ? row.userAddress : undefined;
  if (typeof address !== 'string') throw new Unseen('the leaderboard row has no userAddress');
  const now = Math.floor(Date.now() / 1000);
  const competition = await data.competitions().then(
    (list) => list.find((one) => isInteger(one.startTime) && isInteger(one.endTime) && one.startTime < one.endTime),
    () => undefined,
  );
  const windows = [
    { start_time: 0, end_time: now, empty: false },
    { start_time: now - 30 * DAY, end_time: now, empty: false },
    ...(competition ? [{ start_time: competition.startTime, end_time: competition.endTime, empty: false }] : []),
    // The first second of 1970: no activity.
    { start_time: 0, end_time: 1, empty: true },
  ];
  const outcomes = await Promise.all(
    windows.map(async ({ empty, ...window }): Promise<Outcome> => {
      const stats = await ask.ask('getTradingStats', { ...window, user_address: address });
      const fields = empty ? FIGURES : ['rank'];
      const nonZero = fields.filter((field) => isObject(stats.body) && stats.body[field] !== 0);
      if (nonZero.length === 0) return pass;
      return broken(
        empty
          ? 'an all-zero record for a window without activity'
          : 'rank 0 for a window (a stats query, not a ranking)',
        [{ answer: stats, at: 'the answer', value: fieldsOf(stats.body, ['userAddress', ...nonZero]) }],
      );
    }),
  );
  return combined(outcomes, 'no window could be read');
}
