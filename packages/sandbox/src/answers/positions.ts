// A trader's positions and their decoded trade history. Every event is derived from one of the trader's
// positions, so each belongs to a position the positions endpoint lists, with the same figures.
import { Random } from '../random.js';
import { isoSeconds } from '../time.js';
import { displayLevels, feesOf, type Position, positionHash } from '../timeline/positions.js';
import type { SandboxAnswer, SandboxRequest } from '../types.js';
import type { View } from '../view/index.js';
import { type Context, cached } from './context.js';
import { ok, onChain, paginate, readParameters } from './kit.js';

/** The Position object, as the positions endpoint and the trade history's `position` show it. */
export function positionView(position: Position, now: number): Record<string, unknown> {
  const levels = displayLevels(position);
  const fees = feesOf(position, now);
  const shown: Record<string, unknown> = {
    positionHash: positionHash(position),
    pair: position.market.pairName,
    pairBase: position.market.base,
    tokenIn: position.marginToken.address,
    marginToken: position.marginToken.address,
    isLong: position.isLong,
    margin: position.margin.toString(),
    qty: position.qty.toString(),
    entryPrice: position.entryPrice.toString(),
    stopLoss: levels.stopLoss.toString(),
    takeProfit: levels.takeProfit.toString(),
    openFee: fees.openFee.toString(),
    executionFee: fees.executionFee.toString(),
    longAccFundingFeePerShare: levels.longAccFundingFeePerShare.toString(),
    holdingFeeRate: position.market.holdingFeeRate.toString(),
    timestamp: position.openTime,
    status: position.closeTime === undefined ? 'OPEN' : 'CLOSED',
  };
  if (position.closeTime !== undefined) {
    shown.closeInfo = {
      closePrice: (position.closePrice as bigint).toString(),
      fundingFee: fees.fundingFee.toString(),
      closeFee: fees.closeFee.toString(),
      pnl: position.pnl.toString(),
      holdingFee: fees.holdingFee.toString(),
    };
  }
  return shown;
}

/** Open positions first (newest first), then the closed ones, most recently closed first. */
function positionOrder(positions: readonly Position[]): Position[] {
  const open = positions
    .filter((position) => position.closeTime === undefined)
    .sort((a, b) => b.openTime - a.openTime || b.id - a.id);
  const closed = positions
    .filter((position) => position.closeTime !== undefined)
    .sort((a, b) => (b.closeTime as number) - (a.closeTime as number) || b.id - a.id);
  return [...open, ...closed];
}

export function listPositions(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  const trader = context.view.trader(values.userAddress as string);
  const positions = trader ? positionOrder(trader.positions) : [];
  return ok(
    paginate(positions.length, values.page as number, values.size as number, (from, to) =>
      positions.slice(from, to).map((position) => positionView(position, context.view.now)),
    ),
  );
}

type Kind =
  | 'OPEN_MARKET_TRADE'
  | 'CLOSE_TRADE_SUCCESSFUL'
  | 'OPEN_LIMIT_ORDER'
  | 'EXECUTE_LIMIT_ORDER_SUCCESSFUL'
  | 'OPEN_POSITION'
  | 'UPDATE_TRADE_TP'
  | 'UPDATE_TRADE_SL'
  | 'DECREASE_ORDER_CREATED'
  | 'EXECUTE_DECREASE_ORDER_SUCCESSFUL'
  | 'CLOSE_POSITION';

interface Event {
  readonly position: Position;
  readonly kind: Kind;
  readonly time: number;
  /** The event's number within its position, for its hashes. */
  readonly ordinal: number;
}

const OPENING: ReadonlySet<Kind> = new Set(['OPEN_MARKET_TRADE', 'OPEN_LIMIT_ORDER', 'OPEN_POSITION']);
const CLOSING: ReadonlySet<Kind> = new Set([
  'CLOSE_TRADE_SUCCESSFUL',
  'EXECUTE_DECREASE_ORDER_SUCCESSFUL',
  'CLOSE_POSITION',
]);

/**
 * The events of one position up to now, oldest first. Positions opened before the rename carry the legacy
 * names; the others open at market or by a limit order, may update their TP/SL (spread over the time the
 * position is held, up to its planned close while it is open), and close at market or by their TP/SL order.
 */
