// Every opening and closing trade of the world in time order, built on first use: the day-by-day volumes
// and the protocol-wide sums read ranges of it with a binary search.
import type { Position } from '../timeline/positions.js';
import type { TraderView } from './index.js';

export interface Trade {
  readonly time: number;
  readonly position: Position;
  readonly opening: boolean;
}

export class TradeLog {
  readonly trades: readonly Trade[];

  constructor(traders: readonly TraderView[]) {
    const trades: Trade[] = [];
    for (const trader of traders) {
      for (const position of trader.positions) {
        trades.push({ time: position.openTime, position, opening: true });
        if (position.closeTime !== undefined) trades.push({ time: position.closeTime, position, opening: false });
      }
    }
    trades.sort((a, b) => a.time - b.time || a.position.trader - b.position.trader || a.position.id - b.position.id);
    this.trades = trades;
  }

  /** Index of the first trade at or after `time`. */
  private lowerBound(time: number): number {
    let low = 0;
    let high = this.trades.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.trades[middle] as Trade).time < time) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The trades with from <= time < to, in time order. */
  between(from: number, to: number): readonly Trade[] {
    return this.trades.slice(this.lowerBound(from), this.lowerBound(to));
  }
}

/** A trade's base quantity (1e10) and USD notional (1e18). */
export function tradeAmounts(trade: Trade): { qty: bigint; usd: bigint } {
  return {
    qty: trade.position.qty,
    usd: trade.opening ? trade.position.openNotionalUsd : trade.position.closeNotionalUsd,
  };
}
