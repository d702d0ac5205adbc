// The behaviours of the competitions: the list's `status` filter and `isReadyToDisplay` default, `hasJoined`
// with a `userAddress`, a competition leaderboard's `orderBy`/`orderDirection` and `currentUser`, and a join
// that the list then shows.

import { requestBodyFor } from '../operations/request-values.js';
import type { Asker, BehaviourContext } from './ask-service.js';
import type { AskedOrder, RankedList } from './ranked-lists.js';
import { differingFields, fieldsOf, isObject, type Json, numberAt, pageOf } from './row-order.js';
import type { CompetitionBoard, ServiceData } from './service-data.js';
import { type Answer, broken, inconclusive, type Outcome, pass, Unseen } from './verdicts.js';

const STATUSES = ['UPCOMING', 'ONGOING', 'ENDED'] as const;

/** The list a competition answer holds (anything else cannot show a behaviour). */
function listOf(answer: Answer): Json[] {
  if (!Array.isArray(answer.body)) throw new Unseen(`${answer.line} is not a list`);
  return answer.body.filter(isObject);
}

const idsOf = (list: readonly Json[]) => list.map((competition) => competition.id);

/**
 * `status=X` lists only competitions in state X, and with no `status` (its default: all) the list is the
 * union of the three. An empty list cannot show it.
 */
export async function statusFilter(ask: Asker): Promise<Outcome> {
  const [all, ...filtered] = await Promise.all([
    ask.ask('listCompetitions'),
    ...STATUSES.map((status) => ask.ask('listCompetitions', { status })),
  ]);
  const everyone = listOf(all as Answer);
  if (everyone.length === 0) return inconclusive(`${(all as Answer).line} lists no competition`);
  for (const [index, status] of STATUSES.entries()) {
    const answer = filtered[index] as Answer;
    const list = listOf(answer);
    const other = list.findIndex((competition) => competition.status !== status);
    if (other >= 0) {
      return broken(`only ${status} competitions with status=${status}`, [
        { answer, at: `/${other}`, value: fieldsOf(list[other], ['id', 'title', 'status']) },
      ]);
    }
    const stray = list.findIndex((competition) => !idsOf(everyone).includes(competition.id));
    if (stray >= 0) {
      return broken('every competition of a status in the list without status (its default: all)', [
        { answer, at: `/${stray}`, value: fieldsOf(list[stray], ['id', 'status']) },
        { answer: all as Answer, at: 'ids', value: idsOf(everyone) },
      ]);
    }
  }
  const missing = everyone.findIndex((competition) => {
    const index = STATUSES.indexOf(competition.status as (typeof STATUSES)[number]);
    return index >= 0 && !idsOf(listOf(filtered[index] as Answer)).includes(competition.id);
  });
  if (missing < 0) return pass;
  const status = everyone[missing]?.status as (typeof STATUSES)[number];
  const answer = filtered[STATUSES.indexOf(status)] as Answer;
  return broken(`each competition in the list of its status (status=${status})`, [
    { answer: all as Answer, at: `/${missing}`, value: fieldsOf(everyone[missing], ['id', 'status']) },
    { answer, at: 'ids', value: idsOf(listOf(answer)) },
  ]);
}

/**
 * Without `isReadyToDisplay` (its default: true) the list is the one asked with `true`, and shows no
 * competition that is not ready. Only a competition not ready to display, seen in either list, shows it.
 */
export async function readyByDefault(ask: Asker): Promise<Outcome> {
  const [plain, ready, hidden] = await Promise.all([
    ask.ask('listCompetitions'),
    ask.ask('listCompetitions', { isReadyToDisplay: true }),
    ask.ask('listCompetitions', { isReadyToDisplay: false }),
  ]);
  const shown = listOf(plain);
  const notReady = [...shown, ...listOf(hidden)].filter((competition) => competition.isReadyToDisplay === false);
  if (notReady.length === 0) {
    return inconclusive(`no competition with isReadyToDisplay false is listed, even by ${hidden.line}`);
  }
  const stray = shown.findIndex((competition) => competition.isReadyToDisplay !== true);
  if (stray >= 0) {
    return broken('no competition with isReadyToDisplay false without the parameter (its default: true)', [
      { answer: plain, at: `/${stray}`, value: fieldsOf(shown[stray], ['id', 'title', 'isReadyToDisplay']) },
    ]);
  }
  const same = JSON.stringify(idsOf(shown)) === JSON.stringify(idsOf(listOf(ready)));
  if (same) return pass;
  return broken('the same competitions without isReadyToDisplay as with isReadyToDisplay=true', [
    { answer: plain, at: 'ids', value: idsOf(shown) },
    { answer: ready, at: 'ids', value: idsOf(listOf(ready)) },
  ]);
}

/** A participant's address, from a competition leaderboard (else the leaderboard's first trader). */
async function participant(data: ServiceData): Promise<string> {
  const board = await data.competitionBoard().catch(() => undefined);
  const trader = board?.rows
    .map((row) => (isObject(row) ? row.trader : undefined))
    .find((one) => typeof one === 'string');
  if (typeof trader === 'string') return trader;
  const [row] = await data.leaderboardRows();
  const address = isObject(row) ? row.userAddress : undefined;
  if (typeof address !== 'string') throw new Unseen('no trader address was found to ask with');
  return address;
}

/** With a `userAddress` (a trader of the service), every competition of the list carries `hasJoined`. */
export async function hasJoinedFilled(ask: Asker, data: ServiceData): Promise<Outcome> {
  const address = await participant(data);
  const answer = await ask.ask('listCompetitions', { userAddress: address });
  const list = listOf(answer);
  if (list.length === 0) return inconclusive(`${answer.line} lists no competition`);
  const without = list.findIndex((competition) => typeof competition.hasJoined !== 'boolean');
  if (without < 0) return pass;
  return broken(`hasJoined on every competition with userAddress=${address}`, [
    { answer, at: `/${without}`, value: fieldsOf(list[without], ['id', 'title', 'hasJoined']) },
  ]);
}

