// What the behaviours learn from the service before they ask anything of their own: a leaderboard page (its
// traders), the competitions, the pairs, and one competition leaderboard with rows. Addresses and ids come
// from these answers, so the behaviours work on a real service with real data. Each is asked once, when a
// behaviour first needs it, within a budget of its own (SERVICE_DATA_REQUESTS).
import { AnswerDeparts, type Asker } from './ask-service.js';
import { isInteger, isObject, type Json, pageOf } from './row-order.js';
import { Unseen } from './verdicts.js';

/** The competition leaderboard the behaviours read: its id, column keys and first rows. */
export interface CompetitionBoard {
  id: number;
  keys: string[];
  rows: unknown[];
}

export interface ServiceData {
  /** The first page (20 rows) of the leaderboard, in its default order. */
  leaderboardRows(): Promise<unknown[]>;
  /** The competitions the default list shows. */
  competitions(): Promise<Json[]>;
  /** The first page of the pairs list, by default. */
  pairs(): Promise<Json[]>;
  /** A competition whose leaderboard has columns and at least two rows. */
  competitionBoard(): Promise<CompetitionBoard>;
}

/** How many competitions are tried for a leaderboard with rows. */
const BOARDS_TRIED = 3;
/** The most requests the service's data costs: one each for the leaderboard, competitions and pairs, and the boards tried. */
export const SERVICE_DATA_REQUESTS = 3 + BOARDS_TRIED;
/** Rows read from the leaderboard's first page. */
const LEADERBOARD_ROWS = 20;
/** The competition statuses in the order a board is looked for: where rows are most likely. */
const STATUS_ORDER = ['ONGOING', 'ENDED', 'UPCOMING'];

/**
 * A value loaded once. A departing answer fails the first behaviour that reads it (the one place it is
 * reported); the others cannot be shown without it.
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  let reported = false;
  return async () => {
    loaded ??= load();
    try {
      return await loaded;
    } catch (error) {
      if (!(error instanceof AnswerDeparts)) throw error;
      if (!reported) {
        reported = true;
        throw error;
      }
      throw new Unseen(`the answer to ${error.line} departs from the contract (reported under another behaviour)`);
    }
  };
}

export function readServiceData(ask: Asker): ServiceData {
  const competitions = once(async () => {
    const { body } = await ask.ask('listCompetitions');
    if (!Array.isArray(body)) throw new Unseen('the competition list is not a list');
    return body.filter(isObject);
  });
  return {
    leaderboardRows: once(async () => {
      const { line, body } = await ask.ask('listLeaderboard', { page: 0, size: LEADERBOARD_ROWS });
      const rows = pageOf(body, '')?.rows ?? [];
      if (rows.length === 0) throw new Unseen(`${line} lists no trader`);
      return rows;
    }),
    competitions,
    pairs: once(async () => {
      const { line, body } = await ask.ask('listPairs');
      const rows = (pageOf(body, '')?.rows ?? []).filter(isObject);
      if (rows.length === 0) throw new Unseen(`${line} lists no pair`);
      return rows;
    }),
    competitionBoard: once(async () => {
      const listed = await competitions();
      const ids = STATUS_ORDER.flatMap((status) =>
        listed.filter((competition) => competition.status === status).map((competition) => competition.id),
      ).filter(isInteger);
      const tried: string[] = [];
      for (const id of ids.slice(0, BOARDS_TRIED)) {
        const { line, body } = await ask.ask('listCompetitionLeaderboard', { id, page: 0, limit: 10 });
        const headers = isObject(body) && Array.isArray(body.headers) ? body.headers : [];
        const keys = headers.flatMap((header) =>
          isObject(header) && typeof header.key === 'string' ? [header.key] : [],
        );
        const rows = pageOf(body, '/data')?.rows ?? [];
        if (keys.length > 0 && rows.length >= 2) return { id, keys, rows };
        tried.push(line);
      }
      throw new Unseen(
        tried.length === 0
          ? 'the competition list has no competition to read a leaderboard of'
          : `no competition leaderboard with columns and two rows among ${tried.join(', ')}`,
      );
    }),
  };
}
