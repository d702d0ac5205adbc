// One position of the world with every amount the operations report, derived once from what was drawn:
// the market, the side, the margin token, the size and leverage, and when it opened (and closed).
import { LV_MON, LV_USDC, type Token, USDC, WMON } from '../cast.js';
import { E10, E18, pow10 } from '../money.js';
import { Random } from '../random.js';
import { type Market, tradePrice18 } from './markets.js';

/** Open and close fees: 0.08% of the notional (the cast's positions show this rate). */
const FEE_RATE_BPS = 8n;
/** Execution fee per position: half a dollar, in the margin token. */
const EXECUTION_FEE_USD = 5n * 10n ** 17n;
/** Leverage at or above which a position's volume counts in the high-leverage band (the sandbox's choice). */
export const HIGH_LEVERAGE = 20;

/** What a position keeps as it was drawn. */
interface Drawn {
  /** Drawn number the position's hash is derived from (see positionHash), and a tie-breaker in orderings. */
  readonly id: number;
  /** Where it was drawn: the segment of the timeline (SCRIPTED for the cast's, TRADED for a trade made through
   * the sandbox's control) and its number there; with the trader and `id`, what its hash is derived from. */
  readonly segment: number;
  readonly ordinal: number;
  readonly trader: number;
  readonly market: Market;
  readonly isLong: boolean;
  readonly leverage: number;
  readonly openTime: number;
  /** Undefined while the position is open (in a view, or a trade not yet closed). */
  readonly closeTime: number | undefined;
  /** When it closes on the timeline, also while a view shows it open (its events are spread up to then). */
  readonly plannedClose: number | undefined;
  /** Opened before the event rename: its events carry the legacy names. */
  readonly legacy: boolean;
  /** Opened by a limit order (tradeType LIMIT) rather than at market. */
  readonly limit: boolean;
  /** Has a take-profit/stop-loss (decrease) order: live while open; what closed it when closed. */
  readonly decreaseOrder: boolean;
  /** Number of take-profit/stop-loss updates made while it was open. */
  readonly updates: number;
  /** Whether a stop loss is set (its level is derived for display, see displayLevels). */
  readonly stopLossSet: boolean;
}

export interface Position extends Drawn {
  /** The hash written by hand for the cast's positions. */
  readonly fixedHash: string | undefined;
  readonly marginToken: Token;
  readonly lvToken: Token;
  readonly qty: bigint;
  readonly entryPrice: bigint;
  readonly closePrice: bigint | undefined;
  readonly exact: ExactAmounts | undefined;
  /** Margin in the margin token's decimals. */
  readonly margin: bigint;
  /** Closed positions: PnL in the margin token, capped below at minus the margin. */
  readonly pnl: bigint;
  /** USD (1e18) figures for the aggregates. */
  readonly openNotionalUsd: bigint;
  readonly closeNotionalUsd: bigint;
  readonly pnlUsd: bigint;
  /** Margin token's USD price (1e18) when the position opened, and when it closed. */
  readonly openTokenPrice: bigint;
  readonly closeTokenPrice: bigint;
}

export interface PositionDraw extends Drawn {
  readonly fixedHash?: string;
  readonly wmon: boolean;
  readonly notionalUsd: bigint;
  /** When set, the quantity instead of the notional (for a position sized to hit a PnL). */
  readonly qty?: bigint;
  /** Fixed prices (the cast's own positions); otherwise the market's price at the time. */
  readonly entryPrice?: bigint;
  readonly closePrice?: bigint;
  /** Amounts written exactly as the cast's example positions show them. */
  readonly exact?: ExactAmounts;
  /** The margin as given (a trade opened through the control), in the margin token's decimals. */
  readonly margin?: bigint;
  /** The margin token's price as given (a trade opened through the control, at the quote). */
  readonly openTokenPrice?: bigint;
}

interface ExactAmounts {
  readonly margin: bigint;
  readonly stopLoss: bigint;
  readonly takeProfit: bigint;
  readonly fundingFee: bigint;
  readonly holdingFee: bigint;
  readonly longAccFundingFeePerShare: bigint;
}

/** A position drawn for the cast's script. */
export const SCRIPTED = -1_000_000;
/** A trade opened through the sandbox's control (POST /__sandbox/positions). */
export const TRADED = -2_000_000;

/** The MON market, whose price values WMON. */
export interface Pricing {
  readonly mon: Market;
}

