// The timeline of a seed: everything the world is made of, as a function of the seed and of time alone. It
// never changes and never looks at a world's now; every world of a sandbox (the default one and the named
// ones) reads the same timeline, and a view (../view/) picks what it holds at an instant. What is costly to
// draw is drawn on first use and kept: the price blocks of each market, and the segments of trader activity,
// the latest read kept up to KEPT_SEGMENTS.
import { type Drawing, LONGEST_HOLD, segmentOf, segmentPositions } from './activity.js';
import { buildCompetitions, type Competition } from './competitions.js';
import { OpenableMarkets } from './draws.js';
import { buildMarkets, type Market } from './markets.js';
import { type Position, positionHash } from './positions.js';
import { buildScript, byOpenTime, type Script } from './script.js';
import { ApySeries, buildStakes, type StakedPortfolio } from './staking.js';
import { buildTeams, epochStart, type Team, volumeBetween } from './teams.js';
import { buildPopulation, type Trader } from './traders.js';

/** Segments of activity kept: a view reads five; a few views of a sandbox's worlds at once share them. */
const KEPT_SEGMENTS = 24;
/** Segments whose positions are indexed by hash (for closes through the control): the two a close looks in. */
const KEPT_HASH_SEGMENTS = 4;
/** Traders' volumes of whole past epochs kept (the teams' 460 traders over a year of epochs). */
const KEPT_EPOCH_VOLUMES = 32_768;

export class Timeline {
  readonly markets: readonly Market[];
  readonly mon: Market;
  readonly traders: readonly Trader[];
  readonly competitions: readonly Competition[];
  readonly teams: readonly Team[];
  readonly stakes: ReadonlyMap<number, StakedPortfolio>;
  readonly apy: ApySeries;
  readonly script: Script;
  private readonly traderIndex: Map<string, number>;
  private readonly marketIndex: Map<string, Market>;
  private readonly drawing: Drawing;
  /** Per segment, per trader (by index): the positions opened in it, drawn on first read. */
  private readonly segments = new Map<number, (readonly Position[] | undefined)[]>();
  private readonly epochVolumes = new Map<string, bigint>();
  /** Per segment: the trader of each position by hash, made when a position is first looked up by hash. */
  private readonly hashes = new Map<number, Map<string, number>>();

  constructor(readonly seed: number) {
    this.markets = buildMarkets(seed);
    this.marketIndex = new Map(this.markets.map((market) => [market.base.toLowerCase(), market]));
    this.mon = this.markets.find((market) => market.symbol === 'MON') as Market;
    this.traders = buildPopulation(seed);
    this.traderIndex = new Map(this.traders.map((trader) => [trader.address, trader.index]));
    const pricing = { mon: this.mon };
    this.script = buildScript(seed, this.markets, pricing);
    this.drawing = {
      seed,
      markets: new OpenableMarkets(this.markets),
      smallMarkets: new OpenableMarkets(this.markets.filter((market) => ['BTC', 'ETH', 'SOL'].includes(market.symbol))),
      pricing,
      script: this.script,
    };
    this.competitions = buildCompetitions(seed, this.traders, this.traderIndex);
    this.teams = buildTeams(seed, this.traders, this.traderIndex);
    this.stakes = buildStakes(seed, this.traders);
    this.apy = new ApySeries(seed);
  }

  /** A trader's index by address (lowercase); undefined for an address the timeline does not know. */
  indexOf(address: string): number | undefined {
    return this.traderIndex.get(address);
  }

  /** A market by its pair base address (any case). */
  market(base: string): Market | undefined {
    return this.marketIndex.get(base.toLowerCase());
  }

  /** The positions a trader opened in a segment, oldest first. */
  private segment(trader: Trader, segment: number): readonly Position[] {
    let byTrader = this.segments.get(segment);
    if (byTrader) {
      this.segments.delete(segment);
      this.segments.set(segment, byTrader);
    } else {
      if (this.segments.size >= KEPT_SEGMENTS) this.segments.delete(this.segments.keys().next().value as number);
      byTrader = new Array(this.traders.length);
      this.segments.set(segment, byTrader);
    }
    let positions = byTrader[trader.index];
    if (!positions) {
      positions = segmentPositions(this.drawing, trader, segment);
      byTrader[trader.index] = positions;
    }
    return positions;
  }

  /** Every position of a trader opened in [from, to], oldest first: their own draws and the cast's script. */
  openedBetween(trader: Trader, from: number, to: number): Position[] {
    const opened: Position[] = [];
    for (let segment = segmentOf(from); segment <= segmentOf(to); segment += 1) {
      for (const position of this.segment(trader, segment))
        if (position.openTime >= from && position.openTime <= to) opened.push(position);
    }
    const script = this.script.positions.get(trader.index);
    if (!script) return opened;
    for (const position of script) if (position.openTime >= from && position.openTime <= to) opened.push(position);
    return opened.sort(byOpenTime);
  }

  /**
   * The USD (1e18) a trader traded in an epoch on the timeline, counting trades from `since`: what a view counts
   * for epochs older than its history (a world's own trades reach back no further than that).
   */
  epochVolume(trader: number, since: number, epoch: number): bigint {
    const key = `${trader}:${since}:${epoch}`;
    let usd = this.epochVolumes.get(key);
    if (usd !== undefined) return usd;
    const start = epochStart(epoch);
    const end = epochStart(epoch + 1);
    const positions = this.openedBetween(this.traders[trader] as Trader, start - LONGEST_HOLD, end - 1);
    usd = volumeBetween(positions, since, start, end);
    if (this.epochVolumes.size >= KEPT_EPOCH_VOLUMES) this.epochVolumes.clear();
    this.epochVolumes.set(key, usd);
    return usd;
  }

  /** The trader of the timeline position with this hash among those opened in [from, to], if any. */
  findPosition(hash: string, from: number, to: number): { trader: number } | undefined {
    for (const [trader, positions] of this.script.positions)
      if (positions.some((position) => positionHash(position) === hash)) return { trader };
    for (let segment = segmentOf(from); segment <= segmentOf(to); segment += 1) {
      let byHash = this.hashes.get(segment);
      if (!byHash) {
        byHash = new Map();
        for (const trader of this.traders)
          for (const position of this.segment(trader, segment)) byHash.set(positionHash(position), trader.index);
        if (this.hashes.size >= KEPT_HASH_SEGMENTS) this.hashes.delete(this.hashes.keys().next().value as number);
        this.hashes.set(segment, byHash);
      }
      const trader = byHash.get(hash);
      if (trader !== undefined) return { trader };
    }
    return undefined;
  }
}
