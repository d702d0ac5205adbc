// What every trader trades, segment by segment of the timeline. A segment is 30 days; segment k runs from
// anchor + (k - 1) * 30 days, so the anchor's 120-day window is segments -3 to 0. A trader's positions in a
// segment are drawn from a stream of their own for that segment (`segment:<trader>:<k>`), and the positions
// they hold across the segment's end from another (`cross:<trader>:<k>`), so any segment of any trader can be
// drawn alone, in the same way whichever instant a world starts at: a world built at t and a world moved to t
// hold the same positions.
import { CAST_NOW } from '../cast.js';
import { E18 } from '../money.js';
import { Random } from '../random.js';
import { DAY, HOUR, MINUTE } from '../time.js';
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
import { byOpenTime, notional, SCRIPTED_SEGMENTS, type Script } from './script.js';
import type { Trader } from './traders.js';

const SEGMENT = 30 * DAY;
/** Positions held across a segment's end open at most this long before it and close at most this long after. */
const CROSSING_REACH = 12 * DAY;
/** The longest any position of the timeline is held: a view looks this far back for positions still open. */
export const LONGEST_HOLD = 2 * CROSSING_REACH;
/** A regular trader's winning PnL per segment stays under this (USD), so no 120-day window (five segments at
 * most) adds up to Ben's 9,871.20 and the cast keeps ranks 1 and 2 at the anchor. */
const SEGMENT_WIN_CAP = 1500n * E18;
const SMALLEST_NOTIONAL = 200n * E18;

const segmentStart = (segment: number): number => CAST_NOW + (segment - 1) * SEGMENT;
export const segmentOf = (seconds: number): number => Math.floor((seconds - CAST_NOW) / SEGMENT) + 1;

export interface Drawing {
  readonly seed: number;
  readonly markets: OpenableMarkets;
  /** The markets small traders keep to (BTC, ETH, SOL). */
  readonly smallMarkets: OpenableMarkets;
  readonly pricing: Pricing;
  readonly script: Script;
}

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
  const random = new Random(drawing.seed, `cross:${trader.index}:${segment}`);
  if (!random.chance(0.3)) return undefined;
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

/** The positions a trader opened in a segment, oldest first, with every amount. */
export function segmentPositions(drawing: Drawing, trader: Trader, segment: number): Position[] {
  if (trader.profile === 'empty' || scripted(trader, segment)) return [];
  const start = segmentStart(segment);
  const end = start + SEGMENT;
  const random = new Random(drawing.seed, `segment:${trader.index}:${segment}`);
  const held: Held[] = [];
  const before = crossing(drawing, trader, segment - 1);
  if (before) held.push(heldOf(before));
  const across = crossing(drawing, trader, segment);
  if (across) held.push(heldOf(across));
  for (const position of drawing.script.positions.get(trader.index) ?? []) {
    if (position.openTime < end && (position.plannedClose as number) > start)
      held.push({ slot: slotOfPosition(position), from: position.openTime, to: position.plannedClose as number });
  }
  const small = trader.profile === 'small';
  const draws: PositionDraw[] = across ? [across] : [];
  const count = small ? (random.chance(0.5) ? 1 : 0) : 1 + Math.floor(random.next() * (1 + 2 * trader.activity));
  const drawOne = (ordinal: number): PositionDraw | undefined => {
    const options: DrawOptions = {
      from: start,
      to: end - HOUR,
      hold: innerHold,
      closeBy: end - 1,
      notionalUsd: notional(random, trader.notionalLow, trader.notionalHigh),
      wmonChance: trader.wmonChance,
      markets: small ? drawing.smallMarkets : drawing.markets,
      leverages: small ? LOW_LEVERAGES : LEVERAGES,
    };
    return drawPosition(random, trader.index, segment, ordinal, options, held);
  };
  let inner = 0;
  for (let drawn = 0; drawn < count; drawn += 1) {
    const draw = drawOne(draws.length + 1);
    if (draw) {
      draws.push(draw);
      inner += 1;
    }
  }
  // A regular trader closes at least one position in every segment, so every window of the world's history
  // (which holds three whole segments at least) ranks them.
  for (let guard = 0; trader.profile === 'regular' && inner === 0 && guard < 20; guard += 1) {
    const draw = drawOne(draws.length + 1);
    if (draw) {
      draws.push(draw);
      inner += 1;
    }
  }
  let positions = draws.map((draw) => makePosition(draw, drawing.pricing));
  if (trader.profile === 'regular') positions = capWins(drawing, draws, positions);
  return positions.sort(byOpenTime);
}

/** Shrinks a regular trader's winning positions of a segment until their PnL is under SEGMENT_WIN_CAP. */
function capWins(drawing: Drawing, draws: readonly PositionDraw[], positions: Position[]): Position[] {
  let current = positions;
  for (let round = 0; round < 3; round += 1) {
    const wins = current.reduce((sum, position) => (position.pnlUsd > 0n ? sum + position.pnlUsd : sum), 0n);
    if (wins <= SEGMENT_WIN_CAP) return current;
    current = current.map((position, at) => {
      if (position.pnlUsd <= 0n) return position;
      const draw = draws[at] as PositionDraw;
      const scaled = (position.openNotionalUsd * SEGMENT_WIN_CAP * 9n) / (wins * 10n);
      return makePosition(
        { ...draw, qty: undefined, notionalUsd: scaled > SMALLEST_NOTIONAL ? scaled : SMALLEST_NOTIONAL },
        drawing.pricing,
      );
    });
  }
  return current;
}