function eventsOf(position: Position, now: number): Event[] {
  const kinds: [Kind, number][] = [];
  const { openTime, closeTime } = position;
  if (position.legacy) {
    kinds.push(['OPEN_MARKET_TRADE', openTime]);
    if (closeTime !== undefined) kinds.push(['CLOSE_TRADE_SUCCESSFUL', closeTime]);
  } else {
    if (position.limit)
      kinds.push(
        ['OPEN_LIMIT_ORDER', openTime - 600 - (position.id % 3000)],
        ['EXECUTE_LIMIT_ORDER_SUCCESSFUL', openTime],
      );
    else kinds.push(['OPEN_POSITION', openTime]);
    const end = closeTime ?? position.plannedClose ?? now;
    if (position.decreaseOrder) kinds.push(['DECREASE_ORDER_CREATED', Math.min(end, openTime + 120)]);
    for (let update = 0; update < position.updates; update += 1) {
      kinds.push([
        update % 2 === 0 ? 'UPDATE_TRADE_TP' : 'UPDATE_TRADE_SL',
        openTime + Math.floor(((end - openTime) * (update + 1)) / (position.updates + 2)),
      ]);
    }
    if (closeTime !== undefined)
      kinds.push([position.decreaseOrder ? 'EXECUTE_DECREASE_ORDER_SUCCESSFUL' : 'CLOSE_POSITION', closeTime]);
  }
  return kinds
    .sort((a, b) => a[1] - b[1])
    .map(([kind, time], ordinal) => ({ position, kind, time, ordinal }))
    .filter((event) => event.time <= now);
}

/** The trader's events, newest first: the trade history's page order. */
function history(context: Context, positions: readonly Position[], address: string): readonly Event[] {
  return cached(context, `trades:history:${address}`, () =>
    positions
      .flatMap((position) => eventsOf(position, context.view.now))
      .sort((a, b) => b.time - a.time || b.position.id - a.position.id || b.ordinal - a.ordinal),
  );
}

function eventView(event: Event, view: View): Record<string, unknown> {
  const { position, kind } = event;
  const random = new Random(position.id ^ 0x5bd1e995, `event:${positionHash(position)}:${event.ordinal}`);
  const transactionHash = `0x${random.hex(32)}`;
  const logIndex = random.int(0, 60);
  const closing = CLOSING.has(kind);
  const fees = feesOf(position, view.now);
  const shown: Record<string, unknown> = {
    id: `${transactionHash}-${logIndex}`,
    transactionHash,
    blockNumber: view.blockAt(event.time),
    transactionIndex: random.int(0, 40),
    logIndex,
    hash: `0x${random.hex(32)}`,
    positionHash: positionHash(position),
    pairBase: position.market.base,
    qty: position.qty.toString(),
    entryPrice: position.entryPrice.toString(),
    closePrice: closing ? (position.closePrice as bigint).toString() : null,
    pnl: closing ? position.pnl.toString() : null,
    tradeType: kind === 'OPEN_LIMIT_ORDER' || kind === 'EXECUTE_LIMIT_ORDER_SUCCESSFUL' ? 'LIMIT' : 'MARKET',
    operationType: kind,
    blockTime: isoSeconds(event.time),
    isLong: position.isLong,
    tokenIn: position.marginToken.address,
    lvToken: position.lvToken.address,
    amountIn: OPENING.has(kind) ? (position.margin + fees.openFee).toString() : '0',
    margin: position.margin.toString(),
    tokenInPrice: (closing ? position.closeTokenPrice : position.openTokenPrice).toString(),
  };
  // Events of the earlier event model come without the joined position (the contract lets it be absent).
  if (!position.legacy) shown.position = positionView(position, view.now);
  shown.detail = {};
  return shown;
}

export function listTradeHistory(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  const address = values.user_address as string;
  // No history on a chain the sandbox holds no data for.
  const trader = onChain(values.block_chain) ? context.view.trader(address) : undefined;
  const events = trader ? history(context, trader.positions, trader.address) : [];
  return ok(
    paginate(events.length, values.page as number, values.size as number, (from, to) =>
      events.slice(from, to).map((event) => eventView(event, context.view)),
    ),
  );
}