function tokenPrice(token: Token, pricing: Pricing, seconds: number): bigint {
  return token === WMON ? tradePrice18(pricing.mon, seconds) : E18;
}

/** USD (1e18) to an amount of the token at a USD price (1e18), rounded toward zero. */
export function usdToToken(usd: bigint, token: Token, price: bigint): bigint {
  // A dollar token (USDC at 1e18) needs one division instead of a multiplication and a division.
  if (price === E18) return token.decimals === 6 ? usd / E12 : (usd * pow10(token.decimals)) / E18;
  return (usd * pow10(token.decimals)) / price;
}

export function tokenToUsd(amount: bigint, token: Token, price: bigint): bigint {
  if (price === E18) return token.decimals === 6 ? amount * E12 : (amount * E18) / pow10(token.decimals);
  return (amount * price) / pow10(token.decimals);
}

const E12 = 10n ** 12n;

const leverages = new Map<number, bigint>();
function leverageOf(leverage: number): bigint {
  let value = leverages.get(leverage);
  if (value === undefined) {
    value = BigInt(leverage);
    leverages.set(leverage, value);
  }
  return value;
}

export function makePosition(draw: PositionDraw, pricing: Pricing): Position {
  const { market } = draw;
  const marginToken = draw.wmon ? WMON : USDC;
  const entryPrice = draw.entryPrice ?? tradePrice18(market, draw.openTime);
  let qty = draw.qty ?? (draw.notionalUsd * E10) / entryPrice;
  if (qty < 1n) qty = 1n;
  const openNotionalUsd = (qty * entryPrice) / E10;
  const openTokenPrice = draw.openTokenPrice ?? tokenPrice(marginToken, pricing, draw.openTime);
  const margin =
    draw.margin ??
    draw.exact?.margin ??
    usdToToken(openNotionalUsd / leverageOf(draw.leverage), marginToken, openTokenPrice);
  let closePrice: bigint | undefined;
  let pnl = 0n;
  let pnlUsd = 0n;
  let closeNotionalUsd = 0n;
  let closeTokenPrice = openTokenPrice;
  if (draw.closeTime !== undefined) {
    closePrice = draw.closePrice ?? tradePrice18(market, draw.closeTime);
    closeNotionalUsd = (qty * closePrice) / E10;
    closeTokenPrice = tokenPrice(marginToken, pricing, draw.closeTime);
    const rawUsd = ((draw.isLong ? qty : -qty) * (closePrice - entryPrice)) / E10;
    pnl = usdToToken(rawUsd, marginToken, closeTokenPrice);
    if (pnl < -margin) pnl = -margin;
    pnlUsd = tokenToUsd(pnl, marginToken, closeTokenPrice);
  }
  return {
    id: draw.id,
    segment: draw.segment,
    ordinal: draw.ordinal,
    fixedHash: draw.fixedHash,
    trader: draw.trader,
    market,
    isLong: draw.isLong,
    marginToken,
    lvToken: draw.wmon ? LV_MON : LV_USDC,
    leverage: draw.leverage,
    openTime: draw.openTime,
    closeTime: draw.closeTime,
    plannedClose: draw.plannedClose,
    legacy: draw.legacy,
    limit: draw.limit,
    decreaseOrder: draw.decreaseOrder,
    updates: draw.updates,
    qty,
    entryPrice,
    closePrice,
    stopLossSet: draw.stopLossSet,
    exact: draw.exact,
    margin,
    pnl,
    openNotionalUsd,
    closeNotionalUsd,
    pnlUsd,
    openTokenPrice,
    closeTokenPrice,
  };
}

export interface Fees {
  /** Margin-token amounts (in that token's decimals). */
  readonly openFee: bigint;
  readonly executionFee: bigint;
  /** 0 while open. */
  readonly closeFee: bigint;
  /** Funding: realized on a closed position, accrued on an open one; positive is income. */
  readonly fundingFee: bigint;
  /** Holding fee: realized on a closed position, accrued on an open one; an expense, never negative. */
  readonly holdingFee: bigint;
  /** All of them in USD (1e18), funding income subtracted: what separates PnL before and after fees. */
  readonly totalUsd: bigint;
}

const feesCache = new WeakMap<Position, Fees>();

