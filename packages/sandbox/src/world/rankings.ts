// The trader leaderboard's rankings: figures per trader for each timeframe, computed once when the world is
// built, and one ordering per (timeframe, sort field, direction), sorted the first time it is asked for.
import { type Figures, addPosition, emptyFigures, isRanked, winRate } from './figures.js';
import type { Trader } from './traders.js';
import { DAY } from '../time.js';

export type Timeframe = 'ONE_DAY' | 'SEVEN_DAY' | 'THIRTY_DAY' | 'ALL';
export type SortField = 'PNL' | 'WIN_RATE' | 'BIGGEST_WIN' | 'TOTAL_VOL_USD';
export type Direction = 'ASC' | 'DESC';

export const TIMEFRAMES: readonly Timeframe[] = ['ONE_DAY', 'SEVEN_DAY', 'THIRTY_DAY', 'ALL'];
export const TIMEFRAME_SECONDS: Readonly<Record<Timeframe, number>> = { ONE_DAY: DAY, SEVEN_DAY: 7 * DAY, THIRTY_DAY: 30 * DAY, ALL: Number.POSITIVE_INFINITY };

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
    // One pass over each trader's positions fills the four windows at once.
    const windows = TIMEFRAMES.map((timeframe) => timeframeWindow(timeframe, now));
    const figures = Object.fromEntries(TIMEFRAMES.map((timeframe) => [timeframe, [] as Figures[]])) as Record<Timeframe, Figures[]>;
    for (const trader of traders) {
      const mine = TIMEFRAMES.map(() => emptyFigures());
      for (const position of trader.positions) {
        for (let at = 0; at < windows.length; at += 1) addPosition(mine[at] as Figures, position, windows[at] as { from: number; to: number });
      }
      TIMEFRAMES.forEach((timeframe, at) => figures[timeframe].push(mine[at] as Figures));
    }
    const ranked = {} as Record<Timeframe, Int32Array>;
    for (const timeframe of TIMEFRAMES) ranked[timeframe] = Int32Array.from(figures[timeframe].flatMap((one, index) => (isRanked(one) ? [index] : [])));
    this.figures = figures;
    this.ranked = ranked;
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
