// The trader leaderboard's rankings in a view: figures per trader for each timeframe, and one ordering per
// (timeframe, sort field, direction), sorted the first time it is asked for and kept sorted as trades move a
// trader (one trader out and back in, by binary search), so a trade costs the same however many came before.

import type { components } from '@trading-analytics/types';
import { DAY } from '../time.js';
import type { Position } from '../timeline/positions.js';
import { addClosing, addOpening, emptyFigures, type Figures, isRanked, winRate } from './figures.js';
import type { TraderView } from './index.js';

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
  readonly order: number[];
  /** Rank (1-based) by trader index; 0 (or absent) outside the ranked set. */
  readonly rankOf: number[];
}

/**
 * A trader's figures for every timeframe in one pass over their positions. The windows all end at now and are
 * nested (ALL holds THIRTY_DAY, which holds SEVEN_DAY...), so a trade is added to the widest window first and
 * the narrower ones are tried only while it still falls inside them; for most positions, older than a month,
 * that is one test instead of four.
 */
function figuresOf(positions: readonly Position[], froms: readonly number[], now: number): Figures[] {
  const count = froms.length;
  const mine: Figures[] = [];
  for (let at = 0; at < count; at += 1) mine.push(emptyFigures());
  for (const position of positions) {
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
  return mine;
}

/** A trader's figures kept with their positions list at `now`, and the first instant after it they no longer hold at. */
interface KeptFigures {
  readonly now: number;
  until: number | undefined;
  readonly figures: Figures[];
}

/**
 * A trader's figures, taken from the last rankings when their positions are the same list (the timeline keeps
 * it across clock moves while nothing opens or closes) and nothing of theirs left a window since. How long
 * they hold is worked out at the first move that could reuse them, so a world's first rankings pay nothing.
 */
function figuresKept(
  positions: readonly Position[],
  froms: readonly number[],
  now: number,
  derived: Map<string, unknown> | undefined,
): Figures[] {
  const last = derived?.get('rankings') as KeptFigures | undefined;
  if (last && now >= last.now) {
    last.until ??= heldUntil(positions, last.now);
    if (now < last.until) return last.figures;
  }
  const figures = figuresOf(positions, froms, now);
  derived?.set('rankings', { now, until: undefined, figures });
  return figures;
}

/**
 * The first instant after `now` at which a position's opening or closing leaves a timeframe's window
 * [now - length, now]: one at `time` leaves once now passes time + length.
 */
function heldUntil(positions: readonly Position[], now: number): number {
  let until = Number.POSITIVE_INFINITY;
  for (const timeframe of TIMEFRAMES) {
    const length = TIMEFRAME_SECONDS[timeframe];
    if (!Number.isFinite(length)) continue;
    const from = now - length;
    for (const position of positions) {
      if (position.openTime >= from) until = Math.min(until, position.openTime + length + 1);
      const closed = position.closeTime;
      if (closed !== undefined && closed >= from) until = Math.min(until, closed + length + 1);
    }
  }
  return until;
}

export class Rankings {
  /** Figures by timeframe, by trader index. */
  readonly figures: Readonly<Record<Timeframe, Figures[]>>;
  /** How many traders each timeframe ranks. */
  readonly rankedCount: Record<Timeframe, number>;
  private readonly orders = new Map<string, Ranking>();
  private readonly froms: readonly number[];

  constructor(
    traders: readonly TraderView[],
    private readonly now: number,
    /** A trader's address by index, for the ties (a trader may join the view after the rankings were made). */
    private readonly addressOf: (index: number) => string,
    /** What the timeline keeps with a trader's list, where it keeps it (see Timeline.derivedFrom). */
    derivedOf: (trader: TraderView) => Map<string, unknown> | undefined = () => undefined,
  ) {
    this.froms = TIMEFRAMES.map((timeframe) => timeframeWindow(timeframe, now).from);
    const figures = Object.fromEntries(TIMEFRAMES.map((timeframe) => [timeframe, [] as Figures[]])) as Record<
      Timeframe,
      Figures[]
    >;
    const rankedCount = Object.fromEntries(TIMEFRAMES.map((timeframe) => [timeframe, 0])) as Record<Timeframe, number>;
    for (const trader of traders) {
      const mine = figuresKept(trader.positions, this.froms, now, derivedOf(trader));
      TIMEFRAMES.forEach((timeframe, at) => {
        const one = mine[at] as Figures;
        figures[timeframe].push(one);
        if (isRanked(one)) rankedCount[timeframe] += 1;
      });
    }
    this.figures = figures;
    this.rankedCount = rankedCount;
  }

  private comparator(timeframe: Timeframe, field: SortField, direction: Direction): (a: number, b: number) => number {
    const figures = this.figures[timeframe];
    const keyOf = (index: number): bigint | number => {
      const one = figures[index] as Figures;
      if (field === 'PNL') return one.pnl;
      if (field === 'BIGGEST_WIN') return one.biggestWin;
      if (field === 'TOTAL_VOL_USD') return one.volume;
      return winRate(one);
    };
    const sign = direction === 'DESC' ? -1 : 1;
    return (a, b) => {
      const left = keyOf(a);
      const right = keyOf(b);
      if (left !== right) return left < right ? -sign : sign;
      const addressA = this.addressOf(a);
      const addressB = this.addressOf(b);
      return addressA < addressB ? -1 : addressA > addressB ? 1 : 0;
    };
  }

  /** The ordering for a timeframe and sort, cached; ties are broken by address so every order is total. */
  ranking(timeframe: Timeframe, field: SortField, direction: Direction): Ranking {
    const key = `${timeframe}:${field}:${direction}`;
    let ranking = this.orders.get(key);
    if (ranking) return ranking;
    const figures = this.figures[timeframe];
    const order: number[] = [];
    figures.forEach((one, index) => {
      if (isRanked(one)) order.push(index);
    });
    order.sort(this.comparator(timeframe, field, direction));
    const rankOf: number[] = new Array(figures.length).fill(0);
    order.forEach((index, at) => {
      rankOf[index] = at + 1;
    });
    ranking = { order, rankOf };
    this.orders.set(key, ranking);
    return ranking;
  }

  /**
   * A trader's positions changed (a trade opened or closed at now, or a trader new to the view): their figures
   * are computed again, and each ordering computed so far takes them out and back in at their new place.
   */
  update(trader: TraderView): void {
    const { index } = trader;
    const mine = figuresOf(trader.positions, this.froms, this.now);
    const moved = new Set<Timeframe>();
    TIMEFRAMES.forEach((timeframe, at) => {
      const before = this.figures[timeframe][index];
      if (before && isRanked(before)) this.rankedCount[timeframe] -= 1;
      const after = mine[at] as Figures;
      this.figures[timeframe][index] = after;
      if (isRanked(after)) this.rankedCount[timeframe] += 1;
      moved.add(timeframe);
    });
    for (const [key, ranking] of this.orders) {
      const [timeframe, field, direction] = key.split(':') as [Timeframe, SortField, Direction];
      if (!moved.has(timeframe)) continue;
      const { order, rankOf } = ranking;
      const rank = rankOf[index] ?? 0;
      if (rank > 0) {
        order.splice(rank - 1, 1);
        for (let at = rank - 1; at < order.length; at += 1) rankOf[order[at] as number] = at + 1;
        rankOf[index] = 0;
      }
      if (!isRanked(this.figures[timeframe][index] as Figures)) continue;
      const compare = this.comparator(timeframe, field, direction);
      let low = 0;
      let high = order.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (compare(order[middle] as number, index) < 0) low = middle + 1;
        else high = middle;
      }
      order.splice(low, 0, index);
      for (let at = low; at < order.length; at += 1) rankOf[order[at] as number] = at + 1;
    }
  }
}