/**
 * A position's fees, computed when an answer needs them (the rankings do not): open and close fees at 0.08%
 * of the notional, a fixed execution fee, and holding and funding fees accrued by the second at the market's
 * rates over the time the position was (or has been) open. A closed position's are kept; an open one's grow
 * with now.
 */
export function feesOf(position: Position, now: number): Fees {
  let fees = feesCache.get(position);
  if (fees) return fees;
  const { marginToken, openTokenPrice, closeTokenPrice, market } = position;
  const openFee = usdToToken((position.openNotionalUsd * FEE_RATE_BPS) / 10_000n, marginToken, openTokenPrice);
  const executionFee = usdToToken(EXECUTION_FEE_USD, marginToken, openTokenPrice);
  const closeFee =
    position.closeTime === undefined
      ? 0n
      : usdToToken((position.closeNotionalUsd * FEE_RATE_BPS) / 10_000n, marginToken, closeTokenPrice);
  const held = BigInt(Math.max(0, (position.closeTime ?? now) - position.openTime));
  const notionalToken = usdToToken(position.openNotionalUsd, marginToken, openTokenPrice);
  const holdingFee = position.exact?.holdingFee ?? (notionalToken * market.holdingFeeRate * held) / E18;
  const funding = (notionalToken * market.fundingRate * held) / E18;
  const fundingFee = position.exact?.fundingFee ?? (position.isLong ? -funding : funding);
  const totalUsd = tokenToUsd(
    openFee + executionFee + closeFee + holdingFee - fundingFee,
    marginToken,
    closeTokenPrice,
  );
  fees = { openFee, executionFee, closeFee, fundingFee, holdingFee, totalUsd };
  if (position.closeTime !== undefined) feesCache.set(position, fees);
  return fees;
}

/** Stop loss (0 when unset), take profit and the funding accumulator a position shows, derived on demand. */
export function displayLevels(position: Position): {
  stopLoss: bigint;
  takeProfit: bigint;
  longAccFundingFeePerShare: bigint;
} {
  if (position.exact) return position.exact;
  const direction = position.isLong ? 1n : -1n;
  const step = position.entryPrice / 20n;
  const rate = position.market.fundingRate < 0n ? -position.market.fundingRate : position.market.fundingRate;
  return {
    stopLoss: position.stopLossSet ? position.entryPrice - direction * step : 0n,
    takeProfit: position.entryPrice + direction * 2n * step,
    longAccFundingFeePerShare: (rate * BigInt(Math.max(0, position.openTime - position.market.listAt))) / 1000n,
  };
}

const hashes = new WeakMap<object, string>();

/**
 * The position's hash (32 bytes of hex), derived when an answer first shows it rather than for every position:
 * from its drawn number, its trader and where it was drawn, so no two positions of the timeline share one.
 */
export function positionHash(
  position: Pick<Position, 'id' | 'trader' | 'segment' | 'ordinal'> & { readonly fixedHash?: string | undefined },
): string {
  let hash = position.fixedHash ?? hashes.get(position);
  if (hash === undefined) {
    const label = `position-hash:${position.trader}:${position.segment}:${position.ordinal}`;
    hash = `0x${new Random(position.id, label).hex(32)}`;
    hashes.set(position, hash);
  }
  return hash;
}

/**
 * The position closed at an instant and price (a close made through the control): its PnL in the margin
 * token, capped at minus the margin, and the USD figures of its close.
 */
export function closedAt(position: Position, closeTime: number, closePrice: bigint, closeTokenPrice: bigint): Position {
  const { marginToken, qty, entryPrice } = position;
  const rawUsd = ((position.isLong ? qty : -qty) * (closePrice - entryPrice)) / E10;
  let pnl = usdToToken(rawUsd, marginToken, closeTokenPrice);
  if (pnl < -position.margin) pnl = -position.margin;
  return {
    ...position,
    closeTime,
    closePrice,
    closeNotionalUsd: (qty * closePrice) / E10,
    pnl,
    pnlUsd: tokenToUsd(pnl, marginToken, closeTokenPrice),
    closeTokenPrice,
  };
}

/** The position as a view before its close shows it: open, with nothing of its close. */
export function openCopy(position: Position): Position {
  return {
    ...position,
    closeTime: undefined,
    closePrice: undefined,
    pnl: 0n,
    pnlUsd: 0n,
    closeNotionalUsd: 0n,
    closeTokenPrice: position.openTokenPrice,
  };
}
