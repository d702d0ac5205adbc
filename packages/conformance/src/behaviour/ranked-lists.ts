// The behaviours of the ranked lists (the leaderboard, a team's leaderboard, a competition's leaderboard):
// rows in the order asked, pages that are contiguous and disjoint, totals that agree with what the pages
// hold, and a search that keeps each row as it is.
import type { Asker, Setting } from './ask-service.js';
import {
  differingFields,
  distinctKeys,
  fieldsOf,
  firstDifference,
  isInteger,
  isObject,
  lowered,
  outOfOrder,
  type Page,
  pageOf,
  type RowReading,
  repeatedRow,
} from './row-order.js';
import { type Answer, broken, combined, inconclusive, type Outcome, pass, Unseen } from './verdicts.js';

/** A ranked list: where its page is, what its size parameter is called, and how its rows read. */
export interface RankedList {
  operationId: string;
  envelope: '' | '/data';
  sizeName: 'size' | 'limit';
  /** The field of a row holding its trader's address. */
  idField: string;
  /** The largest page asked: the size the description gives as the default, which a service surely serves. */
  largestPage: number;
  /** Parameters every request of the list carries (a competition's id). */
  fixed: Setting;
}

/** One order a list is asked in: the parameters, and how its rows sort. */
export interface AskedOrder {
  label: string;
  set: Setting;
  /** What the rows are sorted by, in words (`pnl`, `stats.tradingVolume`). */
  value: string;
  /** The fields of a row shown with it: its identity and what it is sorted by. */
  shown: readonly string[];
  key: (row: unknown) => number | undefined;
  descending: boolean;
}

const reading = (list: RankedList, order: AskedOrder): RowReading => ({
  id: (row) => lowered(isObject(row) ? row[list.idField] : undefined),
  key: order.key,
});

/** One page of a list: the answer and its envelope (an answer without one cannot show the behaviour). */
async function askPage(ask: Asker, list: RankedList, set: Setting): Promise<{ answer: Answer; page: Page }> {
  const answer = await ask.ask(list.operationId, { ...list.fixed, ...set });
  const page = pageOf(answer.body, list.envelope);
  if (!page) throw new Unseen(`${answer.line} has no page envelope`);
  return { answer, page };
}

const rowAt = (list: RankedList, index: number) => `${list.envelope}/content/${index}`;

/** Rows in the order asked, for each order: the first two rows out of order break it (ties in any order). */
export async function rowsInOrder(ask: Asker, list: RankedList, orders: readonly AskedOrder[]): Promise<Outcome> {
  const size = Math.min(20, list.largestPage);
  const outcomes = await Promise.all(
    orders.map(async (order): Promise<Outcome> => {
      const { answer, page } = await askPage(ask, list, { ...order.set, page: 0, [list.sizeName]: size });
      if (distinctKeys(page.rows, order.key) < 2)
        return inconclusive(`${answer.line} holds fewer than two values of ${order.value}`);
      const found = outOfOrder(page.rows, order.key, order.descending);
      if (!found) return pass;
      return broken(
        `rows by ${order.label} (${order.descending ? 'largest' : 'smallest'} ${order.value} first; ties in any order)`,
        found.map((index) => ({ answer, at: rowAt(list, index), value: fieldsOf(page.rows[index], order.shown) })),
      );
    }),
  );
  return combined(outcomes, 'no order could be seen');
}

/**
 * Pages 0 and 1 of each size against page 0 of twice the size: no row on both pages, and the two pages are
 * the rows of the larger one (ties in any order). A list no longer than the size cannot show it.
 */
export async function pagesContiguous(
  ask: Asker,
  list: RankedList,
  order: AskedOrder,
  sizes: readonly number[],
): Promise<Outcome> {
  const rows = reading(list, order);
  const outcomes = await Promise.all(
    sizes.map(async (size): Promise<Outcome> => {
      const at = (page: number, pageSize: number) =>
        askPage(ask, list, { ...order.set, page, [list.sizeName]: pageSize });
      const [first, second, whole] = await Promise.all([at(0, size), at(1, size), at(0, 2 * size)]);
      if (second.page.rows.length === 0)
        return inconclusive(`the list holds no more than ${size} rows (${second.answer.line} is empty)`);
      const shown = [...order.shown, 'rank'];
      const repeated = repeatedRow(first.page.rows, second.page.rows, rows.id);
      if (repeated) {
        return broken(`pages that share no row: page 1 of ${list.sizeName}=${size} repeats a row of page 0`, [
          { answer: first.answer, at: rowAt(list, repeated[0]), value: fieldsOf(first.page.rows[repeated[0]], shown) },
          {
            answer: second.answer,
            at: rowAt(list, repeated[1]),
            value: fieldsOf(second.page.rows[repeated[1]], shown),
          },
        ]);
      }
      const joined = [...first.page.rows, ...second.page.rows];
      const index = firstDifference(joined, whole.page.rows, rows);
      if (index === undefined) {
        if (joined.length <= whole.page.rows.length) return pass;
        return broken(
          `pages 0 and 1 of ${list.sizeName}=${size} holding the rows of page 0 of ${list.sizeName}=${2 * size}`,
          [{ answer: whole.answer, at: `${list.envelope}/content length`, value: whole.page.rows.length }],
        );
      }
      const [from, local] = index < first.page.rows.length ? [first, index] : [second, index - first.page.rows.length];
      return broken(
        `pages 0 and 1 of ${list.sizeName}=${size} together the rows of page 0 of ${list.sizeName}=${2 * size}, in order (ties in any order)`,
        [
          { answer: from.answer, at: rowAt(list, local), value: fieldsOf(from.page.rows[local], shown) },
          { answer: whole.answer, at: rowAt(list, index), value: fieldsOf(whole.page.rows[index], shown) },
        ],
      );
    }),
  );
  return combined(outcomes, 'no two pages could be compared');
}

