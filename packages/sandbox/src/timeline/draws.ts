// Drawing one position: a market open at the time, an opening moved into the market's trading hours, a hold,
// a side, a margin token and a leverage. What activity.ts (every trader, any segment of the timeline) and
// script.ts (the cast around the anchor) both draw with.
import { CAST_NOW, WMON } from '../cast.js';
import type { Random } from '../random.js';
import { DAY } from '../time.js';
import { withinHours } from './hours.js';
import { type Market, tradePrice18 } from './markets.js';
import type { Position, PositionDraw } from './positions.js';

/** Positions opened before this instant carry the legacy event names (the rename happened then). */
export const RENAME_AT = CAST_NOW - 45 * DAY;
export const LEVERAGES = [2, 3, 5, 5, 10, 10, 10, 15, 20, 25, 50, 75, 100] as const;
export const LOW_LEVERAGES = [2, 3, 5, 5, 10, 10, 10] as const;
const UPDATE_COUNTS = [0, 0, 0, 1, 1, 2] as const;

/** Markets a trader may open on at an instant: listed, with a price, and not yet reduce-only, closed or stale. */
function openable(market: Market, seconds: number): boolean {
  return seconds >= market.seriesStart && seconds <= market.opensUntil;
}

/** Markets in catalog order with the sum of their weights, added in that order. */
interface Choice {
  readonly markets: readonly Market[];
  readonly total: number;
}

function choiceAt(markets: readonly Market[], seconds: number): Choice {
  const open: Market[] = [];
  let total = 0;
  for (const market of markets) {
    if (!openable(market, seconds)) continue;
    open.push(market);
    total += market.weight;
  }
  return { markets: open, total };
}

/**
 * The markets open to new positions at an instant, among a set. The set changes only at a market's first price
 * and when it stops taking opens, so the instants between two such bounds (and each bound itself) share one
 * choice, worked out the first time one of them is asked for: a draw looks its cell up instead of testing every
 * market.
 */
export class OpenableMarkets {
  private readonly bounds: Float64Array;
  private readonly cells: (Choice | undefined)[];

  constructor(private readonly markets: readonly Market[]) {
    this.bounds = Float64Array.from(
      new Set(markets.flatMap((market) => [market.seriesStart, market.opensUntil].filter(Number.isFinite))),
    ).sort();
    this.cells = new Array(this.bounds.length * 2 + 1);
  }

  at(seconds: number): Choice {
    const { bounds } = this;
    let low = 0;
    let high = bounds.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((bounds[middle] as number) < seconds) low = middle + 1;
      else high = middle;
    }
    // Cell 2k lies strictly between bounds k-1 and k; cell 2k+1 is bound k itself.
    const cell = low < bounds.length && bounds[low] === seconds ? 2 * low + 1 : 2 * low;
    let choice = this.cells[cell];
    if (!choice) {
      choice = choiceAt(this.markets, seconds);
      this.cells[cell] = choice;
    }
    return choice;
  }

  pick(random: Random, seconds: number): Market | undefined {
    const choice = this.at(seconds);
    if (choice.total === 0) return undefined;
    let roll = random.next() * choice.total;
    let chosen: Market | undefined;
    for (const market of choice.markets) {
      chosen = market;
      roll -= market.weight;
      if (roll < 0) break;
    }
    return chosen;
  }
}

/** A position's time on its slot: no two positions of a trader on one slot are open at the same time. */
export interface Held {
  readonly slot: number;
  readonly from: number;
  readonly to: number;
}

/** The slot of a pair, side and margin token: positions are merged into one open position per slot. */
export const slotOf = (market: Market, isLong: boolean, wmon: boolean): number =>
  market.index * 4 + (isLong ? 2 : 0) + (wmon ? 1 : 0);

/** The slot of a position. */
export const slotOfPosition = (position: Position): number =>
  slotOf(position.market, position.isLong, position.marginToken === WMON);

function overlaps(held: readonly Held[], slot: number, from: number, to: number): boolean {
  for (const one of held) if (one.slot === slot && from < one.to && one.from < to) return true;
  return false;
}

export interface DrawOptions {
  /** Openings fall in [from, to), or at `at` (moved into the market's hours) when it is given. */
  readonly from: number;
  readonly to: number;
  readonly at?: number;
  /** The hold, given the opening: the planned close is opening + hold. */
  hold(random: Random, openTime: number): number;
  /** The latest close allowed (the segment's end for a position that must close within it). */
  readonly closeBy: number;
  /** The earliest close allowed (a segment's end, for a position that must run past it). */
  readonly closeAfter?: number;
  readonly notionalUsd: bigint;
  readonly wmonChance: number;
  readonly markets: OpenableMarkets;
  /** Choose the side after the prices are known, so the position wins (true) or loses (false). */
  readonly outcome?: boolean;
  readonly leverages: readonly number[];
}

/** Draws one position, or undefined when a dozen tries find no market, hours or free slot that fit. */
export function drawPosition(
  random: Random,
  trader: number,
  segment: number,
  ordinal: number,
  options: DrawOptions,
  held: Held[],
): PositionDraw | undefined {
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const drawn = options.at ?? options.from + Math.floor(random.next() * Math.max(1, options.to - options.from));
    const market = options.markets.pick(random, drawn);
    if (!market) continue;
    // Outside its trading hours an open reverts onchain (MarketClosed): the trader opens at the next session.
    const inHours = withinHours(market.hours, drawn);
    const openTime = inHours === drawn ? drawn : inHours + random.int(0, 3600);
    if (openTime >= options.to || !openable(market, openTime)) continue;
    const closeTime = openTime + options.hold(random, openTime);
    if (closeTime > options.closeBy || closeTime > market.closesUntil) continue;
    if (options.closeAfter !== undefined && closeTime <= options.closeAfter) continue;
    let isLong = random.chance(0.56);
    if (options.outcome !== undefined) {
      const entry = tradePrice18(market, openTime);
      const exit = tradePrice18(market, closeTime);
      if (entry === exit) continue;
      isLong = exit > entry === options.outcome;
    }
    const wmon = random.chance(options.wmonChance);
    const slot = slotOf(market, isLong, wmon);
    if (overlaps(held, slot, openTime, closeTime)) continue;
    held.push({ slot, from: openTime, to: closeTime });
    const legacy = openTime < RENAME_AT;
    return {
      id: random.nextUint32(),
      segment,
      ordinal,
      trader,
      market,
      isLong,
      wmon,
      leverage: random.pick(options.leverages),
      notionalUsd: options.notionalUsd,
      openTime,
      closeTime,
      plannedClose: closeTime,
      legacy,
      limit: !legacy && random.chance(0.2),
      decreaseOrder: !legacy && random.chance(0.25),
      updates: legacy ? 0 : random.pick(UPDATE_COUNTS),
      stopLossSet: random.chance(0.6),
    };
  }
  return undefined;
}
