// The markets (pairs) of the world and their prices: one hourly price series per market, walked back from
// its current price (the cast's prices for BTC, ETH, MON and AAPL), and the current quote of each market.
import type { components } from '@trading-analytics/types';
import { hashText, Random } from '../random.js';
import { DAY, HOUR } from '../time.js';

type PairType = components['schemas']['PairType'];
type PairStatus = components['schemas']['PairStatus'];
/** Every market of the world has an oracle. */
type OracleKind = Exclude<components['schemas']['OracleKind'], 'NONE'>;
/** When a market trades: around the clock, the US equity session, or the FX/commodities week. */
export type Hours = 'always' | 'us-session' | 'fx-week';

interface MarketSpec {
  readonly symbol: string;
  readonly pairType: PairType;
  /** Current price in USD, as text (exact). */
  readonly price: string;
  readonly decimals: number;
  /** Hourly volatility of the walk, a fraction. */
  readonly volatility: number;
  readonly base?: string;
  readonly feedId?: string;
  readonly degen?: boolean;
  readonly status?: PairStatus;
  /** Seconds before now at which the status began; opens stop then (and closes too for CLOSE). */
  readonly statusSince?: number;
  readonly ready?: boolean;
  /** Seconds before now at which the market was listed. */
  readonly listedAgo: number;
  readonly oracle?: OracleKind;
  readonly proFeed?: boolean;
  /** Seconds before now since which the market's quotes have not been published. */
  readonly staleFor?: number;
  /** Fixed price points, by hours before now (the cast's historical prices). */
  readonly pins?: Readonly<Record<number, string>>;
  readonly minHoldingSeconds?: number;
}

/** How often traders pick each market, relative to the others (2 for a market not listed here). */
const TRADING_WEIGHTS: Readonly<Record<string, number>> = {
  BTC: 24,
  ETH: 16,
  SOL: 7,
  MON: 7,
  AAPL: 4,
  DOGE: 4,
  PEPE: 3,
};

/** 2025-11-24T00:00:00Z, seen from the default now. */
const LISTED_A_YEAR_AGO = 362 * DAY + 12 * HOUR;

