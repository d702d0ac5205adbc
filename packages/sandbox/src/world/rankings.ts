// The trader leaderboard's rankings: figures per trader for each timeframe, computed once when the world is
// built, and one ordering per (timeframe, sort field, direction), sorted the first time it is asked for.

import type { components } from '@trading-analytics/types';
import { DAY } from '../time.js';
import { addClosing, addOpening, emptyFigures, type Figures, isRanked, winRate } from './figures.js';
import type { Trader } from './traders.js';

export type Timeframe = components['schemas']['TimeRange'];
export type SortField = components['parameters']['LeaderboardSortField'];
export type Direction = components['schemas']['SortDirection'];

export const TIMEFRAMES: readonly Timeframe[] = ['ONE_DAY', 'SEVEN_DAY', 'THIRTY_DAY', 'ALL'];
const TIMEFRAME_SECONDS: Readonly<Record<Timeframe, number>> = {
  ONE_DAY: DAY,
  SEVEN_DAY: 7 * DAY,
  THIRTY_DAY: 30 * DAY,
  ALL: Number.POSITIVE_INFINITY,
};

/** The window [now - length, now] of a timeframe. */
export function timeframeWindow(timeframe: Timeframe, now: number): { from: number; to: number } {
  const length = TIMEFRAME_SECONDS[timeframe];
  return { from: Number.isFinite(length) ? now - length : Number.NEGATIVE_INFINITY, to: now };
}

export interface Ranking {
  /** Ranked traders' indexes in rank order. */
  readonly order: Int32Array;
  /** Rank (1-based) by trader index; 0 outside the ranked set. */
  readonly rankOf: Int32Array;
}

export class Rankings {
  /** Figures by timeframe, by trader index. */
  readonly figures: Readonly<Record<Timeframe, readonly Figures[]>>;
  /** The ranked traders of each timeframe (by index, ascending). */
  readonly ranked: Readonly<Record<Timeframe, Int32Array>>;
  private readonly orders = new Map<string, Ranking>();

  constructor(
    private readonly traders: readonly Trader[],
    now: number,
  ) {
    // One pass over each trader's positions fills the four windows at once. The windows all end at now and
    // are nested (ALL holds THIRTY_DAY, which holds SEVEN_DAY...), so a trade is added to the widest window
    // first and the narrower ones are tried only while it still falls inside them; for most positions, older
    // than a month, that is one test instead of four.
    const count = TIMEFRAMES.length;
    const froms = TIMEFRAMES.map((timeframe) => timeframeWindow(timeframe, now).from);
    const figures = Object.fromEntries(TIMEFRAMES.map((timeframe) => [timeframe, [] as Figures[]])) as Record<
      Timeframe,
      Figures[]
    >;
    const columns = TIMEFRAMES.map((timeframe) => figures[timeframe]);
    const ranked = TIMEFRAMES.map(() => [] as number[]);
    const mine: Figures[] = new Array(count);
    for (let index = 0; index < traders.length; index += 1) {
      for (let at = 0; at < count; at += 1) mine[at] = emptyFigures();
      for (const position of (traders[index] as Trader).positions) {
        if (position.openTime <= now) {
          for (let at = count - 1; at >= 0 && position.openTime >= (froms[at] as number); at -= 1)
            addOpening(mine[at] as Figures, position);
        }
        const closed = position.closeTime;
        if (closed !== undefined && closed <= now) {
          for (let at = count - 1; at >= 0 && closed >= (froms[at] as number); at -= 1)
            addClosing(mine[at] as Figures, position);
        }
      }
      for (let at = 0; at < count; at += 1) {
        const one = mine[at] as Figures;
        (columns[at] as Figures[]).push(one);
        if (isRanked(one)) (ranked[at] as number[]).push(index);
      }
    }
    this.ranked = Object.fromEntries(
      TIMEFRAMES.map((timeframe, at) => [timeframe, Int32Array.from(ranked[at] as number[])]),
    ) as Record<Timeframe, Int32Array>;
    this.figures = figures;
  }

  /** The ordering for a timeframe and sort, cached; ties are broken by address so every order is total. */
  ranking(timeframe: Timeframe, field: SortField, direction: Direction): Ranking {
    const key = `${timeframe}:${field}:${direction}`;
    let ranking = this.orders.get(key);
    if (ranking) return ranking;
    const figures = this.figures[timeframe];
    const keyOf = (index: number): bigint | number => {
      const one = figures[index] as Figures;
      if (field === 'PNL') return one.pnl;
      if (field === 'BIGGEST_WIN') return one.biggestWin;
      if (field === 'TOTAL_VOL_USD') return one.volume;
      return winRate(one);
    };
    const indexes = Array.from(this.ranked[timeframe]);
    const keys = new Map(indexes.map((index) => [index, keyOf(index)]));
    const sign = direction === 'DESC' ? -1 : 1;
    indexes.sort((a, b) => {
      const left = keys.get(a) as bigint | number;
      const right = keys.get(b) as bigint | number;
      if (left !== right) return left < right ? -sign : sign;
      const addressA = (this.traders[a] as Trader).address;
      const addressB = (this.traders[b] as Trader).address;
      return addressA < addressB ? -1 : addressA > addressB ? 1 : 0;
    });
    const rankOf = new Int32Array(this.traders.length);
    indexes.forEach((index, at) => {
      rankOf[index] = at + 1;
    });
    ranking = { order: Int32Array.from(indexes), rankOf };
    this.orders.set(key, ranking);
    return ranking;
  }
}
