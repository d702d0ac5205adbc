// A world's view at its now: what the answers read. It holds the positions opened within the world's history
// (the 120 days before now), each as it stands at now (open until its close, then closed), with what was done
// in the world on top (trades, early closes, joins), and the aggregates added up from them. Everything is a
// function of the timeline, now and the world's writes, so a world moved to an instant and a world started
// there answer alike. Costly parts are computed on first use and kept for the view's life (until the clock
// moves); a write updates the parts already computed (see ../worlds/).
import { DAY } from '../time.js';
import { slotOfPosition } from '../timeline/draws.js';
import type { Timeline } from '../timeline/index.js';
import { listedAt, type Market } from '../timeline/markets.js';
import { openCopy, type Position } from '../timeline/positions.js';
import type { Profile } from '../timeline/traders.js';
import { placeOf, type TradeRecord, type Writes } from '../worlds/writes.js';
import { refreshBoards } from './boards.js';
import { Rankings, TIMEFRAMES, type Timeframe, timeframeWindow } from './rankings.js';
import { TradeLog } from './trades.js';

/** How far back a view reaches: the world's history. */
export const HISTORY_DAYS = 120;
/** The block 2 seconds before the anchor is 41,250,313; blocks are 0.4 s apart. */
const ANCHOR_BLOCK = 41_250_313;
const ANCHOR_BLOCK_TIME = 1_795_262_398;

export interface Volume {
  qty: bigint;
  usd: bigint;
}

/** A trader as a view shows them: the positions opened in the world's history, as they stand at now. */
export interface TraderView {
  readonly index: number;
  readonly address: string;
  /** `traded` for an address the timeline does not know, who traded through the control. */
  readonly profile: Profile | 'traded';
  /** Oldest first by opening time. */
  readonly positions: readonly Position[];
}

export class View {
  /** The first instant of the world's history: the view holds the positions opened from then to now. */
  readonly historyStart: number;
  /** Views computed on first use and kept for this view's life. */
  readonly cache = new Map<string, unknown>();
  private readonly byIndex: (TraderView | undefined)[] = [];
  private everyone: TraderView[] | undefined;
  private rankingsKept: Rankings | undefined;
  private tradeLog: TradeLog | undefined;
  private volumes: Record<Timeframe, Volume>[] | undefined;

  constructor(
    readonly timeline: Timeline,
    readonly now: number,
    readonly writes: Writes,
  ) {
    // The 120 days up to now, now included: (now - 120 days, now], so a world at a segment's end draws no
    // segment before it for its first instant.
    this.historyStart = now - HISTORY_DAYS * DAY + 1;
  }

  get seed(): number {
    return this.timeline.seed;
  }

  get markets(): readonly Market[] {
    return this.timeline.markets;
  }

  get competitions() {
    return this.timeline.competitions;
  }

  get teams() {
    return this.timeline.teams;
  }

  get stakes() {
    return this.timeline.stakes;
  }

  /** How many traders the view knows: the timeline's, then those who only traded through the control. */
  get traderCount(): number {
    return this.timeline.traders.length + this.writes.extraTraders.length;
  }

  /** A trader by index, built on first read. */
  traderAt(index: number): TraderView {
    let view = this.byIndex[index];
    if (!view) {
      view = this.buildTrader(index);
      this.byIndex[index] = view;
    }
    return view;
  }

  /** Every trader, by index. */
  get traders(): readonly TraderView[] {
    if (!this.everyone || this.everyone.length !== this.traderCount) {
      const all: TraderView[] = [];
      for (let index = 0; index < this.traderCount; index += 1) all.push(this.traderAt(index));
      this.everyone = all;
    }
    return this.everyone;
  }

  /** A trader's index by address (any case); undefined for an address neither the timeline nor a trade knows. */
  indexOf(address: string): number | undefined {
    const lower = address.toLowerCase();
    return this.timeline.indexOf(lower) ?? this.writes.extraIndex.get(lower);
  }

  /** A trader by address (any case); undefined for an address the world does not know. */
  trader(address: string): TraderView | undefined {
    const index = this.indexOf(address);
    return index === undefined ? undefined : this.traderAt(index);
  }

  /** A market by its pair base address (any case), when it is listed at now. */
  market(base: string): Market | undefined {
    const market = this.timeline.market(base);
    return market && listedAt(market, this.now) ? market : undefined;
  }

  /** The markets listed at now, in catalog order. */
  get listedMarkets(): readonly Market[] {
    return this.timeline.markets.filter((market) => listedAt(market, this.now));
  }

  /** The block holding an instant: blocks are 0.4 s apart, and the block 2 s before the anchor is 41,250,313. */
  blockAt(seconds: number): number {
    return Math.max(0, ANCHOR_BLOCK + Math.floor(((seconds - ANCHOR_BLOCK_TIME) * 5) / 2));
  }

  get rankings(): Rankings {
    this.rankingsKept ??= new Rankings(
      this.traders,
      this.now,
      (index) => this.traderAt(index).address,
      (trader) => this.derived(trader),
    );
    return this.rankingsKept;
  }

  /** What the timeline keeps with a trader's positions (figures that hold while the list does), if it keeps them. */
  derived(trader: TraderView): Map<string, unknown> | undefined {
    return trader.index >= 0 ? this.timeline.derivedFrom(trader.index, trader.positions) : undefined;
  }