/** The catalog: the cast's four markets first, then the world's others, covering every type and status. */
const MARKET_SPECS: readonly MarketSpec[] = [
  {
    symbol: 'BTC',
    pairType: 'CRYPTO',
    price: '97250.5',
    decimals: 2,
    volatility: 0.0045,
    base: '0xbd1f3e2c8a4d6b7e9f0a1c2d3e4f5a6b7c8d9e0f',
    feedId: '0x5a3f9b1c7d2e8a4f6b0c9d1e3f5a7b9c2d4e6f8a0b1c3d5e7f9a2b4c6d8e0f1a',
    listedAgo: LISTED_A_YEAR_AGO,
    pins: { 6: '96904.75', 24: '95812' },
  },
  {
    symbol: 'ETH',
    pairType: 'CRYPTO',
    price: '3412.25',
    decimals: 2,
    volatility: 0.006,
    base: '0xe7a2c4d6f8b0a1c3e5d7f9b1a3c5e7d9f1b3a5c7',
    feedId: '0x8e1d3c5b7a9f0e2d4c6b8a0f1e3d5c7b9a2f4e6d8c0b1a3f5e7d9c2b4a6f8e0d',
    listedAgo: LISTED_A_YEAR_AGO,
  },
  {
    symbol: 'MON',
    pairType: 'CRYPTO',
    price: '0.0312',
    decimals: 4,
    volatility: 0.012,
    degen: true,
    base: '0x6d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f7a8b9c0',
    feedId: '0x7b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c6e8b0d1f3a5c7e9b2d',
    listedAgo: LISTED_A_YEAR_AGO,
    minHoldingSeconds: 60,
  },
  {
    symbol: 'AAPL',
    pairType: 'STOCKS',
    price: '228.14',
    decimals: 2,
    volatility: 0.003,
    base: '0xa1a2a3a4a5a6a7a8a9b0b1b2b3b4b5b6b7b8b9c0',
    feedId: '0x3c7e9a1b5d2f4c6e8a0b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c4e6b8d1f3a5c',
    listedAgo: 264 * DAY + 12 * HOUR,
  },
  { symbol: 'SOL', pairType: 'CRYPTO', price: '182.4', decimals: 2, volatility: 0.008, listedAgo: LISTED_A_YEAR_AGO },
  { symbol: 'BNB', pairType: 'CRYPTO', price: '648.1', decimals: 2, volatility: 0.005, listedAgo: 300 * DAY },
  { symbol: 'XRP', pairType: 'CRYPTO', price: '2.314', decimals: 4, volatility: 0.007, listedAgo: 300 * DAY },
  {
    symbol: 'DOGE',
    pairType: 'CRYPTO',
    price: '0.38215',
    decimals: 5,
    volatility: 0.01,
    degen: true,
    listedAgo: 250 * DAY,
    minHoldingSeconds: 60,
  },
  {
    symbol: 'PEPE',
    pairType: 'CRYPTO',
    price: '0.00001834',
    decimals: 8,
    volatility: 0.015,
    degen: true,
    oracle: 'DEX_ORACLE',
    staleFor: 3 * HOUR + 17 * 60,
    listedAgo: 200 * DAY,
    minHoldingSeconds: 120,
  },
  {
    symbol: 'ARB',
    pairType: 'CRYPTO',
    price: '0.7421',
    decimals: 4,
    volatility: 0.008,
    status: 'REDUCE_ONLY',
    statusSince: 10 * DAY,
    listedAgo: 330 * DAY,
  },
  {
    symbol: 'FTM',
    pairType: 'CRYPTO',
    price: '0.512',
    decimals: 4,
    volatility: 0.009,
    status: 'CLOSE',
    statusSince: 30 * DAY,
    listedAgo: 340 * DAY,
  },
  {
    symbol: 'HYPE',
    pairType: 'CRYPTO',
    price: '27.85',
    decimals: 3,
    volatility: 0.01,
    ready: false,
    listedAgo: 10 * HOUR,
  },
  {
    symbol: 'TSLA',
    pairType: 'STOCKS',
    price: '342.56',
    decimals: 2,
    volatility: 0.005,
    listedAgo: 264 * DAY + 12 * HOUR,
  },
  { symbol: 'NVDA', pairType: 'STOCKS', price: '187.23', decimals: 2, volatility: 0.005, listedAgo: 200 * DAY },
  {
    symbol: 'EUR',
    pairType: 'FOREX',
    price: '1.0842',
    decimals: 5,
    volatility: 0.0008,
    proFeed: true,
    listedAgo: 280 * DAY,
  },
  {
    symbol: 'GBP',
    pairType: 'FOREX',
    price: '1.2731',
    decimals: 5,
    volatility: 0.0009,
    proFeed: true,
    listedAgo: 280 * DAY,
  },
  {
    symbol: 'AUD',
    pairType: 'FOREX',
    price: '0.6512',
    decimals: 5,
    volatility: 0.001,
    proFeed: true,
    listedAgo: 150 * DAY,
  },
  { symbol: 'SPX', pairType: 'INDICES', price: '6021.5', decimals: 1, volatility: 0.0025, listedAgo: 220 * DAY },
  { symbol: 'NDX', pairType: 'INDICES', price: '21342.8', decimals: 1, volatility: 0.003, listedAgo: 220 * DAY },
  { symbol: 'XAU', pairType: 'COMMODITIES', price: '2655.3', decimals: 2, volatility: 0.002, listedAgo: 260 * DAY },
  { symbol: 'XAG', pairType: 'COMMODITIES', price: '31.245', decimals: 3, volatility: 0.004, listedAgo: 260 * DAY },
  { symbol: 'WTI', pairType: 'COMMODITIES', price: '69.84', decimals: 2, volatility: 0.004, listedAgo: 180 * DAY },
];

/** Seconds between the cast markets' last quote and now, so Ava's valuation shows the example's priceAsOf. */
const CAST_LAGS: Readonly<Record<string, number>> = { BTC: 9, ETH: 2, MON: 4, AAPL: 6 };

/** Prices are kept as integers of 1e-8 USD (exact in a double); 1e18-scaled text is that times 1e10. */
const PRICE_UNIT_DECIMALS = 8;
const UNITS_PER_DOLLAR = 100_000_000;

