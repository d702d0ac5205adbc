// A trader's portfolio: unrealized PnL by the service's valuation rules, the trade overview, the PnL chart
// and the aggregate breakdown, all added up from the trader's positions.
import { WMON } from '../cast.js';
import { E10, E18, maxBig, usdText } from '../money.js';
import { DAY, isoSeconds, timeZone } from '../time.js';
import type { Market } from '../timeline/markets.js';
import { feesOf, type Position, tokenToUsd, usdToToken } from '../timeline/positions.js';
import type { SandboxAnswer, SandboxRequest } from '../types.js';
import { afterFees, figuresOf, winRate } from '../view/figures.js';
import type { Context } from './context.js';
import { badRequest, ok, onChain, Refusal, readParameters, requireChain, shown, type Values } from './kit.js';
import { quoteAt } from './oracle.js';

/** Quotes and the position snapshot must be at most this old, and at most this far in the future. */
const FRESHNESS = 30;
const SKEW = 5;
/** The snapshot block is read this long before now. */
const SNAPSHOT_AGE = 2;
/** Trade overview and PnL chart are served from a 30-second cache: computed this long before now. */
const CACHE_AGE = 20;

function freshQuote(market: Market, now: number): { price: bigint; publishTime: number } {
  const current = quoteAt(market, now);
  if (current.price <= 0n || current.publishTime < now - FRESHNESS || current.publishTime > now + SKEW) {
    throw new Refusal(
      503,
      'valuation-unavailable',
      'Valuation unavailable',
      `The quote of ${market.pairName} was published at ${isoSeconds(current.publishTime)}, more than ${FRESHNESS} seconds before now: no complete current valuation is available. Retry with backoff.`,
    );
  }
  return current;
}

export function getUnrealizedPnl(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  // The service's one documented refusal of a chain: 400 for an invalid chain parameter on unrealized PnL.
  requireChain(values.block_chain, 'block_chain');
  const { view } = context;
  const { now } = view;
  const address = values.user_address as string;
  const open = (view.trader(address)?.positions ?? []).filter((position) => position.closeTime === undefined);
  const snapshot = now - SNAPSHOT_AGE;
  const base = { userAddress: address, blockChain: 'MONAD', positionCount: open.length };
  const block = { blockNumber: view.blockAt(snapshot).toString(), blockTimestamp: snapshot };
  if (open.length === 0)
    return ok({
      ...base,
      unrealizedPnlUsd: '0',
      unrealizedPnlAfterAccruedFeesUsd: '0',
      fundingFeeUsd: '0',
      holdingFeeUsd: '0',
      ...block,
      priceAsOf: null,
    });
  const { mon } = view.timeline;
  let gross = 0n;
  let net = 0n;
  let funding = 0n;
  let holding = 0n;
  let priceAsOf = Number.POSITIVE_INFINITY;
  for (const position of open) {
    const mark = freshQuote(position.market, now);
    priceAsOf = Math.min(priceAsOf, mark.publishTime);
    let tokenPrice = E18;
    if (position.marginToken === WMON) {
      const monQuote = freshQuote(mon, now);
      priceAsOf = Math.min(priceAsOf, monQuote.publishTime);
      tokenPrice = monQuote.price;
    }
    // Rules 2 and 3: raw PnL valued in the settlement token, each cap applied per position before the sums.
    const rawUsd = ((position.isLong ? position.qty : -position.qty) * (mark.price - position.entryPrice)) / E10;
    const raw = usdToToken(rawUsd, position.marginToken, tokenPrice);
    const fees = feesOf(position, now);
    gross += tokenToUsd(maxBig(raw, -position.margin), position.marginToken, tokenPrice);
    net += tokenToUsd(
      maxBig(raw + fees.fundingFee - fees.holdingFee, -position.margin),
      position.marginToken,
      tokenPrice,
    );
    funding += tokenToUsd(fees.fundingFee, position.marginToken, tokenPrice);
    holding += tokenToUsd(fees.holdingFee, position.marginToken, tokenPrice);
  }
  return ok({
    ...base,
    unrealizedPnlUsd: usdText(gross),
    unrealizedPnlAfterAccruedFeesUsd: usdText(net),
    fundingFeeUsd: usdText(funding),
    holdingFeeUsd: usdText(holding),
    ...block,
    priceAsOf,
  });
}

/** The trader's positions on the chain asked for: none on a chain the sandbox holds no data for. */
function tradedOnChain(context: Context, values: Values): readonly Position[] {
  if (!onChain(values.blockchain)) return [];
  return context.view.trader(values.user_address as string)?.positions ?? [];
}

const PORTFOLIO_DAYS = { ALL_TIME: Number.POSITIVE_INFINITY, DAYS_7: 7, DAYS_30: 30, DAYS_60: 60 } as const;
type PortfolioTimeframe = keyof typeof PORTFOLIO_DAYS;

function portfolioWindow(timeframe: PortfolioTimeframe, now: number): { from: number; to: number } {
  const days = PORTFOLIO_DAYS[timeframe];
  return { from: Number.isFinite(days) ? now - days * DAY : Number.NEGATIVE_INFINITY, to: now };
}

