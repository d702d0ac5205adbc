// The cast's positions around the anchor (the default now, 2026-11-21T12:00:00Z), written so the examples'
// figures hold there: Ava's three example positions and her all-time PnL of 13,562.30, Ben's 9,871.20, Cy's
// three small trades. They replace whatever the timeline would draw for the cast over the anchor's window;
// before and after it the cast trades like the others (activity.ts).
import { CAST_NOW } from '../cast.js';
import { E10, E18 } from '../money.js';
import { Random } from '../random.js';
import { DAY, HOUR, MINUTE } from '../time.js';
import { drawPosition, type Held, LOW_LEVERAGES, OpenableMarkets } from './draws.js';
import type { Market } from './markets.js';
import { makePosition, type Position, type PositionDraw, type Pricing, SCRIPTED } from './positions.js';

/** The first and last segment of the anchor's window (activity.ts): the cast draws nothing of its own there. */
export const SCRIPTED_SEGMENTS = { first: -1, last: 0 } as const;

export interface Script {
  /** The cast's positions by trader index (0 Ava, 1 Ben, 2 Cy), oldest first. */
  readonly positions: ReadonlyMap<number, readonly Position[]>;
}

/** A notional between `low` and `high` whole dollars, skewed toward the low end. */
export function notional(random: Random, low: number, high: number): bigint {
  return BigInt(low + Math.floor((high - low) * random.skewed(2))) * E18;
}

export const byOpenTime = (a: Position, b: Position): number => a.openTime - b.openTime || a.id - b.id;

/** A hold as the cast's trades have them: an hour to a week, ending 10 minutes before the anchor at the latest. */
function castHold(random: Random, openTime: number): number {
  const hold = HOUR + Math.floor(random.skewed(3) * 167 * HOUR) + random.int(0, 59) * MINUTE;
  const held = Math.min(hold, CAST_NOW - 10 * MINUTE - openTime);
  return held < HOUR ? Number.POSITIVE_INFINITY : held;
}

interface WhalePlan {
  readonly trader: number;
  readonly label: string;
  readonly from: number;
  readonly wins: number;
  readonly losses: number;
  /** Target PnL of the positions closed by the anchor, in USD (1e18), met to the cent. */
  readonly pnl: bigint;
  readonly markets: readonly string[];
  readonly fixed: readonly PositionDraw[];
}

function subset(markets: readonly Market[], symbols: readonly string[]): OpenableMarkets {
  return new OpenableMarkets(markets.filter((market) => symbols.includes(market.symbol)));
}

function whale(seed: number, markets: readonly Market[], pricing: Pricing, plan: WhalePlan): Position[] {
  const random = new Random(seed, plan.label);
  const held: Held[] = [];
  const allowed = subset(markets, plan.markets);
  const outcomes = [...Array(plan.wins).fill(true), ...Array(plan.losses).fill(false)] as boolean[];
  const draws: PositionDraw[] = [];
  const weights: number[] = [];
  let last = -1;
  for (const outcome of outcomes) {
    const draw = drawPosition(
      random,
      plan.trader,
      SCRIPTED,
      plan.fixed.length + draws.length,
      {
        from: plan.from,
        to: CAST_NOW - 3 * HOUR,
        hold: castHold,
        closeBy: CAST_NOW,
        notionalUsd: 10_000n * E18,
        wmonChance: 0,
        markets: allowed,
        outcome,
        leverages: LOW_LEVERAGES,
      },
      held,
    );
    if (!draw) continue;
    if (outcome) last = draws.length;
    draws.push(draw);
    weights.push(outcome ? 1 + random.next() : 0.3 + random.next() * 0.3);
  }
  const fixed = plan.fixed.map((draw) => makePosition(draw, pricing));
  const fixedPnl = fixed.reduce(
    (sum, position) => ((position.closeTime as number) <= CAST_NOW ? sum + position.pnlUsd : sum),
    0n,
  );
  // Size every drawn position so the total lands on the plan's PnL; the last win takes up the remainder exactly.
  const unit = draws.map((draw, index) =>
    makePosition({ ...draw, notionalUsd: BigInt(Math.round(10_000 * (weights[index] as number))) * E18 }, pricing),
  );
  const unitPnl = unit.reduce((sum, position) => sum + position.pnlUsd, 0n);
  const scale = unitPnl > 0n ? Number(((plan.pnl - fixedPnl) * 1000n) / unitPnl) / 1000 : 1;
  const sized = draws.map((draw, index) => ({
    ...draw,
    notionalUsd: BigInt(Math.max(50, Math.round(10_000 * (weights[index] as number) * scale))) * E18,
  }));
  const positions = sized.map((draw) => makePosition(draw, pricing));
  if (last >= 0) {
    const others = positions.reduce((sum, position, index) => (index === last ? sum : sum + position.pnlUsd), fixedPnl);
    const lastPosition = positions[last] as Position;
    const move = (lastPosition.isLong ? 1n : -1n) * ((lastPosition.closePrice as bigint) - lastPosition.entryPrice);
    const needed = plan.pnl - others;
    if (needed > 0n && move > 0n) {
      const qty = (needed * E10 + move - 1n) / move;
      positions[last] = makePosition({ ...(sized[last] as PositionDraw), qty }, pricing);
    }
  }
  return [...fixed, ...positions].sort(byOpenTime);
}