export interface Market extends MarketSpec {
  readonly index: number;
  readonly base: string;
  readonly pairName: string;
  readonly feedId: string;
  readonly proFeedId: string | null;
  readonly feedSymbol: string;
  readonly oracle: OracleKind;
  /** The DEX oracle's address for a DEX-priced market, else null. */
  readonly oracleAddress: string | null;
  readonly status: PairStatus;
  readonly ready: boolean;
  readonly hours: Hours;
  readonly listAt: number;
  /** Opens are possible until this instant (the status change), closes until `closesUntil`. */
  readonly opensUntil: number;
  readonly closesUntil: number;
  /** Hourly prices (1e-8 USD) from `seriesStart`, one per hour up to now's hour. */
  readonly series: Float64Array;
  readonly seriesStart: number;
  /** The same prices scaled by 1e18, each converted when first read (see price18At). */
  readonly series18: (bigint | undefined)[];
  /** Time the current quote was published. */
  readonly publishTime: number;
  /** Holding fee per second, scaled 1e18 (the sandbox's reading of `holdingFeeRate`). */
  readonly holdingFeeRate: bigint;
  /** Funding paid by longs per second (received by shorts), scaled 1e18; negative when longs receive. */
  readonly fundingRate: bigint;
  /** How often traders pick it, relative to the other markets. */
  readonly weight: number;
}

function priceUnits(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return (
    Number(whole) * UNITS_PER_DOLLAR + Number(fraction.padEnd(PRICE_UNIT_DECIMALS, '0').slice(0, PRICE_UNIT_DECIMALS))
  );
}

/** A stable 20-byte address for a market of the catalog without a cast address. */
function catalogAddress(label: string): string {
  return `0x${new Random(hashText(label), 'catalog').hex(20)}`;
}

const hoursOf = (type: PairType): Hours =>
  type === 'CRYPTO' ? 'always' : type === 'STOCKS' || type === 'INDICES' ? 'us-session' : 'fx-week';

/** Builds the markets for a seed and a now (Unix seconds); the history reaches `historySeconds` back. */
export function buildMarkets(seed: number, now: number, historySeconds: number): Market[] {
  const nowHour = Math.floor(now / HOUR) * HOUR;
  return MARKET_SPECS.map((spec, index) => {
    const random = new Random(seed, `market:${spec.symbol}`);
    const listAt = now - spec.listedAgo;
    const seriesStart = Math.max(Math.ceil(listAt / HOUR) * HOUR, nowHour - Math.floor(historySeconds / HOUR) * HOUR);
    const points = Math.max(1, (nowHour - seriesStart) / HOUR + 1);
    const series = walkBack(random, priceUnits(spec.price), points, spec.volatility, spec.pins);
    const staleIndex = spec.staleFor === undefined ? -1 : Math.max(0, points - 1 - Math.ceil(spec.staleFor / HOUR));
    if (staleIndex >= 0) series.fill(series[points - 1] as number, staleIndex);
    const status = spec.status ?? 'AVAILABLE';
    const statusAt = now - (spec.statusSince ?? 0);
    const lag = CAST_LAGS[spec.symbol] ?? random.int(1, 12);
    const yearly = spec.degen ? 6_341_958_396n : 3_170_979_198n;
    const fundingMagnitude = BigInt(random.int(200_000_000, 1_500_000_000));
    // Every field written out, in one order, so all markets share one hidden class: the world's build reads
    // them for every position drawn, and a spread of specs with different optional fields would give each
    // market its own shape and every such read a slow megamorphic lookup.
    return {
      symbol: spec.symbol,
      pairType: spec.pairType,
      price: spec.price,
      decimals: spec.decimals,
      volatility: spec.volatility,
      degen: spec.degen,
      statusSince: spec.statusSince,
      listedAgo: spec.listedAgo,
      proFeed: spec.proFeed,
      staleFor: spec.staleFor,
      pins: spec.pins,
      minHoldingSeconds: spec.minHoldingSeconds,
      index,
      base: spec.base ?? catalogAddress(`pair:${spec.symbol}`),
      pairName: `${spec.symbol}/USD`,
      feedId: spec.feedId ?? `0x${new Random(hashText(`feed:${spec.symbol}`), 'catalog').hex(32)}`,
      proFeedId: spec.proFeed ? `0x${new Random(hashText(`pro:${spec.symbol}`), 'catalog').hex(32)}` : null,
      feedSymbol: `${spec.pairType === 'CRYPTO' ? 'Crypto' : spec.pairType === 'STOCKS' ? 'Equity.US' : spec.pairType === 'FOREX' ? 'FX' : spec.pairType === 'INDICES' ? 'Index' : 'Metal'}.${spec.symbol}/USD`,
      oracle: spec.oracle ?? (spec.proFeed ? 'FEED_PRO' : 'FEED_CORE'),
      oracleAddress: spec.oracle === 'DEX_ORACLE' ? catalogAddress(`oracle:${spec.symbol}`) : null,
      status,
      ready: spec.ready ?? true,
      hours: hoursOf(spec.pairType),
      listAt,
      opensUntil: status === 'AVAILABLE' ? now : statusAt,
      closesUntil: status === 'CLOSE' ? statusAt : now,
      series,
      seriesStart,
      series18: new Array(points),
      publishTime: spec.staleFor === undefined ? now - lag : now - spec.staleFor,
      holdingFeeRate: yearly,
      fundingRate: random.chance(0.7) ? fundingMagnitude : -fundingMagnitude,
      weight: TRADING_WEIGHTS[spec.symbol] ?? 2,
    };
  });
}

