// The world: everything the sandbox answers from, built once from a seed and a `now`, and never changed
// afterwards (the joins live beside it, in the sandbox). Costly views are computed on first use and kept.
import { DAY } from '../time.js';
import { buildCompetitions, type Competition } from './competitions.js';
import { buildMarkets, type Market } from './markets.js';
import { Rankings, TIMEFRAMES, type Timeframe, timeframeWindow } from './rankings.js';
import { buildApySeries, buildStakes, type StakedPortfolio } from './staking.js';
import { buildTeams, type Team } from './teams.js';
import { buildTraders, type Population, type Trader, type WorldFrame } from './traders.js';
import { TradeLog } from './trades.js';

/** How far back trading goes. */
const HISTORY_DAYS = 120;

export interface Volume {
  qty: bigint;
  usd: bigint;
}

export class World {
  readonly seed: number;
  readonly now: number;
  readonly historyStart: number;
  readonly markets: readonly Market[];
  readonly traders: readonly Trader[];
  readonly competitions: readonly Competition[];
  readonly teams: readonly Team[];
  readonly stakes: ReadonlyMap<number, StakedPortfolio>;
  readonly apy: Int32Array;
  readonly rankings: Rankings;
  private readonly traderIndex: Map<string, number>;
  private readonly marketIndex: Map<string, Market>;
  private tradeLog: TradeLog | undefined;
  private volumes: Record<Timeframe, Volume>[] | undefined;

  constructor(seed: number, now: number) {
    this.seed = seed;
    this.now = now;
    this.historyStart = now - HISTORY_DAYS * DAY;
    this.markets = buildMarkets(seed, now, HISTORY_DAYS * DAY);
    this.marketIndex = new Map(this.markets.map((market) => [market.base.toLowerCase(), market]));
    const mon = this.markets.find((market) => market.symbol === 'MON') as Market;
    const frame: WorldFrame = {
      seed,
      now,
      historyStart: this.historyStart,
      markets: this.markets,
      pricing: { mon, now },
    };
    this.traders = buildTraders(frame);
    this.traderIndex = new Map(this.traders.map((trader) => [trader.address, trader.index]));
    this.rankings = new Rankings(this.traders, now);
    const population: Population = { seed, now, traders: this.traders, indexOf: this.traderIndex };
    this.competitions = buildCompetitions(population);
    this.teams = buildTeams(population);
    this.stakes = buildStakes(seed, this.traders);
    this.apy = buildApySeries(seed);
  }

  /** Per market (by index), per timeframe: the volume traded; added up on first use. */
  get pairVolumes(): readonly Readonly<Record<Timeframe, Volume>>[] {
    this.volumes ??= this.buildPairVolumes();
    return this.volumes;
  }

  /** A trader by address (any case); undefined for an address the world does not know. */
  trader(address: string): Trader | undefined {
    const index = this.traderIndex.get(address.toLowerCase());
    return index === undefined ? undefined : this.traders[index];
  }

  /** A market by its pair base address (any case). */
  market(base: string): Market | undefined {
    return this.marketIndex.get(base.toLowerCase());
  }

  /** The block holding an instant: blocks are 0.4 s apart, and the block 2 s before now is 41,250,313. */
  blockAt(seconds: number): number {
    return Math.max(0, 41_250_313 + Math.floor(((seconds - (this.now - 2)) * 5) / 2));
  }

  trades(): TradeLog {
    this.tradeLog ??= new TradeLog(this.traders);
    return this.tradeLog;
  }

  private buildPairVolumes(): Record<Timeframe, Volume>[] {
    const volumes = this.markets.map(
      () =>
        Object.fromEntries(TIMEFRAMES.map((timeframe) => [timeframe, { qty: 0n, usd: 0n }])) as Record<
          Timeframe,
          Volume
        >,
    );
    const windows = TIMEFRAMES.map((timeframe) => [timeframe, timeframeWindow(timeframe, this.now)] as const);
    for (const trader of this.traders) {
      for (const position of trader.positions) {
        const byWindow = volumes[position.market.index] as Record<Timeframe, Volume>;
        for (const [timeframe, window] of windows) {
          const volume = byWindow[timeframe];
          if (position.openTime >= window.from && position.openTime <= window.to) {
            volume.qty += position.qty;
            volume.usd += position.openNotionalUsd;
          }
          const closed = position.closeTime;
          if (closed !== undefined && closed >= window.from && closed <= window.to) {
            volume.qty += position.qty;
            volume.usd += position.closeNotionalUsd;
          }
        }
      }
    }
    return volumes;
  }
}
