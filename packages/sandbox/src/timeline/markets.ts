// The markets (pairs) of the world, fixed on the timeline: when each was listed, changed status or stopped
// being quoted, and its price at any instant. Times in the catalog are offsets before the anchor (the default
// now, 2026-11-21T12:00:00Z), where the cast's prices hold exactly; prices before and after it come from a
// seeded series that can be read at any hour without walking to it (bridge.ts).
import type { components } from '@trading-analytics/types';
import { CAST_NOW } from '../cast.js';
import { hashText, Random } from '../random.js';
import { DAY, HOUR } from '../time.js';
import { Bridge, growth, hashAt, kept, uniformAt } from './bridge.js';

type PairType = components['schemas']['PairType'];
export type PairStatus = components['schemas']['PairStatus'];
/** Every market of the world has an oracle. */
type OracleKind = Exclude<components['schemas']['OracleKind'], 'NONE'>;
/** When a market trades: around the clock, the US equity session, or the FX/commodities week. */
export type Hours = 'always' | 'us-session' | 'fx-week';

interface MarketSpec {
  readonly symbol: string;
  readonly pairType: PairType;
  /** The price at the anchor in USD, as text (exact). */
  readonly price: string;
  readonly decimals: number;
  /** Hourly volatility of the price, a fraction. */
  readonly volatility: number;
  readonly base?: string;
  readonly feedId?: string;
  readonly degen?: boolean;
  /** A status the market takes `statusSince` seconds before the anchor (AVAILABLE until then). */
  readonly status?: PairStatus;
  readonly statusSince?: number;
  /** Not ready to display until this long after its listing. */
  readonly readyAfter?: number;
  /** Seconds before the anchor at which the market was listed. */
  readonly listedAgo: number;
  readonly oracle?: OracleKind;
  readonly proFeed?: boolean;
  /** Seconds before the anchor since which the market's quotes have not been published. */
  readonly staleFor?: number;
  /** Fixed hourly prices, by hours before the anchor (the cast's historical prices). */
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

/** 2025-11-24T00:00:00Z, a year before the anchor. */
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
    readyAfter: 2 * DAY,
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

/** Seconds between the cast markets' last quote and the anchor, so Ava's valuation shows the example's priceAsOf. */
const CAST_LAGS: Readonly<Record<string, number>> = { BTC: 9, ETH: 2, MON: 4, AAPL: 6 };

/** Prices are kept as integers of 1e-8 USD (exact in a double); 1e18-scaled text is that times 1e10. */
const PRICE_UNIT_DECIMALS = 8;
const UNITS_PER_DOLLAR = 100_000_000;
const UNIT_TO_E18 = 10n ** BigInt(18 - PRICE_UNIT_DECIMALS);
/** The hour of the anchor, where every market's hourly price is its catalog price. */
const ANCHOR_HOUR = CAST_NOW / HOUR;
/** Hours before the anchor over which the pinned prices are blended into the series. */
const PIN_REACH = 48;
/** Hours per block of the price series (about 170 days): how far a price wanders before it comes back. */
const PRICE_BLOCK = 4096;
/** Hours computed together, and the runs kept per market: a view's 150 days are 15 runs. */
const HOUR_RUN = 256;
const KEPT_HOUR_RUNS = 24;
/** Leverage every market allows: from 2x to 100x, and to 250x on degen markets (the sandbox's choice). */
const MIN_LEVERAGE = 2;

export interface Market {
  readonly index: number;
  readonly symbol: string;
  readonly pairType: PairType;
  readonly decimals: number;
  readonly degen: boolean;
  readonly minHoldingSeconds: number;
  readonly base: string;
  readonly pairName: string;
  readonly feedId: string;
  readonly proFeedId: string | null;
  readonly feedSymbol: string;
  readonly oracle: OracleKind;
  /** The DEX oracle's address for a DEX-priced market, else null. */
  readonly oracleAddress: string | null;
  readonly hours: Hours;
  readonly listAt: number;
  /** The first hourly price (the first hour at or after the listing). */
  readonly seriesStart: number;
  /** When the status changes from AVAILABLE to `laterStatus` (Infinity: never). */
  readonly statusChangeAt: number;
  readonly laterStatus: PairStatus;
  readonly readyAt: number;
  /** When the quotes stopped (Infinity: they never do). */
  readonly staleAt: number;
  /** Opens are possible until this instant, closes until `closesUntil`. */
  readonly opensUntil: number;
  readonly closesUntil: number;
  /** Seconds between a quote's publication and the instant it is read at. */
  readonly lag: number;
  /** Holding fee per second, scaled 1e18 (the sandbox's reading of `holdingFeeRate`). */
  readonly holdingFeeRate: bigint;
  /** Funding paid by longs per second (received by shorts), scaled 1e18; negative when longs receive. */
  readonly fundingRate: bigint;
  /** How often traders pick it, relative to the other markets. */
  readonly weight: number;
  readonly minLeverage: number;
  readonly maxLeverage: number;
  readonly prices: PriceSeries;
}

/** A market's price at any hour or instant, in units of 1e-8 USD. */
interface PriceSeries {
  hourly(hour: number): number;
  hourly18(hour: number): bigint;
  at(seconds: number): number;
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

const feedFamily: Readonly<Record<PairType, string>> = {
  CRYPTO: 'Crypto',
  STOCKS: 'Equity.US',
  FOREX: 'FX',
  INDICES: 'Index',
  COMMODITIES: 'Metal',
};

/**
 * A market's price at any instant, in units of 1e-8 USD: an hourly series (the catalog price at the anchor
 * hour, the pinned hours exactly, a seeded bridge elsewhere) and, between two hours, a line from one to the
 * next with a seeded tick every second, so a quote read a second later has moved.
 */
class Prices implements PriceSeries {
  private readonly bridge: Bridge;
  private readonly anchorLevel: number;
  private readonly pinned = new Map<number, number>();
  /** Blend factors of the hours before the anchor that lead to a pin. */
  private readonly blend = new Map<number, number>();
  private readonly tickKey: number;
  private readonly tickSize: number;
  /** Hourly prices by run of HOUR_RUN hours, each computed on first read, a bounded number of runs kept. */
  private readonly hourRuns = new Map<number, Float64Array>();
  private lastRun = Number.NaN;
  private lastHours: Float64Array = new Float64Array(0);
  /** The same prices scaled by 1e18, each converted on first read: the timeline's positions read them by the thousand. */
  private readonly runs18 = new Map<number, (bigint | undefined)[]>();
  private lastRun18 = Number.NaN;
  private lastHours18: (bigint | undefined)[] = [];