  /** Per market (by index), per timeframe: the volume traded; added up on first use. */
  get pairVolumes(): readonly Readonly<Record<Timeframe, Volume>>[] {
    this.volumes ??= this.buildPairVolumes();
    return this.volumes;
  }

  trades(): TradeLog {
    this.tradeLog ??= new TradeLog(this.traders);
    return this.tradeLog;
  }

  /**
   * A trade opened or closed at now changed a trader's positions (or brought a trader new to the world): their
   * view is built again, and every part computed so far takes the change in, so the view answers as one built
   * afresh from the timeline and the world's writes.
   */
  traded(index: number, position: Position, opening: boolean): void {
    const trader = this.buildTrader(index);
    this.byIndex[index] = trader;
    if (this.everyone && index < this.everyone.length) this.everyone[index] = trader;
    this.rankingsKept?.update(trader);
    if (this.volumes) addVolume(this.volumes, position, this.now, opening ? 'opening' : 'closing');
    this.tradeLog?.add({ time: this.now, position, opening });
    refreshBoards(this, trader.address);
    // The answers' caches added up from trades (keys starting `trades:`) are computed again on their next
    // read: the trader's own history, and the sums every trader's trades go into.
    for (const key of [...this.cache.keys()]) {
      if (
        key.startsWith('trades:') &&
        (!key.startsWith('trades:history:') || key === `trades:history:${trader.address}`)
      )
        this.cache.delete(key);
    }
  }

  private buildTrader(index: number): TraderView {
    const { timeline, writes } = this;
    const base = timeline.traders[index];
    const address = base ? base.address : (writes.extraTraders[index - timeline.traders.length]?.address ?? '');
    return {
      index,
      address,
      profile: base ? base.profile : 'traded',
      positions: this.opened(index, this.historyStart),
    };
  }

  /**
   * A trader's positions opened from `from` (within the history) up to `to`, as they stand at now: what the
   * trader's view holds of that span, drawn without the rest of their history (for a few traders' roles).
   */
  opened(index: number, from: number, to = this.now): readonly Position[] {
    const { timeline, writes, now } = this;
    const base = timeline.traders[index];
    const trades = writes.tradesByTrader.get(index);
    const early = writes.earlyCloses.get(index);
    // A trader nothing was done to, read over the whole history: the timeline keeps their list across moves.
    if (base && !trades && !early && from <= this.historyStart && to >= now)
      return timeline.shownAt(base, this.historyStart, now);
    const positions: Position[] = [];
    if (base) {
      for (const position of timeline.openedBetween(base, Math.max(from, this.historyStart), Math.min(to, now))) {
        const closed = early?.get(placeOf(position));
        if (closed) positions.push(closed);
        else if (trades && heldByTrade(trades, position)) continue;
        else positions.push((position.closeTime as number) > now ? openCopy(position) : position);
      }
    }
    if (trades) {
      // A trade still open stays in view however long ago it was opened; the timeline's never outlast the history.
      for (const trade of trades) {
        const { position } = trade;
        const shown = position.openTime >= this.historyStart || position.closeTime === undefined;
        if (shown && position.openTime >= from && position.openTime <= to) positions.push(position);
      }
      positions.sort((a, b) => a.openTime - b.openTime || a.id - b.id);
    }
    return positions;
  }

  private buildPairVolumes(): Record<Timeframe, Volume>[] {
    const volumes = this.markets.map(
      () =>
        Object.fromEntries(TIMEFRAMES.map((timeframe) => [timeframe, { qty: 0n, usd: 0n }])) as Record<
          Timeframe,
          Volume
        >,
    );
    for (const trader of this.traders) for (const position of trader.positions) addVolume(volumes, position, this.now);
    return volumes;
  }
}

/** Adds a position's opening and closing (or only one of them), where they fall in each timeframe's window, to the pair volumes. */
function addVolume(
  volumes: Record<Timeframe, Volume>[],
  position: Position,
  now: number,
  only?: 'opening' | 'closing',
): void {
  const byWindow = volumes[position.market.index] as Record<Timeframe, Volume>;
  for (const timeframe of TIMEFRAMES) {
    const window = timeframeWindow(timeframe, now);
    const volume = byWindow[timeframe];
    if (only !== 'closing' && position.openTime >= window.from && position.openTime <= window.to) {
      volume.qty += position.qty;
      volume.usd += position.openNotionalUsd;
    }
    const closed = position.closeTime;
    if (only !== 'opening' && closed !== undefined && closed >= window.from && closed <= window.to) {
      volume.qty += position.qty;
      volume.usd += position.closeNotionalUsd;
    }
  }
}

/**
 * Whether a timeline position is displaced by a trade: it would have been open on the slot of one of the
 * trader's trades while that trade was. A slot holds one open position, so the timeline's never happens.
 */
function heldByTrade(trades: readonly TradeRecord[], position: Position): boolean {
  const slot = slotOfPosition(position);
  const to = position.plannedClose as number;
  for (const trade of trades) {
    const mine = trade.position;
    if (slotOfPosition(mine) !== slot) continue;
    const until = mine.closeTime ?? Number.POSITIVE_INFINITY;
    if (position.openTime < until && mine.openTime < to) return true;
  }
  return false;
}