/** A competition's leaderboard as a ranked list (its rows' traders, `limit`, at most the default 10 a page). */
export const competitionList = (board: CompetitionBoard): RankedList => ({
  operationId: 'listCompetitionLeaderboard',
  envelope: '/data',
  sizeName: 'limit',
  idField: 'trader',
  largestPage: 10,
  fixed: { id: board.id },
});

/** orderBy a column key in a direction (lower case, as the default `desc`); rows without the key are left out. */
export const orderedBy = (key: string, direction: 'asc' | 'desc'): AskedOrder => ({
  label: `orderBy=${key}&orderDirection=${direction}`,
  set: { orderBy: key, orderDirection: direction },
  value: `stats.${key}`,
  shown: ['trader', 'stats'],
  key: (row) => (isObject(row) ? numberAt(row.stats, key) : undefined),
  descending: direction === 'desc',
});

/** The columns ordered by: at most this many of a competition's keys, each in both directions. */
export const KEYS_ORDERED = 4;

/**
 * With `userAddress` of a trader on page 1, page 0 carries `currentUser`: that trader's row and rank as the
 * list shows it; and the page's size and the page count are those without it (supplemental).
 */
export async function currentUserRow(ask: Asker, data: ServiceData): Promise<Outcome> {
  const board = await data.competitionBoard();
  const list = competitionList(board);
  const order = orderedBy(board.keys[0] as string, 'desc');
  const page = (index: number, extra = {}) =>
    ask.ask(list.operationId, { ...list.fixed, ...order.set, page: index, limit: 5, ...extra });
  const [first, second] = await Promise.all([page(0), page(1)]);
  const firstPage = pageOf(first.body, '/data');
  const secondRows = pageOf(second.body, '/data')?.rows ?? [];
  if (!firstPage) throw new Unseen(`${first.line} has no page envelope`);
  const [source, index] = secondRows.length > 0 ? [second, 0] : [first, firstPage.rows.length - 1];
  const row = (source === second ? secondRows : firstPage.rows)[index];
  const trader = isObject(row) ? row.trader : undefined;
  if (typeof trader !== 'string') throw new Unseen(`${source.line} has no row with a trader`);
  const mine = await page(0, { userAddress: trader });
  const current = isObject(mine.body) ? mine.body.currentUser : undefined;
  const rowSeen = { answer: source, at: `/data/content/${index}`, value: row };
  if (current === undefined) {
    return broken(`currentUser, the row of ${trader} (a trader of this leaderboard), with userAddress=${trader}`, [
      rowSeen,
      { answer: mine, at: '/currentUser', value: undefined },
    ]);
  }
  const differing = differingFields(row, current, ['trader']);
  if (differing.length > 0) {
    const shown = ['trader', ...differing];
    return broken(`currentUser equal to the row of ${trader} and its rank`, [
      { ...rowSeen, value: fieldsOf(row, shown) },
      { answer: mine, at: '/currentUser', value: fieldsOf(current, shown) },
    ]);
  }
  // "it does not change the page size or page count": those, not the rows, which the words leave open.
  const sizes = (body: unknown) => {
    const data = isObject(body) ? body.data : undefined;
    if (!isObject(data)) return undefined;
    const rows = Array.isArray(data.content) ? data.content.length : undefined;
    return { pageSize: data.pageSize, totalPages: data.totalPages, 'content.length': rows };
  };
  const [without, withUser] = [sizes(first.body), sizes(mine.body)];
  const changed = differingFields(without, withUser, []);
  if (changed.length === 0) return pass;
  return broken('the same page size and page count with userAddress as without (currentUser is supplemental)', [
    { answer: first, at: '/data', value: fieldsOf(without, changed) },
    { answer: mine, at: '/data', value: fieldsOf(withUser, changed) },
  ]);
}

/**
 * With --allow-writes: a trader (the join's example or --params) joins a public competition not yet ended
 * that the list says it has not joined; the list then says `hasJoined` true for it.
 */
export async function joinShows(ask: Asker, context: BehaviourContext): Promise<Outcome> {
  const join = context.operations.get('joinCompetition');
  const example = join ? requestBodyFor(context.document, join, context.params) : undefined;
  const trader = isObject(example) ? example.trader : undefined;
  if (typeof trader !== 'string') throw new Unseen('the join has no trader in its example or --params');
  const before = await ask.ask('listCompetitions', { userAddress: trader });
  const open = listOf(before).find(
    (competition) =>
      competition.requiresInviteCode === false && competition.status !== 'ENDED' && competition.hasJoined === false,
  );
  if (!open)
    return inconclusive(`${before.line} lists no public competition, not ended, that ${trader} has not joined`);
  const body = { trader, competitionId: open.id };
  const joined = await ask.ask('joinCompetition', {}, body);
  const after = await ask.ask('listCompetitions', { userAddress: trader });
  const index = listOf(after).findIndex((competition) => competition.id === open.id);
  const now = listOf(after)[index];
  if (now?.hasJoined === true) return pass;
  return broken(`hasJoined true for competition ${String(open.id)} after ${trader} joined it`, [
    { answer: before, at: 'before', value: fieldsOf(open, ['id', 'hasJoined']) },
    { answer: joined, at: 'the join', value: 'answered with a success' },
    {
      answer: after,
      at: index >= 0 ? `/${index}` : 'the list',
      value: now ? fieldsOf(now, ['id', 'hasJoined']) : 'absent',
    },
  ]);
}
