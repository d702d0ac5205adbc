// Markets and volumes: the pairs list with its filters, per-pair volume, users' daily volumes and the
// protocol-wide sums, all added up from the same trades.
import type { components } from '@trading-analytics/client';
import { quantityText, usdText } from '../money.js';
import { DAY, isoSeconds, parseDate, parseInstant, utcDate } from '../time.js';
import type { SandboxAnswer, SandboxRequest } from '../types.js';
import { nextSession } from '../world/hours.js';
import type { Market } from '../world/markets.js';
import type { Timeframe } from '../world/rankings.js';
import { type Trade, tradeAmounts } from '../world/trades.js';
import { type Context, cached } from './context.js';
import { badRequest, ok, onChain, paginate, readParameters, shown } from './kit.js';

/** The next open (a session starting after now) and the next close (the end of the current or next session). */
function tradingHours(market: Market, now: number): { nextOpen: string | null; nextClose: string | null } {
  const session = nextSession(market.hours, now);
  return session
    ? { nextOpen: isoSeconds(session.open), nextClose: isoSeconds(session.close) }
    : { nextOpen: null, nextClose: null };
}

const tagsOf = (market: Market): string[] => [market.pairType.toLowerCase(), ...(market.degen ? ['degen'] : [])];

function pairView(context: Context, market: Market, range: Timeframe): Record<string, unknown> {
  const volume = (context.world.pairVolumes[market.index] as Record<Timeframe, { qty: bigint; usd: bigint }>)[range];
  const hours = tradingHours(market, context.world.now);
  return {
    base: market.base,
    pairName: market.pairName,
    symbol: market.symbol,
    pairType: market.pairType,
    icon: `https://static.example.org/icons/${market.symbol.toLowerCase()}.svg`,
    isDegenPair: market.degen === true,
    tags: tagsOf(market),
    listAt: isoSeconds(market.listAt),
    nextOpen: hours.nextOpen,
    nextClose: hours.nextClose,
    // The structure of a schedule is not documented: markets with trading hours show an empty object.
    schedule: market.hours === 'always' ? null : {},
    priceDisplayDecimals: market.decimals,
    status: market.status,
    minHoldingSeconds: market.minHoldingSeconds ?? 0,
    holdingTimeThresholdSizeUSD: '0',
    feedPriceFeedId: market.feedId,
    feedProPriceFeedId: market.proFeedId,
    feedSymbol: market.feedSymbol,
    volume: quantityText(volume.qty),
    volumeUSD: usdText(volume.usd),
  };
}

export function listPairs(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  const symbol = typeof values.symbol === 'string' ? values.symbol.toUpperCase() : undefined;
  const tags = (values.tags as string[] | undefined)?.map((tag) => tag.toLowerCase());
  // No market trades on a chain the sandbox holds no data for.
  const markets = onChain(values.block_chain) ? context.world.markets : [];
  const listed = markets.filter(
    (market) =>
      (values.is_ready_to_display === false || market.ready) &&
      (symbol === undefined || market.symbol === symbol) &&
      (tags === undefined || tags.length === 0 || tagsOf(market).some((tag) => tags.includes(tag))),
  );
  const range = values.volume_time_range as Timeframe;
  return ok(
    paginate(listed.length, values.page as number, values.size as number, (from, to) =>
      listed.slice(from, to).map((market) => pairView(context, market, range)),
    ),
  );
}

/** A market's volume over a range; a pair the world does not trade (or another chain) has traded nothing. */
function pairVolume(context: Context, base: string, range: Timeframe, chain: unknown): SandboxAnswer {
  const market = onChain(chain) ? context.world.market(base) : undefined;
  if (!market) return ok({ pairBase: base, volume: '0', volumeUSD: '0', period: range });
  const volume = (context.world.pairVolumes[market.index] as Record<Timeframe, { qty: bigint; usd: bigint }>)[range];
  return ok({ pairBase: market.base, volume: quantityText(volume.qty), volumeUSD: usdText(volume.usd), period: range });
}

export function getPairVolume(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  return pairVolume(context, values.pairBase as string, values.range as Timeframe, values.block_chain);
}

export function getPairCumulativeVolume(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  return pairVolume(context, values.pairBase as string, 'ALL', values.block_chain);
}

