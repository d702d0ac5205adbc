// What every trader trades, segment by segment of the timeline. A segment is 60 days; segment k runs from
// just after anchor + (k - 1) * 60 days to anchor + k * 60 days, so the anchor's 120-day window is segments -1
// and 0 (a world at the anchor draws no day past it). A trader's positions in a segment are drawn from a stream
// of their own for that segment, and the position they may hold across the segment's end from another, each
// keyed by the seed, the trader and the segment, so any segment of any trader can be drawn alone, in the same
// way whichever instant a world starts at: a world built at t and a world moved to t hold the same positions.
import { CAST_NOW } from '../cast.js';
import { E18 } from '../money.js';
import { hashText, Random } from '../random.js';
import { DAY, HOUR, MINUTE } from '../time.js';
import { hashAt, uniformAt } from './bridge.js';
import {
  type DrawOptions,
  drawPosition,
  type Held,
  LEVERAGES,
  LOW_LEVERAGES,
  type OpenableMarkets,
  slotOf,
  slotOfPosition,
} from './draws.js';
import { makePosition, type Position, type PositionDraw, type Pricing } from './positions.js';
import { notional, SCRIPTED_SEGMENTS, type Script } from './script.js';
import type { Trader } from './traders.js';

const SEGMENT = 60 * DAY;
/** Positions held across a segment's end open at most this long before it and close at most this long after. */
const CROSSING_REACH = 12 * DAY;
/** The longest any position of the timeline is held: a view looks this far back for positions still open. */
export const LONGEST_HOLD = 2 * CROSSING_REACH;
/**
 * A regular trader's position wins at most this (USD): a 120-day window holds at most 21 of their positions
 * (three segments of at most seven), so no window adds up to Ben's 9,871.20 and the cast keeps ranks 1 and 2 at
 * the anchor. A bigger win is made by a smaller position.
 */
const POSITION_WIN_CAP = 300n * E18;
const SMALLEST_NOTIONAL = 200n * E18;

export const segmentStart = (segment: number): number => CAST_NOW + (segment - 1) * SEGMENT;
export const segmentOf = (seconds: number): number => Math.ceil((seconds - CAST_NOW) / SEGMENT);

export interface Drawing {
  readonly seed: number;
  readonly markets: OpenableMarkets;
  /** The markets small traders keep to (BTC, ETH, SOL). */
  readonly smallMarkets: OpenableMarkets;
  readonly pricing: Pricing;
  readonly script: Script;
}

const SEGMENT_STREAMS = hashText('segment');
const CROSSING_STREAMS = hashText('cross');

/**
 * The stream of a trader's draws in a segment (`kind` tells the segment's own from its crossing's), keyed by
 * numbers rather than a label: a world's build makes thousands of them.
 */
const streamOf = (seed: number, kind: number, trader: number, segment: number): Random =>
  new Random(hashAt(hashAt(seed ^ kind, trader), segment));

/** Whether the cast's script stands in for the trader's own draws in a segment. */
const scripted = (trader: Trader, segment: number): boolean =>
  trader.index <= 2 && segment >= SCRIPTED_SEGMENTS.first && segment <= SCRIPTED_SEGMENTS.last;

/** An hour to a week, mostly hours (three in four), else one to fourteen days. */
function innerHold(random: Random): number {
  if (random.chance(0.75)) return HOUR + Math.floor(random.skewed(3) * 167 * HOUR) + random.int(0, 59) * MINUTE;
  return DAY + Math.floor(random.next() * 13 * DAY);
}

/** The position a trader holds across the end of a segment, if any. */
function crossing(drawing: Drawing, trader: Trader, segment: number): PositionDraw | undefined {
  if (trader.profile === 'empty' || trader.profile === 'small' || scripted(trader, segment)) return undefined;
  // Whether there is one at all is read from a hash, so the seven in ten segments without one make no stream.
  if (uniformAt(hashAt(drawing.seed ^ CROSSING_STREAMS, trader.index), segment) >= 0.3) return undefined;
  const random = streamOf(drawing.seed, CROSSING_STREAMS, trader.index, segment);
  const end = segmentStart(segment + 1);
  return drawPosition(
    random,
    trader.index,
    segment,
    0,
    {
      from: end - CROSSING_REACH,
      to: end - HOUR,
      hold: (draws, openTime) => end + HOUR + Math.floor(draws.next() * (CROSSING_REACH - HOUR)) - openTime,
      closeBy: end + CROSSING_REACH,
      closeAfter: end,
      notionalUsd: notional(random, trader.notionalLow, trader.notionalHigh),
      wmonChance: trader.wmonChance,
      markets: drawing.markets,
      leverages: LEVERAGES,
    },
    [],
  );
}