/**
 * A price series of `points` hourly values ending at `current`, walked backwards with multiplicative steps.
 * Pinned points (hours before the end) are met exactly by stretching the walk between them.
 */
function walkBack(
  random: Random,
  current: number,
  points: number,
  volatility: number,
  pins?: Readonly<Record<number, string>>,
): Float64Array {
  // One uniform draw per hour, scaled to unit variance: a walk needs no bell curve, and it is four times cheaper.
  const draws = random.uniforms(points - 1);
  // Each anchor: [index, target price]; between two anchors the walk is stretched by a linear factor.
  const anchors: [number, number][] = [[points - 1, current]];
  for (const [hours, text] of Object.entries(pins ?? {})) {
    const index = points - 1 - Number(hours);
    if (index >= 0) anchors.push([index, priceUnits(text)]);
  }
  const series = new Float64Array(points);
  series[points - 1] = current;
  if (anchors.length === 1) {
    // Only the current price: the stretch factor is current / current, exactly 1, so the walk stands as drawn
    // and is rounded as it goes.
    let price = current;
    for (let index = points - 2, drawn = 0; index >= 0; index -= 1, drawn += 1) {
      price *= 1 - ((draws[drawn] as number) * 2 - 1) * 1.7320508075688772 * volatility;
      series[index] = Math.max(1, Math.round(price));
    }
    return series;
  }
  const raw = new Float64Array(points);
  raw[points - 1] = current;
  for (let index = points - 2, drawn = 0; index >= 0; index -= 1, drawn += 1) {
    const step = ((draws[drawn] as number) * 2 - 1) * 1.7320508075688772 * volatility;
    raw[index] = (raw[index + 1] as number) * (1 - step);
  }
  anchors.sort((a, b) => b[0] - a[0]);
  const factors = anchors.map(([index, target]) => target / (raw[index] as number));
  for (let index = 0; index < points; index += 1) {
    let factor = factors[factors.length - 1] as number;
    for (let at = 0; at + 1 < anchors.length; at += 1) {
      const upper = (anchors[at] as [number, number])[0];
      const lower = (anchors[at + 1] as [number, number])[0];
      if (index <= upper && index >= lower) {
        const lowerFactor = factors[at + 1] as number;
        factor = lowerFactor + (((factors[at] as number) - lowerFactor) * (index - lower)) / (upper - lower);
        break;
      }
    }
    series[index] = Math.max(1, Math.round((raw[index] as number) * factor));
  }
  for (const [index, target] of anchors) series[index] = target;
  return series;
}

/** The market's price (1e-8 USD units) at an instant: the last hourly snapshot at or before it. */
export function priceAt(market: Market, seconds: number): number {
  const index = Math.min(market.series.length - 1, Math.max(0, Math.floor((seconds - market.seriesStart) / HOUR)));
  return market.series[index] as number;
}

/** The same price scaled by 1e18, as the contract carries prices. */
export function price18(units: number): bigint {
  return BigInt(units) * UNIT_TO_E18;
}

const UNIT_TO_E18 = 10n ** BigInt(18 - PRICE_UNIT_DECIMALS);

/** The market's price at an instant scaled by 1e18, each hourly value converted once. */
export function price18At(market: Market, seconds: number): bigint {
  const index = Math.min(market.series.length - 1, Math.max(0, Math.floor((seconds - market.seriesStart) / HOUR)));
  let value = market.series18[index];
  if (value === undefined) {
    value = price18(market.series[index] as number);
    market.series18[index] = value;
  }
  return value;
}