export function getTradeOverview(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  const { now } = context.view;
  const positions = tradedOnChain(context, values);
  const window = portfolioWindow(values.timeframe as PortfolioTimeframe, now);
  const figures = figuresOf(positions, window);
  const net =
    values.is_after_fee === true
      ? afterFees(positions, window, now)
      : { pnl: figures.pnl, biggestWin: figures.biggestWin };
  return ok({
    realizedPnlUsd: usdText(net.pnl),
    biggestWinUsd: usdText(net.biggestWin),
    winRate: winRate(figures),
    updatedAt: isoSeconds(now - CACHE_AGE),
  });
}

/** Bucket width in days the sandbox chooses for each timeframe (DAY_30 buckets run from the first trade). */
const RESOLUTIONS = {
  DAYS_7: ['DAY_1', 1],
  DAYS_30: ['DAY_1', 1],
  DAYS_60: ['DAY_7', 7],
  ALL_TIME: ['DAY_30', 30],
} as const;

export function getPnlChart(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  const zone = timeZone(values.timezone as string);
  if (!zone)
    throw badRequest(
      `timezone must be a time-zone name such as UTC or America/New_York, not ${shown(values.timezone)}`,
    );
  const { now } = context.view;
  const positions = tradedOnChain(context, values);
  const timeframe = values.timeframe as PortfolioTimeframe;
  const [resolution, width] = RESOLUTIONS[timeframe];
  const today = zone.dayStart(now);
  // A local midnight `days` days before today's, found from midday so a daylight-saving shift cannot skip it.
  const midnightBefore = (days: number): number => zone.dayStart(today - days * DAY + DAY / 2);
  const starts: number[] = [];
  if (timeframe !== 'ALL_TIME') {
    // The buckets cover the trade overview's window exactly, so the two add up to the same PnL: the last one
    // ends now (it starts `width - 1` days before today's local midnight), each earlier one `width` days
    // before, and the first is cut to start where the window does (a partial bucket whose `t` is its start).
    const { from } = portfolioWindow(timeframe, now);
    for (let back = width - 1; ; back += width) {
      const start = midnightBefore(back);
      if (start <= from) break;
      starts.unshift(start);
    }
    starts.unshift(from);
  } else if (positions.length > 0) {
    const first = zone.dayStart(Math.min(...positions.map((position) => position.openTime)));
    for (let start = first; start <= now; start = zone.dayStart(start + width * DAY + DAY / 2)) starts.push(start);
  }
  const afterFee = values.is_after_fee === true;
  const sums = starts.map(() => 0n);
  for (const position of positions) {
    const closed = position.closeTime;
    if (closed === undefined || starts.length === 0 || closed < (starts[0] as number) || closed > now) continue;
    let bucket = starts.length - 1;
    while (bucket > 0 && closed < (starts[bucket] as number)) bucket -= 1;
    sums[bucket] = (sums[bucket] as bigint) + position.pnlUsd - (afterFee ? feesOf(position, now).totalUsd : 0n);
  }
  return ok({
    data: starts.map((t, bucket) => ({ t, pnl: usdText(sums[bucket] as bigint) })),
    updatedAt: isoSeconds(now - CACHE_AGE),
    resolution,
  });
}

export function getPortfolioData(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  const { now } = context.view;
  const address = values.user_address as string;
  const positions: readonly Position[] = context.view.trader(address)?.positions ?? [];
  const all = { from: Number.NEGATIVE_INFINITY, to: now };
  const figures = figuresOf(positions, all);
  const net = afterFees(positions, all, now);
  const byMarket = new Map<Market, { qty: bigint; usd: bigint }>();
  for (const position of positions) {
    const volume = byMarket.get(position.market) ?? { qty: 0n, usd: 0n };
    volume.qty += position.qty;
    volume.usd += position.openNotionalUsd;
    if (position.closeTime !== undefined) {
      volume.qty += position.qty;
      volume.usd += position.closeNotionalUsd;
    }
    byMarket.set(position.market, volume);
  }
  const tradingPairs = [...byMarket]
    .sort(([a, left], [b, right]) => (left.usd === right.usd ? a.index - b.index : left.usd > right.usd ? -1 : 1))
    .map(([market, volume]) => ({
      pairBase: market.base,
      pairName: market.pairName,
      pairSymbol: market.symbol,
      pairType: market.pairType,
      tradingVolumeQty: volume.qty.toString(),
      tradingVolumeUSD: volume.usd.toString(),
    }));
  const open = positions.filter((position) => position.closeTime === undefined);
  return ok({
    trader: address,
    realizedPNL: figures.pnl.toString(),
    realizedPNLAfterFees: net.pnl.toString(),
    tradingVolumeUSD: figures.volume.toString(),
    gain: figures.wins,
    loss: figures.losses,
    metrics: {
      positionLiveCount: open.length,
      orderLiveCount: open.filter((position) => position.decreaseOrder).length,
    },
    tradingPairs,
  });
}
