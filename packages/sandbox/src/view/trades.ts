// Every opening and closing trade of a view in time order, built on first use: the day-by-day volumes and the
// protocol-wide sums read ranges of it with a binary search. A trade made at now goes in at its place.
import type { Position } from '../timeline/positions.js';
import type { TraderView } from './index.js';

export interface Trade {
  readonly time: number;
  readonly position: Position;
  readonly opening: boolean;
}

const byTime = (a: Trade, b: Trade): number =>
  a.time - b.time ||
  a.position.trader - b.position.trader ||
  a.position.id - b.position.id ||
  Number(b.opening) - Number(a.opening);

export class TradeLog {
  private readonly kept: Trade[];

  constructor(traders: readonly TraderView[]) {
    const trades: Trade[] = [];
    for (const trader of traders) {
      for (const position of trader.positions) {
        trades.push({ time: position.openTime, position, opening: true });
        if (position.closeTime !== undefined) trades.push({ time: position.closeTime, position, opening: false });
      }
    }
    this.kept = trades.sort(byTime);
  }

  get trades(): readonly Trade[] {
    return this.kept;
  }

  /** A trade made after the log was built, put in at its place. */
  add(trade: Trade): void {
    let low = 0;
    let high = this.kept.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (byTime(this.kept[middle] as Trade, trade) < 0) low = middle + 1;
      else high = middle;
    }
    this.kept.splice(low, 0, trade);
  }

  /** Index of the first trade at or after `time`. */
  private lowerBound(time: number): number {
    let low = 0;
    let high = this.kept.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.kept[middle] as Trade).time < time) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The trades with from <= time < to, in time order. */
  between(from: number, to: number): readonly Trade[] {
    return this.kept.slice(this.lowerBound(from), this.lowerBound(to));
  }
}

/** A trade's base quantity (1e10) and USD notional (1e18). */
export function tradeAmounts(trade: Trade): { qty: bigint; usd: bigint } {
  return {
    qty: trade.position.qty,
    usd: trade.opening ? trade.position.openNotionalUsd : trade.position.closeNotionalUsd,
  };
}