const heldOf = (draw: PositionDraw): Held => ({
  slot: slotOf(draw.market, draw.isLong, draw.wmon),
  from: draw.openTime,
  to: draw.plannedClose as number,
});

/**
 * What a trader opened in a segment, drawn in the order of their opening times and only as far as a view has
 * needed: the number of positions and their times come first from the segment's stream, then each position,
 * in time order, from the same stream, so drawing up to an instant and later further gives what drawing all
 * at once would. A position's amounts are made from its draw when something reads it (`positionOf`).
 */
export class SegmentDraws {
  /** The draws so far (and the positions made of them), the position held across the segment's end first. */
  readonly entries: (PositionDraw | Position)[] = [];
  private readonly times: Float64Array;
  private next = 0;
  private readonly random: Random;
  private readonly held: Held[] = [];
  private readonly small: boolean;
  private readonly end: number;

  constructor(
    private readonly drawing: Drawing,
    private readonly trader: Trader,
    private readonly segment: number,
  ) {
    const start = segmentStart(segment);
    this.end = start + SEGMENT;
    this.random = streamOf(drawing.seed, SEGMENT_STREAMS, trader.index, segment);
    this.small = trader.profile === 'small';
    if (trader.profile === 'empty' || scripted(trader, segment)) {
      this.times = new Float64Array(0);
      return;
    }
    const before = crossing(drawing, trader, segment - 1);
    if (before) this.held.push(heldOf(before));
    const across = crossing(drawing, trader, segment);
    if (across) {
      this.held.push(heldOf(across));
      this.entries.push(across);
    }
    for (const position of drawing.script.positions.get(trader.index) ?? []) {
      if (position.openTime < this.end && (position.plannedClose as number) > start)
        this.held.push({
          slot: slotOfPosition(position),
          from: position.openTime,
          to: position.plannedClose as number,
        });
    }
    const { random } = this;
    const count = this.small
      ? random.chance(0.5)
        ? 1
        : 0
      : 2 + Math.floor(random.next() * (0.5 + 4 * trader.activity));
    // Openings from the segment's start to a day before its end, so every hold fits in the segment.
    const span = SEGMENT - DAY;
    this.times = new Float64Array(count);
    for (let at = 0; at < count; at += 1) this.times[at] = start + 1 + Math.floor(random.next() * span);
    this.times.sort();
  }

  /**
   * The earliest opening after `to` this segment may still add, once drawn up to `to`: a drawn entry's own
   * opening, or the next drawn time (an opening is never before its drawn time, only moved into hours).
   */
  firstOpenAfter(to: number): number {
    let first = this.next < this.times.length ? (this.times[this.next] as number) : Number.POSITIVE_INFINITY;
    for (const entry of this.entries) if (entry.openTime > to && entry.openTime < first) first = entry.openTime;
    return first;
  }

  /** Draws the positions whose opening time was drawn at or before `to`. */
  drawUntil(to: number): void {
    const { times, random, trader, drawing, end } = this;
    while (this.next < times.length && (times[this.next] as number) <= to) {
      const at = times[this.next] as number;
      this.next += 1;
      const options: DrawOptions = {
        from: at,
        to: end - HOUR,
        at,
        hold: (draws, openTime) => Math.min(innerHold(draws), end - 1 - openTime),
        closeBy: end - 1,
        notionalUsd: notional(random, trader.notionalLow, trader.notionalHigh),
        wmonChance: trader.wmonChance,
        markets: this.small ? drawing.smallMarkets : drawing.markets,
        leverages: this.small ? LOW_LEVERAGES : LEVERAGES,
      };
      const draw = drawPosition(random, trader.index, this.segment, this.next, options, this.held);
      if (draw) this.entries.push(draw);
    }
  }
}

/** A drawn position with every amount: a regular trader's made smaller when it would win more than POSITION_WIN_CAP. */
export function positionOf(drawing: Drawing, trader: Trader, draw: PositionDraw): Position {
  if (trader.profile !== 'regular') return makePosition(draw, drawing.pricing);
  const position = makePosition(draw, drawing.pricing);
  if (position.pnlUsd <= POSITION_WIN_CAP) return position;
  // Shrunk to win between half and the whole of the cap, by a share drawn from the position's own number.
  const share = 50n + BigInt(draw.id % 50);
  const scaled = (position.openNotionalUsd * POSITION_WIN_CAP * share) / (position.pnlUsd * 100n);
  return makePosition(
    { ...draw, notionalUsd: scaled > SMALLEST_NOTIONAL ? scaled : SMALLEST_NOTIONAL },
    drawing.pricing,
  );
}
