// Trades made through the control (`POST /__sandbox/positions`, `.../close`): checked as the protocol would
// check them, priced at the market's quote at now, and recorded in the world's writes. Sandbox-only: the
// service has no such operation.
import { USDC, WMON } from '../cast.js';
import { badField, SandboxInputError } from '../errors.js';
import { E10, E18 } from '../money.js';
import { isoSeconds } from '../time.js';
import { LONGEST_HOLD } from '../timeline/activity.js';
import { slotOf, slotOfPosition } from '../timeline/draws.js';
import { withinHours } from '../timeline/hours.js';
import type { Timeline } from '../timeline/index.js';
import { type Market, price18At, publishedAt, statusAt } from '../timeline/markets.js';
import {
  closedAt,
  makePosition,
  type Position,
  type PositionDraw,
  positionHash,
  TRADED,
  tokenToUsd,
} from '../timeline/positions.js';
import type { View } from '../view/index.js';
import { placeOf, type TradeRecord, type Writes } from './writes.js';

/** A quote older than this is no price to trade at (the valuation's freshness rule). */
const FRESHNESS = 30;
/** The largest margin taken: 40 digits, more than any token supply. */
const MARGIN_DIGITS = 40;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;

const refuse = (status: number, kind: string, title: string, detail: string, field: string): SandboxInputError =>
  new SandboxInputError(status, kind, title, detail, field);

/** Whether a market takes a trade at now: its status, its hours and a fresh quote; a 409 naming pairBase otherwise. */
function checkTradable(market: Market, now: number, opening: boolean, field: string): void {
  const status = statusAt(market, now);
  if (status === 'CLOSE' || (opening && status === 'REDUCE_ONLY'))
    throw refuse(
      409,
      'market-not-open',
      'Market not open',
      `${market.pairName} is ${status}: it takes ${status === 'CLOSE' ? 'no trades' : 'no new positions, only closes'}.`,
      field,
    );
  const open = withinHours(market.hours, now);
  if (open !== now)
    throw refuse(
      409,
      'market-closed',
      'Market closed',
      `${market.pairName} trades in its hours only: it opens next at ${isoSeconds(open)} (the trade would revert onchain with MarketClosed).`,
      field,
    );
  const published = publishedAt(market, now);
  if (published < now - FRESHNESS)
    throw refuse(
      409,
      'stale-price',
      'No fresh price',
      `The quote of ${market.pairName} was published at ${isoSeconds(published)}, more than ${FRESHNESS} seconds before now: there is no price to trade at.`,
      field,
    );
}

function readInput(input: unknown): {
  trader: string;
  pairBase: string;
  isLong: boolean;
  leverage: number;
  margin: bigint;
  wmon: boolean;
} {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    throw badField('body', 'A trade is a JSON object: {trader, pairBase, isLong, leverage, margin, collateral?}.');
  const body = input as Record<string, unknown>;
  const keys = ['trader', 'pairBase', 'isLong', 'leverage', 'margin', 'collateral'];
  for (const key of Object.keys(body))
    if (!keys.includes(key)) throw badField(key, `${key} is not a field of a trade; it takes ${keys.join(', ')}.`);
  const { trader, pairBase, isLong, leverage, margin, collateral } = body;
  if (typeof trader !== 'string' || !ADDRESS.test(trader))
    throw badField('trader', 'trader must be an address: 0x and 40 hex digits.');
  if (typeof pairBase !== 'string' || !ADDRESS.test(pairBase))
    throw badField('pairBase', "pairBase must be a market's pair base address: 0x and 40 hex digits.");
  if (typeof isLong !== 'boolean') throw badField('isLong', 'isLong must be true (long) or false (short).');
  if (typeof leverage !== 'number' || !Number.isInteger(leverage))
    throw badField('leverage', `leverage must be a whole number, not ${JSON.stringify(leverage) ?? String(leverage)}.`);
  if (typeof margin !== 'string' || !/^[0-9]+$/.test(margin) || margin.length > MARGIN_DIGITS)
    throw badField(
      'margin',
      `margin must be an integer string in the collateral's decimals ("100000000" is 100 USDC), of at most ${MARGIN_DIGITS} digits.`,
    );
  if (BigInt(margin) <= 0n) throw badField('margin', 'margin must be more than 0.');
  let wmon = false;
  if (collateral !== undefined) {
    const token = typeof collateral === 'string' ? collateral.toLowerCase() : '';
    if (token !== USDC.address && token !== WMON.address)
      throw badField('collateral', `collateral must be USDC (${USDC.address}, the default) or WMON (${WMON.address}).`);
    wmon = token === WMON.address;
  }
  return { trader: trader.toLowerCase(), pairBase, isLong, leverage, margin: BigInt(margin), wmon };
}

/**
 * Opens a trade at the market's price at now and records it; refuses, changing nothing, a trade the protocol
 * would refuse (4xx naming the field).
 */