  constructor(
    seed: number,
    spec: MarketSpec,
    private readonly anchorUnits: number,
    /** The instant whose quote is the catalog price (the anchor's quote), and the hour quotes stopped. */
    private readonly pinnedQuoteAt: number,
  ) {
    const key = hashText(`prices:${spec.symbol}`) ^ seed;
    this.bridge = new Bridge({
      key,
      block: PRICE_BLOCK,
      fine: 256,
      step: spec.volatility,
      spread: spec.volatility * Math.sqrt(PRICE_BLOCK) * 0.7,
    });
    this.anchorLevel = this.bridge.at(ANCHOR_HOUR);
    this.tickKey = hashAt(key, 0x71c);
    this.tickSize = anchorUnits * spec.volatility * 0.2;
    const pins = Object.entries(spec.pins ?? {}).map(([hours, text]) => [
      ANCHOR_HOUR - Number(hours),
      priceUnits(text),
    ]);
    if (pins.length > 0) {
      // Each pin's factor is what turns the series' own price into the pinned one; between two pins (and from
      // PIN_REACH hours before the first, and to the anchor after the last) the factor moves in a line.
      const points: [number, number][] = [
        [ANCHOR_HOUR - PIN_REACH, 1],
        ...pins.map(
          ([hour, units]) => [hour as number, (units as number) / this.free(hour as number)] as [number, number],
        ),
        [ANCHOR_HOUR, 1],
      ];
      points.sort((a, b) => a[0] - b[0]);
      for (let at = 0; at + 1 < points.length; at += 1) {
        const [from, fromFactor] = points[at] as [number, number];
        const [to, toFactor] = points[at + 1] as [number, number];
        for (let hour = from + 1; hour < to; hour += 1)
          this.blend.set(hour, fromFactor + ((toFactor - fromFactor) * (hour - from)) / (to - from));
      }
      for (const [hour, units] of pins) this.pinned.set(hour as number, units as number);
    }
  }