function smallTrades(seed: number, markets: readonly Market[], pricing: Pricing, outcomes: readonly boolean[]) {
  const random = new Random(seed, 'cast:cy');
  const held: Held[] = [];
  const allowed = subset(markets, ['BTC', 'ETH', 'SOL']);
  const draws = outcomes.flatMap((outcome, ordinal) => {
    const draw = drawPosition(
      random,
      2,
      SCRIPTED,
      ordinal,
      {
        from: CAST_NOW - 18 * DAY,
        to: CAST_NOW - 2 * HOUR,
        hold: castHold,
        closeBy: CAST_NOW,
        notionalUsd: notional(random, 90, 140),
        wmonChance: 0,
        markets: allowed,
        outcome,
        leverages: LOW_LEVERAGES,
      },
      held,
    );
    return draw ? [draw] : [];
  });
  return draws.map((draw) => makePosition(draw, pricing)).sort(byOpenTime);
}

/**
 * Ava's three positions as the examples show them: BTC and MON (legacy) open at the anchor, ETH closed 40
 * minutes before it. On the timeline the two open ones close later, BTC three days and MON nine days after.
 */
function avaFixed(markets: readonly Market[]): PositionDraw[] {
  const bySymbol = (symbol: string): Market => markets.find((market) => market.symbol === symbol) as Market;
  const base = {
    trader: 0,
    segment: SCRIPTED,
    wmon: false,
    leverage: 10,
    notionalUsd: 0n,
    limit: false,
    decreaseOrder: false,
    updates: 0,
    stopLossSet: false,
  } as const;
  const btcClose = CAST_NOW + 3 * DAY;
  const monClose = CAST_NOW + 9 * DAY;
  const ethClose = 1_795_260_000;
  return [
    {
      ...base,
      id: 0,
      ordinal: 0,
      fixedHash: '0x33ee8de66fcceb2bd92161eaa897c635f15171d31d5e27915d0373ae0ee5ddd6',
      market: bySymbol('BTC'),
      isLong: true,
      qty: 5_000_000_000n,
      entryPrice: 95_800n * E18,
      openTime: 1_795_176_137,
      closeTime: btcClose,
      plannedClose: btcClose,
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
      ordinal: 1,
      fixedHash: '0x1c0d3e38375bcc2d9e7229a438a0df8397ececa01deb85bd3b951d7a50024eed',
      market: bySymbol('MON'),
      isLong: true,
      qty: 1_000_000_000_000_000n,
      entryPrice: 29_800_000_000_000_000n,
      openTime: 1_790_846_142,
      closeTime: monClose,
      plannedClose: monClose,
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
      ordinal: 2,
      fixedHash: '0xf5c115beb4a3d5f92a27544dc5fa3cdfd5308ba394002569341b36579293eeba',
      market: bySymbol('ETH'),
      isLong: false,
      qty: 50_000_000_000n,
      entryPrice: 3520n * E18,
      closePrice: 3_412_250_000_000_000_000_000n,
      openTime: 1_794_619_920,
      closeTime: ethClose,
      plannedClose: ethClose,
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

/** The cast's script for a seed. */
export function buildScript(seed: number, markets: readonly Market[], pricing: Pricing): Script {
  const positions = new Map<number, readonly Position[]>();
  positions.set(
    0,
    whale(seed, markets, pricing, {
      trader: 0,
      label: 'cast:ava',
      from: 1_790_846_142,
      wins: 14,
      losses: 9,
      pnl: 13_562_300_000_000_000_000_000n,
      markets: ['BTC', 'ETH', 'MON'],
      fixed: avaFixed(markets),
    }),
  );
  positions.set(
    1,
    whale(seed, markets, pricing, {
      trader: 1,
      label: 'cast:ben',
      from: CAST_NOW - 75 * DAY,
      wins: 12,
      losses: 8,
      pnl: 9_871_200_000_000_000_000_000n,
      markets: ['BTC', 'ETH', 'SOL'],
      fixed: [],
    }),
  );
  positions.set(2, smallTrades(seed, markets, pricing, [true, false, false]));
  return { positions };
}
