// The traders of the world and their positions. Four are the cast (Ava, Ben, Cy, Dee); the rest are drawn
// from the seed, each from its own stream, in three profiles: regular traders (all in the all-time ranked
// set), small traders (outside it, like Cy) and the cast's whales, whose PnL is sized to keep their ranks.
import { AVA, BEN, CAST_NOW, CY, DEE } from '../cast.js';
import { E10, E18 } from '../money.js';
import { Random } from '../random.js';
import { DAY, HOUR, MINUTE } from '../time.js';
import { withinHours } from './hours.js';
import type { Market } from './markets.js';
import { makePosition, type Position, type PositionDraw, type Pricing } from './positions.js';

type Profile = 'whale' | 'regular' | 'small' | 'empty';

export interface Trader {
  readonly index: number;
  readonly address: string;
  readonly profile: Profile;
  /** Oldest first by opening time. */
  readonly positions: readonly Position[];
}

/** The traders with the world's seed and now, and each one's index by address: what competitions and teams draw from. */
export interface Population {
  readonly seed: number;
  readonly now: number;
  readonly traders: readonly Trader[];
  readonly indexOf: ReadonlyMap<string, number>;
}

const REGULAR_TRADERS = 1282;
const SMALL_TRADERS = 40;
/** Positions opened before this long ago carry the legacy event names (the rename happened then). */
const RENAME_AGO = 45 * DAY;
/** A regular trader's all-time PnL stays below this (USD), under Ben's, so the cast keeps ranks 1 and 2. */
const REGULAR_PNL_CAP = 9000n * E18;
const LEVERAGES = [2, 3, 5, 5, 10, 10, 10, 15, 20, 25, 50, 75, 100] as const;
const LOW_LEVERAGES = [2, 3, 5, 5, 10, 10, 10] as const;

export interface WorldFrame {
  readonly seed: number;
  readonly now: number;
  readonly historyStart: number;
  readonly markets: readonly Market[];
  readonly pricing: Pricing;
}

/** The frame as the draws read it: with the markets open at each instant worked out once. */
interface Drawing extends WorldFrame {
  readonly openable: OpenableMarkets;
}

const bySymbol = (frame: WorldFrame, symbol: string): Market =>
  frame.markets.find((market) => market.symbol === symbol) as Market;

/** Markets a trader may open on at an instant: listed, with a price, and not yet reduce-only or closed. */
function openable(market: Market, seconds: number): boolean {
  return seconds >= market.seriesStart && seconds <= market.opensUntil;
}

/** Markets in catalog order with the sum of their weights, added in that order. */
interface Choice {
  readonly markets: readonly Market[];
  readonly total: number;
}

function choiceAt(markets: readonly Market[], seconds: number, allowed?: readonly string[]): Choice {
  const open: Market[] = [];
  let total = 0;
  for (const market of markets) {
    if (!openable(market, seconds) || (allowed && !allowed.includes(market.symbol))) continue;
    open.push(market);
    total += market.weight;
  }
  return { markets: open, total };
}

/**
 * The markets open to new positions at an instant. The set changes only at a market's listing and at its status
 * change, so the instants between two such bounds (and each bound itself) share one choice, worked out the
 * first time one of them is asked for: a draw looks its cell up instead of testing every market.
 */
class OpenableMarkets {
  private readonly bounds: Float64Array;
  private readonly cells: (Choice | undefined)[];