  /** The series' own price at an hour, before any pin. */
  private free(hour: number): number {
    return this.anchorUnits * growth(this.bridge.at(hour) - this.anchorLevel);
  }

  /** The price at an hour (an hour number: Unix seconds / 3600). */
  hourly(hour: number): number {
    const run = Math.floor(hour / HOUR_RUN);
    if (run !== this.lastRun) {
      // Each hour is computed on its first read (NaN until then): a world's positions read a few hours of
      // each run, not all of them.
      this.lastHours = kept(this.hourRuns, run, KEPT_HOUR_RUNS, () => new Float64Array(HOUR_RUN).fill(Number.NaN));
      this.lastRun = run;
    }
    const at = hour - run * HOUR_RUN;
    let price = this.lastHours[at] as number;
    if (Number.isNaN(price)) {
      price = this.computed(hour);
      this.lastHours[at] = price;
    }
    return price;
  }

  /** The price at an hour scaled by 1e18. */
  hourly18(hour: number): bigint {
    const run = Math.floor(hour / HOUR_RUN);
    if (run !== this.lastRun18) {
      this.lastHours18 = kept(this.runs18, run, KEPT_HOUR_RUNS, () => new Array(HOUR_RUN));
      this.lastRun18 = run;
    }
    const at = hour - run * HOUR_RUN;
    let price = this.lastHours18[at];
    if (price === undefined) {
      price = price18(this.hourly(hour));
      this.lastHours18[at] = price;
    }
    return price;
  }

  private computed(hour: number): number {
    if (hour === ANCHOR_HOUR) return this.anchorUnits;
    if (hour < ANCHOR_HOUR - PIN_REACH || hour > ANCHOR_HOUR) return Math.max(1, Math.round(this.free(hour)));
    return this.pinned.get(hour) ?? Math.max(1, Math.round(this.free(hour) * (this.blend.get(hour) ?? 1)));
  }