export function openTrade(view: View, writes: Writes, input: unknown): TradeRecord {
  const { now, timeline } = view;
  const trade = readInput(input);
  const market = view.market(trade.pairBase);
  if (!market)
    throw refuse(
      404,
      'unknown-pair',
      'Unknown pair',
      `No market of the sandbox has the pair base ${trade.pairBase}.`,
      'pairBase',
    );
  if (trade.leverage < market.minLeverage || trade.leverage > market.maxLeverage)
    throw badField(
      'leverage',
      `leverage on ${market.pairName} must be from ${market.minLeverage} to ${market.maxLeverage}, not ${trade.leverage}.`,
    );
  checkTradable(market, now, true, 'pairBase');
  if (trade.wmon) checkTradable(timeline.mon, now, true, 'collateral');
  const known = view.indexOf(trade.trader);
  const index = known ?? view.traderCount;
  if (known !== undefined) {
    const slot = slotOf(market, trade.isLong, trade.wmon);
    const taken = view
      .traderAt(known)
      .positions.find((position) => position.closeTime === undefined && slotOfPosition(position) === slot);
    if (taken)
      throw refuse(
        409,
        'position-open',
        'Position already open',
        `${trade.trader} already has an open ${trade.isLong ? 'long' : 'short'} on ${market.pairName} with that collateral (${positionHash(taken)}); the protocol keeps one per pair, side and collateral: close it first.`,
        'pairBase',
      );
  }
  const entryPrice = price18At(market, now);
  const token = trade.wmon ? WMON : USDC;
  const tokenPrice = trade.wmon ? price18At(timeline.mon, now) : E18;
  const notionalUsd = tokenToUsd(trade.margin, token, tokenPrice) * BigInt(trade.leverage);
  const qty = (notionalUsd * E10) / entryPrice;
  if (qty < 1n) throw badField('margin', `margin is too small to buy any ${market.symbol} at ${trade.leverage}x.`);
  const ordinal = writes.trades.length;
  const draw: PositionDraw = {
    id: 2 ** 32 + ordinal,
    segment: TRADED,
    ordinal,
    trader: index,
    market,
    isLong: trade.isLong,
    wmon: trade.wmon,
    leverage: trade.leverage,
    notionalUsd,
    qty,
    entryPrice,
    margin: trade.margin,
    openTokenPrice: tokenPrice,
    openTime: now,
    closeTime: undefined,
    plannedClose: undefined,
    legacy: false,
    limit: false,
    decreaseOrder: false,
    updates: 0,
    stopLossSet: false,
  };
  const position = makePosition(draw, { mon: timeline.mon });
  if (known === undefined) {
    writes.extraTraders.push({ index, address: trade.trader });
    writes.extraIndex.set(trade.trader, index);
  }
  const record: TradeRecord = { hash: positionHash(position), trader: index, draw, position };
  writes.trades.push(record);
  writes.tradeByHash.set(record.hash, record);
  let mine = writes.tradesByTrader.get(index);
  if (!mine) {
    mine = [];
    writes.tradesByTrader.set(index, mine);
  }
  mine.push(record);
  return record;
}

/** A timeline position open at now with this hash, and its trader, looked for among those that may be open. */
function timelinePosition(
  view: View,
  timeline: Timeline,
  hash: string,
): { trader: number; position: Position } | undefined {
  const found = timeline.findPosition(hash, view.now - LONGEST_HOLD, view.now);
  if (!found) return undefined;
  const shown = view.traderAt(found.trader).positions.find((position) => positionHash(position) === hash);
  return shown ? { trader: found.trader, position: shown } : undefined;
}

/**
 * Closes an open position at the market's price at now, a trade made through the control or one of the
 * timeline's (which then closes early in this world); refuses, changing nothing, what cannot be closed.
 */
export function closeTrade(
  view: View,
  writes: Writes,
  positionHashText: unknown,
): { trader: number; position: Position } {
  if (typeof positionHashText !== 'string' || !HASH.test(positionHashText))
    throw badField('positionHash', 'positionHash must be 0x and 64 hex digits.');
  const hash = positionHashText.toLowerCase();
  const { now, timeline } = view;
  const record = writes.tradeByHash.get(hash);
  const found = record ? { trader: record.trader, position: record.position } : timelinePosition(view, timeline, hash);
  if (!found)
    throw refuse(
      404,
      'unknown-position',
      'Unknown position',
      `No position open in this world has the hash ${hash}.`,
      'positionHash',
    );
  const { position } = found;
  if (position.closeTime !== undefined)
    throw refuse(
      409,
      'position-closed',
      'Position already closed',
      `Position ${hash} was closed at ${isoSeconds(position.closeTime)}.`,
      'positionHash',
    );
  checkTradable(position.market, now, false, 'positionHash');
  if (position.marginToken === WMON) checkTradable(timeline.mon, now, false, 'positionHash');
  const held = now - position.openTime;
  if (held < position.market.minHoldingSeconds)
    throw refuse(
      409,
      'minimum-holding',
      'Held too briefly',
      `${position.market.pairName} positions are held at least ${position.market.minHoldingSeconds} seconds; this one has been for ${held}.`,
      'positionHash',
    );
  const closeTokenPrice = position.marginToken === WMON ? price18At(timeline.mon, now) : E18;
  const closed = closedAt(position, now, price18At(position.market, now), closeTokenPrice);
  if (record) record.position = closed;
  else {
    let early = writes.earlyCloses.get(found.trader);
    if (!early) {
      early = new Map();
      writes.earlyCloses.set(found.trader, early);
    }
    early.set(placeOf(position), closed);
  }
  writes.closeCount += 1;
  return { trader: found.trader, position: closed };
}