  constructor(private readonly markets: readonly Market[]) {
    this.bounds = Float64Array.from(
      new Set(markets.flatMap((market) => [market.seriesStart, market.opensUntil])),
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
}

function pickMarket(random: Random, frame: Drawing, seconds: number, allowed?: readonly string[]): Market | undefined {
  const choice = allowed ? choiceAt(frame.markets, seconds, allowed) : frame.openable.at(seconds);
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

interface DrawOptions {
  readonly from: number;
  readonly to: number;
  readonly open: boolean;
  readonly notionalUsd: bigint;
  readonly allowed?: readonly string[];
  readonly wmonChance: number;
  /** Choose the side after the prices are known, so the position wins (true) or loses (false). */
  readonly outcome?: boolean;
  readonly maxLeverage?: 10;
}

function drawPosition(
  random: Random,
  frame: Drawing,
  trader: number,
  options: DrawOptions,
  slots: Set<string>,
): PositionDraw | undefined {
  const { now } = frame;
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const drawn = options.from + Math.floor(random.next() * Math.max(1, options.to - options.from));
    const market = pickMarket(random, frame, drawn, options.allowed);
    if (!market) continue;
    // Outside its trading hours an open reverts onchain (MarketClosed): the trader opens at the next session.
    const inHours = withinHours(market.hours, drawn);
    const openTime = inHours === drawn ? drawn : inHours + random.int(0, 3600);
    if (openTime > options.to || !openable(market, openTime)) continue;
    let closeTime: number | undefined;
    if (!options.open) {
      const hold = HOUR + Math.floor(random.skewed(3) * 167 * HOUR) + random.int(0, 59) * MINUTE;
      closeTime = Math.min(openTime + hold, now - 10 * MINUTE, market.closesUntil);
      if (closeTime - openTime < HOUR) continue;
    } else if (market.closesUntil < now) continue;
    let isLong = random.chance(0.56);
    if (options.outcome !== undefined && closeTime !== undefined) {
      const entry = market.series[Math.floor((openTime - market.seriesStart) / HOUR)] as number;
      const exit = market.series[
        Math.min(market.series.length - 1, Math.floor((closeTime - market.seriesStart) / HOUR))
      ] as number;
      if (entry === exit) continue;
      isLong = exit > entry === options.outcome;
    }
    const wmon = random.chance(options.wmonChance);
    if (options.open) {
      // Positions are merged into one slot per pair, side and vault token: an open one never repeats a slot.
      const slot = `${market.symbol}:${isLong}:${wmon}`;
      if (slots.has(slot)) continue;
      slots.add(slot);
    }
    const legacy = openTime < now - RENAME_AGO;
    const leverages = options.maxLeverage === undefined ? LEVERAGES : LOW_LEVERAGES;
    return {
      id: random.nextUint32(),
      trader,
      market,
      isLong,
      wmon,
      leverage: random.pick(leverages),
      notionalUsd: options.notionalUsd,
      openTime,
      closeTime,
      legacy,
      limit: !legacy && random.chance(0.2),
      decreaseOrder: !legacy && random.chance(0.25),
      updates: legacy ? 0 : random.pick([0, 0, 0, 1, 1, 2]),
      stopLossSet: random.chance(0.6),
    };
  }
  return undefined;
}

/** A notional between `low` and `high` whole dollars, skewed toward the low end (no Math.pow: see Random.normal). */
function notional(random: Random, low: number, high: number): bigint {
  return BigInt(low + Math.floor((high - low) * random.skewed(2))) * E18;
}

function byOpenTime(a: Position, b: Position): number {
  return a.openTime - b.openTime || a.id - b.id;
}

function regularTrader(frame: Drawing, index: number, attempt = 0): Trader {
  const random = new Random(frame.seed, attempt === 0 ? `trader:${index}` : `trader:${index}:${attempt}`);
  const address = `0x${random.hex(20)}`;
  const started = frame.now - random.int(7, 118) * DAY;
  const closedCount = 2 + Math.floor(random.skewed(3) * 22);
  const openCount = random.pick([0, 0, 0, 0, 1, 1, 1, 2, 2, 3]);
  const draws: PositionDraw[] = [];
  const slots = new Set<string>();
  /** Draws up to `count` positions opened between `from` and `to`, each of a notional of its own. */
  const drawSome = (count: number, from: number, to: number, open: boolean): void => {
    for (let drawn = 0; drawn < count; drawn += 1) {
      const options = { from, to, open, notionalUsd: notional(random, 300, 15_000), wmonChance: 0.12 };
      const draw = drawPosition(random, frame, index, options, slots);
      if (draw) draws.push(draw);
    }
  };
  drawSome(closedCount, started, frame.now - 2 * HOUR, false);
  drawSome(openCount, Math.max(started, frame.now - 30 * DAY), frame.now - 10 * MINUTE, true);
  const positions = draws.map((draw) => makePosition(draw, frame.pricing));
  // Keep the cast's ranks: turn the biggest wins into losses until the trader is under the cap.
  let total = positions.reduce((sum, position) => sum + position.pnlUsd, 0n);
  for (let guard = 0; guard < positions.length && total >= REGULAR_PNL_CAP; guard += 1) {
    const best = positions.reduce(
      (top, position, at) => (position.pnlUsd > (positions[top] as Position).pnlUsd ? at : top),
      0,
    );
    const draw = draws[best] as PositionDraw;
    const flipped = makePosition({ ...draw, isLong: !draw.isLong }, frame.pricing);
    total += flipped.pnlUsd - (positions[best] as Position).pnlUsd;
    positions[best] = flipped;
  }
  // Every regular trader has closed at least one position and traded enough to be ranked all-time.
  if (!positions.some((position) => position.closeTime !== undefined)) return regularTrader(frame, index, attempt + 1);
  return { index, address, profile: 'regular', positions: positions.sort(byOpenTime) };
}

function smallTrader(
  frame: Drawing,
  index: number,
  address: string,
  seedLabel: string,
  outcomes: readonly boolean[],
): Trader {
  const random = new Random(frame.seed, seedLabel);
  const slots = new Set<string>();
  const from = frame.now - 18 * DAY;
  const draws = outcomes.flatMap((outcome) => {
    const draw = drawPosition(
      random,
      frame,
      index,
      {
        from,
        to: frame.now - 2 * HOUR,
        open: false,
        notionalUsd: notional(random, 90, 140),
        wmonChance: 0,
        outcome,
        maxLeverage: 10,
        allowed: ['BTC', 'ETH', 'SOL'],
      },
      slots,
    );
    return draw ? [draw] : [];
  });
  return {
    index,
    address,
    profile: 'small',
    positions: draws.map((draw) => makePosition(draw, frame.pricing)).sort(byOpenTime),
  };
}

interface WhalePlan {
  readonly address: string;
  readonly label: string;
  readonly from: number;
  readonly wins: number;
  readonly losses: number;
  /** Target all-time PnL in USD (1e18), met to the cent. */
  readonly pnl: bigint;
  readonly markets: readonly string[];
  readonly fixed: readonly PositionDraw[];
}

function whale(frame: Drawing, index: number, plan: WhalePlan): Trader {
  const random = new Random(frame.seed, plan.label);
  const slots = new Set<string>();
  const outcomes = [...Array(plan.wins).fill(true), ...Array(plan.losses).fill(false)] as boolean[];
  const draws: PositionDraw[] = [];
  const weights: number[] = [];
  let last = -1;
  for (const outcome of outcomes) {
    const draw = drawPosition(
      random,
      frame,
      index,
      {
        from: plan.from,
        to: frame.now - 3 * HOUR,
        open: false,
        notionalUsd: 10_000n * E18,
        wmonChance: 0,
        outcome,
        allowed: plan.markets,
        maxLeverage: 10,
      },
      slots,
    );
    if (!draw) continue;
    if (outcome) last = draws.length;
    draws.push(draw);
    weights.push(outcome ? 1 + random.next() : 0.3 + random.next() * 0.3);
  }
  const fixed = plan.fixed.map((draw) => makePosition(draw, frame.pricing));
  const fixedPnl = fixed.reduce((sum, position) => sum + position.pnlUsd, 0n);
  // Size every drawn position so the total lands on the plan's PnL; the last win takes up the remainder exactly.
  const unit = draws.map((draw, at) =>
    makePosition({ ...draw, notionalUsd: BigInt(Math.round(10_000 * (weights[at] as number))) * E18 }, frame.pricing),
  );
  const unitPnl = unit.reduce((sum, position) => sum + position.pnlUsd, 0n);
  const scale = unitPnl > 0n ? Number(((plan.pnl - fixedPnl) * 1000n) / unitPnl) / 1000 : 1;
  const sized = draws.map((draw, at) => ({
    ...draw,
    notionalUsd: BigInt(Math.max(50, Math.round(10_000 * (weights[at] as number) * scale))) * E18,
  }));
  const positions = sized.map((draw) => makePosition(draw, frame.pricing));
  if (last >= 0) {
    const others = positions.reduce((sum, position, at) => (at === last ? sum : sum + position.pnlUsd), fixedPnl);
    const lastPosition = positions[last] as Position;
    const move = (lastPosition.isLong ? 1n : -1n) * ((lastPosition.closePrice as bigint) - lastPosition.entryPrice);
    const needed = plan.pnl - others;
    if (needed > 0n && move > 0n) {
      const qty = (needed * E10 + move - 1n) / move;
      positions[last] = makePosition({ ...(sized[last] as PositionDraw), qty }, frame.pricing);
    }
  }
  return { index, address: plan.address, profile: 'whale', positions: [...fixed, ...positions].sort(byOpenTime) };
}

/** Ava's three positions as the examples show them: BTC and MON (legacy) open, ETH closed. */
function avaFixed(frame: WorldFrame): PositionDraw[] {
  const at = (castSeconds: number): number => frame.now - (CAST_NOW - castSeconds);
  const base = {
    trader: 0,
    wmon: false,
    leverage: 10,
    notionalUsd: 0n,
    limit: false,
    decreaseOrder: false,
    updates: 0,
    stopLossSet: false,
  } as const;
  return [
    {
      ...base,
      id: 0,
      fixedHash: '0x33ee8de66fcceb2bd92161eaa897c635f15171d31d5e27915d0373ae0ee5ddd6',
      market: bySymbol(frame, 'BTC'),
      isLong: true,
      qty: 5_000_000_000n,
      entryPrice: 95_800n * E18,
      openTime: at(1_795_176_137),
      closeTime: undefined,
      legacy: false,
      decreaseOrder: true,
      exact: {
        margin: 4_790_000_000n,
        stopLoss: 0n,
        takeProfit: 105_000n * E18,
        fundingFee: -1_500_000n,
        holdingFee: 12_000_000n,
        longAccFundingFeePerShare: 1_843_012_345_678n,
      },
    },
    {
      ...base,
      id: 0,
      fixedHash: '0x1c0d3e38375bcc2d9e7229a438a0df8397ececa01deb85bd3b951d7a50024eed',
      market: bySymbol(frame, 'MON'),
      isLong: true,
      qty: 1_000_000_000_000_000n,
      entryPrice: 29_800_000_000_000_000n,
      openTime: at(1_790_846_142),
      closeTime: undefined,
      legacy: true,
      exact: {
        margin: 300_000_000n,
        stopLoss: 26_000_000_000_000_000n,
        takeProfit: 45_000_000_000_000_000n,
        fundingFee: -850_000n,
        holdingFee: 7_250_000n,
        longAccFundingFeePerShare: 952_110_457_301n,
      },
    },
    {
      ...base,
      id: 0,
      fixedHash: '0xf5c115beb4a3d5f92a27544dc5fa3cdfd5308ba394002569341b36579293eeba',
      market: bySymbol(frame, 'ETH'),
      isLong: false,
      qty: 50_000_000_000n,
      entryPrice: 3520n * E18,
      closePrice: 3_412_250_000_000_000_000_000n,
      openTime: at(1_794_619_920),
      closeTime: at(1_795_260_000),
      legacy: false,
      exact: {
        margin: 1_760_000_000n,
        stopLoss: 3650n * E18,
        takeProfit: 3300n * E18,
        fundingFee: -2_150_000n,
        holdingFee: 4_120_000n,
        longAccFundingFeePerShare: 1_612_874_400_112n,
      },
    },
  ];
}

/** Every trader: the cast first (Ava 0, Ben 1, Cy 2, Dee 3), then the regular and the small ones. */
export function buildTraders(world: WorldFrame): Trader[] {
  const frame: Drawing = { ...world, openable: new OpenableMarkets(world.markets) };
  const traders: Trader[] = [];
  traders.push(
    whale(frame, 0, {
      address: AVA,
      label: 'cast:ava',
      from: frame.now - (CAST_NOW - 1_790_846_142),
      wins: 14,
      losses: 9,
      pnl: 13_562_300_000_000_000_000_000n,
      markets: ['BTC', 'ETH', 'MON'],
      fixed: avaFixed(frame),
    }),
  );
  traders.push(
    whale(frame, 1, {
      address: BEN,
      label: 'cast:ben',
      from: frame.now - 75 * DAY,
      wins: 12,
      losses: 8,
      pnl: 9_871_200_000_000_000_000_000n,
      markets: ['BTC', 'ETH', 'SOL'],
      fixed: [],
    }),
  );
  traders.push(smallTrader(frame, 2, CY, 'cast:cy', [true, false, false]));
  traders.push({ index: 3, address: DEE, profile: 'empty', positions: [] });
  for (let count = 0; count < REGULAR_TRADERS; count += 1) {
    const index = traders.length;
    traders.push(regularTrader(frame, index));
  }
  for (let count = 0; count < SMALL_TRADERS; count += 1) {
    const index = traders.length;
    const random = new Random(frame.seed, `small:${count}`);
    const outcomes = Array.from({ length: random.int(1, 3) }, () => random.chance(0.4));
    traders.push(smallTrader(frame, index, `0x${random.hex(20)}`, `small-positions:${count}`, outcomes));
  }
  return traders;
}