/** How many pages the walk reads at most, besides the one after the last. */
export const WALK_PAGES = 8;

/**
 * totalElements and totalPages against what the pages hold: the list is walked to its last page at a size
 * that reaches it in WALK_PAGES pages (no larger than the list's default size); a longer list is read at its
 * first page, its last and the one after. Each page but the last is full, the last holds the rest, the
 * page after it is empty (an empty page past the end is as it should be), and no row is on two pages.
 */
export async function totalsAgree(ask: Asker, list: RankedList, order: AskedOrder): Promise<Outcome> {
  const rows = reading(list, order);
  const page = (index: number, size: number) =>
    askPage(ask, list, { ...order.set, page: index, [list.sizeName]: size });
  const first = await page(0, list.largestPage);
  const total = first.page.totalElements;
  if (!isInteger(total) || !isInteger(first.page.totalPages))
    throw new Unseen(`${first.answer.line} has no counts to check`);
  if (total === 0) return inconclusive(`${first.answer.line} says the list is empty`);
  // A service may serve a smaller page than asked (its largest size is not documented): its size is used.
  const served = isInteger(first.page.pageSize) && first.page.pageSize > 0 ? first.page.pageSize : list.largestPage;
  const size = Math.min(served, Math.max(1, Math.ceil(total / WALK_PAGES)));
  const pages = Math.ceil(total / size);
  const indexes = pages <= WALK_PAGES ? Array.from({ length: pages + 1 }, (_, index) => index) : [0, pages - 1, pages];
  const walked = await Promise.all(
    indexes.map((index) => (index === 0 && size === list.largestPage ? first : page(index, size))),
  );
  const seenIds = new Map<string, { answer: Answer; index: number; row: unknown }>();
  for (const [position, read] of walked.entries()) {
    const index = indexes[position] as number;
    const expectedRows = index < pages - 1 ? size : index === pages - 1 ? total - (pages - 1) * size : 0;
    const counts = { totalElements: read.page.totalElements, totalPages: read.page.totalPages };
    if (counts.totalElements !== total || counts.totalPages !== pages) {
      return broken(
        `the same counts on every page: totalElements ${total}, totalPages ${pages} at ${list.sizeName}=${size}`,
        [
          { answer: first.answer, at: `${list.envelope}/totalElements`, value: total },
          { answer: read.answer, at: `${list.envelope}/totalElements and totalPages`, value: counts },
        ],
      );
    }
    if (read.page.rows.length !== expectedRows) {
      const what = index === pages ? 'the page after the last empty' : `page ${index} holding ${expectedRows} rows`;
      return broken(`${what}, as totalElements ${total} at ${list.sizeName}=${size} says`, [
        { answer: first.answer, at: `${list.envelope}/totalElements`, value: total },
        { answer: read.answer, at: `${list.envelope}/content length`, value: read.page.rows.length },
      ]);
    }
    for (const [at, row] of read.page.rows.entries()) {
      const id = rows.id(row);
      if (id === undefined) continue;
      const before = seenIds.get(id);
      if (before) {
        return broken('every row on one page only', [
          { answer: before.answer, at: rowAt(list, before.index), value: fieldsOf(before.row, [list.idField]) },
          { answer: read.answer, at: rowAt(list, at), value: fieldsOf(row, [list.idField]) },
        ]);
      }
      seenIds.set(id, { answer: read.answer, index: at, row });
    }
  }
  return pass;
}

/**
 * search=<address of a row> lists only that address's row, the same row as without search. A list of one
 * row cannot show it (a search ignored would answer the same).
 */
export async function searchKeepsRow(ask: Asker, list: RankedList): Promise<Outcome> {
  const size = Math.min(20, list.largestPage);
  const whole = await askPage(ask, list, { page: 0, [list.sizeName]: size });
  if (whole.page.rows.length < 2) return inconclusive(`${whole.answer.line} lists fewer than two rows`);
  const index = Math.min(2, whole.page.rows.length - 1);
  const target = whole.page.rows[index];
  const address = isObject(target) ? target[list.idField] : undefined;
  if (typeof address !== 'string') throw new Unseen(`${whole.answer.line} has a row without ${list.idField}`);
  const found = await askPage(ask, list, { search: address, page: 0, [list.sizeName]: size });
  const targetSeen = { answer: whole.answer, at: rowAt(list, index), value: fieldsOf(target, [list.idField, 'rank']) };
  const other = found.page.rows.findIndex(
    (row) => lowered(isObject(row) ? row[list.idField] : undefined) !== address.toLowerCase(),
  );
  if (other >= 0) {
    return broken(`only the row of ${address} with search=${address}`, [
      targetSeen,
      { answer: found.answer, at: rowAt(list, other), value: fieldsOf(found.page.rows[other], [list.idField, 'rank']) },
    ]);
  }
  const [row] = found.page.rows;
  if (row === undefined) {
    return broken(`the row of ${address} with search=${address}`, [
      targetSeen,
      { answer: found.answer, at: `${list.envelope}/content`, value: [] },
    ]);
  }
  const differing = differingFields(target, row, [list.idField]);
  if (differing.length === 0) return pass;
  const shown = [list.idField, ...differing];
  return broken(`the same row of ${address} with search as without`, [
    { ...targetSeen, value: fieldsOf(target, shown) },
    { answer: found.answer, at: rowAt(list, 0), value: fieldsOf(row, shown) },
  ]);
}