function instant(name: string, text: string, allowDate: boolean): number {
  const seconds = parseInstant(text) ?? (allowDate ? parseDate(text) : undefined);
  if (seconds === undefined)
    throw badRequest(
      `${name} must be an ISO-8601 date-time with its offset, such as 2026-11-14T00:00:00Z, not ${shown(text)}`,
    );
  return seconds;
}

interface DayRow {
  address: string;
  date: string;
  openCount: number;
  closeCount: number;
  openVolume: bigint;
  closeVolume: bigint;
}

type UserDailyVolume = components['schemas']['UserDailyVolume'];

/** The rows of the trades in [from, to), which lie within one UTC day, by address. */
function dayRows(context: Context, from: number, to: number): UserDailyVolume[] {
  const rows = new Map<string, DayRow>();
  const { traders } = context.world;
  const date = utcDate(from);
  for (const trade of context.world.trades().between(from, to)) {
    const trader = traders[trade.position.trader];
    if (!trader) continue;
    let row = rows.get(trader.address);
    if (!row) {
      row = { address: trader.address, date, openCount: 0, closeCount: 0, openVolume: 0n, closeVolume: 0n };
      rows.set(trader.address, row);
    }
    const { usd } = tradeAmounts(trade);
    if (trade.opening) {
      row.openCount += 1;
      row.openVolume += usd;
    } else {
      row.closeCount += 1;
      row.closeVolume += usd;
    }
  }
  return [...rows.values()]
    .sort((a, b) => (a.address < b.address ? -1 : 1))
    .map((row) => ({
      userAddress: row.address,
      tradeDate: row.date,
      dailyVolume: usdText(row.openVolume + row.closeVolume),
      openCount: row.openCount,
      closeCount: row.closeCount,
      openVolume: usdText(row.openVolume),
      closeVolume: usdText(row.closeVolume),
    }));
}

/** Whole UTC days are kept once computed (the world does not change), a bounded number of them. */
const KEPT_DAYS = 64;

export function listUserDailyVolumes(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  const from = instant('startTime', values.startTime as string, false);
  const to = instant('endTime', values.endTime as string, false);
  if (to < from) throw badRequest('endTime is before startTime: the range holds no instant');
  const rows: UserDailyVolume[] = [];
  const { trades } = context.world.trades();
  if (!onChain(values.chains) || trades.length === 0) return ok(rows);
  // Any range is served: days without trades have no rows, so the walk runs only over the days that hold
  // some (at most the world's history), however wide the range.
  const firstDay = Math.floor((trades[0] as Trade).time / DAY) * DAY;
  const last = Math.min(to, (trades[trades.length - 1] as Trade).time + 1);
  const days = cached(context, 'user-daily-volumes', () => new Map<number, UserDailyVolume[]>());
  for (let day = Math.max(Math.floor(from / DAY) * DAY, firstDay); day < last; day += DAY) {
    const start = Math.max(day, from);
    const end = Math.min(day + DAY, to);
    if (start > day || end < day + DAY) {
      rows.push(...dayRows(context, start, end));
      continue;
    }
    let whole = days.get(day);
    if (!whole) {
      if (days.size >= KEPT_DAYS) days.clear();
      whole = dayRows(context, day, day + DAY);
      days.set(day, whole);
    }
    rows.push(...whole);
  }
  return ok(rows);
}

function sum(trades: readonly Trade[]): { vol: string; usdVol: string } {
  let qty = 0n;
  let usd = 0n;
  for (const trade of trades) {
    const amounts = tradeAmounts(trade);
    qty += amounts.qty;
    usd += amounts.usd;
  }
  return { vol: quantityText(qty), usdVol: usdText(usd) };
}

export function getProtocolVolumeByDate(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  const from =
    values.startTime === undefined ? Number.NEGATIVE_INFINITY : instant('startTime', values.startTime as string, true);
  const to = values.endTime === undefined ? context.world.now + 1 : instant('endTime', values.endTime as string, true);
  if (to < from) throw badRequest('endTime is before startTime');
  return ok(sum(context.world.trades().between(from, to)));
}

export function getProtocolVolumeAllTime(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  if (!onChain(values.chains)) return ok({ vol: '0', usdVol: '0' });
  return ok(cached(context, 'protocol-volume', () => sum(context.world.trades().trades)));
}