  /** The price at an instant (Unix seconds). */
  at(seconds: number): number {
    if (seconds === this.pinnedQuoteAt) return this.anchorUnits;
    const hour = Math.floor(seconds / HOUR);
    const into = seconds - hour * HOUR;
    const from = this.hourly(hour);
    if (into === 0) return from;
    const to = this.hourly(hour + 1);
    const fraction = into / HOUR;
    const tick = this.tickSize * (uniformAt(this.tickKey, seconds) * 2 - 1) * 4 * fraction * (1 - fraction);
    return Math.max(1, Math.round(from + (to - from) * fraction + tick));
  }
}

/** Builds the catalog's markets for a seed; they are the same at every instant (only their state at an instant varies). */
export function buildMarkets(seed: number): Market[] {
  return MARKET_SPECS.map((spec, index) => {
    const random = new Random(seed, `market:${spec.symbol}`);
    const listAt = CAST_NOW - spec.listedAgo;
    const staleAt = spec.staleFor === undefined ? Number.POSITIVE_INFINITY : CAST_NOW - spec.staleFor;
    const lag = CAST_LAGS[spec.symbol] ?? random.int(1, 12);
    const statusChangeAt = spec.status === undefined ? Number.POSITIVE_INFINITY : CAST_NOW - (spec.statusSince ?? 0);
    const laterStatus = spec.status ?? 'AVAILABLE';
    const yearly = spec.degen ? 6_341_958_396n : 3_170_979_198n;
    const fundingMagnitude = BigInt(random.int(200_000_000, 1_500_000_000));
    const fundingRate = random.chance(0.7) ? fundingMagnitude : -fundingMagnitude;
    const units = priceUnits(spec.price);
    const pinnedQuoteAt = Number.isFinite(staleAt) ? staleAt : CAST_NOW - lag;
    // Every field written out, in one order, so all markets share one hidden class: the world's build reads
    // them for every position drawn, and a spread of specs with different optional fields would give each
    // market its own shape and every such read a slow megamorphic lookup.
    return {
      index,
      symbol: spec.symbol,
      pairType: spec.pairType,
      decimals: spec.decimals,
      degen: spec.degen === true,
      minHoldingSeconds: spec.minHoldingSeconds ?? 0,
      base: spec.base ?? catalogAddress(`pair:${spec.symbol}`),
      pairName: `${spec.symbol}/USD`,
      feedId: spec.feedId ?? `0x${new Random(hashText(`feed:${spec.symbol}`), 'catalog').hex(32)}`,
      proFeedId: spec.proFeed ? `0x${new Random(hashText(`pro:${spec.symbol}`), 'catalog').hex(32)}` : null,
      feedSymbol: `${feedFamily[spec.pairType]}.${spec.symbol}/USD`,
      oracle: spec.oracle ?? (spec.proFeed ? 'FEED_PRO' : 'FEED_CORE'),
      oracleAddress: spec.oracle === 'DEX_ORACLE' ? catalogAddress(`oracle:${spec.symbol}`) : null,
      hours: hoursOf(spec.pairType),
      listAt,
      seriesStart: Math.ceil(listAt / HOUR) * HOUR,
      statusChangeAt,
      laterStatus,
      readyAt: listAt + (spec.readyAfter ?? 0),
      staleAt,
      opensUntil: Math.min(statusChangeAt, staleAt),
      closesUntil: laterStatus === 'CLOSE' ? statusChangeAt : Number.POSITIVE_INFINITY,
      lag,
      holdingFeeRate: yearly,
      fundingRate,
      weight: TRADING_WEIGHTS[spec.symbol] ?? 2,
      minLeverage: MIN_LEVERAGE,
      maxLeverage: spec.degen ? 250 : 100,
      prices: new Prices(seed, spec, units, pinnedQuoteAt),
    };
  });
}

/** Whether the market is listed at an instant: before its listing it is not part of the world yet. */
export const listedAt = (market: Market, seconds: number): boolean => seconds >= market.listAt;

/** The market's status at an instant. */
export const statusAt = (market: Market, seconds: number): PairStatus =>
  seconds >= market.statusChangeAt ? market.laterStatus : 'AVAILABLE';

/** When the quote read at an instant was published: `lag` seconds earlier, or when the quotes stopped. */
export const publishedAt = (market: Market, seconds: number): number => Math.min(seconds - market.lag, market.staleAt);

/** The market's price (1e-8 USD units) at an instant: the price of the quote read then. */
export function priceAt(market: Market, seconds: number): number {
  return market.prices.at(publishedAt(market, seconds));
}

/** The price snapshot captured at an hour (Unix seconds on the hour): the last quote once the quotes stopped. */
export function hourlyPriceAt(market: Market, seconds: number): number {
  return seconds >= market.staleAt ? market.prices.at(market.staleAt) : market.prices.hourly(seconds / HOUR);
}

/** A price in units scaled by 1e18, as the contract carries prices. */
export function price18(units: number): bigint {
  return BigInt(units) * UNIT_TO_E18;
}

/** The market's price at an instant scaled by 1e18: its quote's (what a trade made through the control gets). */
export function price18At(market: Market, seconds: number): bigint {
  return price18(priceAt(market, seconds));
}

/**
 * The price a position of the timeline trades at, scaled by 1e18: the hourly snapshot of the hour it trades
 * in (a timeline's thousands of trades read an hour's price, kept, rather than a tick each).
 */
export function tradePrice18(market: Market, seconds: number): bigint {
  const hour = Math.floor(seconds / HOUR);
  return hour * HOUR >= market.staleAt ? price18(market.prices.at(market.staleAt)) : market.prices.hourly18(hour);
}
