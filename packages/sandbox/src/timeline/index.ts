// The timeline of a seed: everything the world is made of, as a function of the seed and of time alone. It
// never changes and never looks at a world's now; every world of a sandbox (the default one and the named
// ones) reads the same timeline, and a view (../view/) picks what it holds at an instant. What is costly to
// draw is drawn on first use and kept: the price blocks of each market, and the segments of trader activity,
// the latest read kept up to KEPT_SEGMENTS.
import { type Drawing, LONGEST_HOLD, positionOf, SegmentDraws, segmentOf, segmentStart } from './activity.js';
import { kept } from './bridge.js';
import { buildCompetitions, type Competition } from './competitions.js';
import { OpenableMarkets } from './draws.js';
import { buildMarkets, type Market } from './markets.js';
import { openCopy, type Position, type PositionDraw, positionHash } from './positions.js';
import { buildScript, byOpenTime, type Script } from './script.js';
import { ApySeries, buildStakes, type StakedPortfolio } from './staking.js';
import { buildTeams, epochStart, type Team, volumeBetween } from './teams.js';
import { buildPopulation, type Trader } from './traders.js';

/** Whether an entry of a segment is a made position (a draw has no amounts yet). */
const made = (entry: PositionDraw | Position): entry is Position => (entry as Position).openNotionalUsd !== undefined;

/** Segments of activity kept: a view reads five; a few views of a sandbox's worlds at once share them. */
const KEPT_SEGMENTS = 8;
/** Segments whose positions are indexed by hash (for closes through the control): the two a close looks in. */
const KEPT_HASH_SEGMENTS = 4;
/** Traders' volumes of whole past epochs kept (the teams' 460 traders over a year of epochs). */
const KEPT_EPOCH_VOLUMES = 32_768;

/** A trader's positions as a view at `now` with history from `from` showed them: the same at any instant in [now, until). */
interface Shown {
  readonly from: number;
  readonly now: number;
  /** The first instant it no longer holds at, as far as the segments up to `reach` tell. */
  until: number;
  reach: number;
  readonly positions: readonly Position[];
  /** What views added up from the list (figures by key), kept as long as the list is. */
  readonly derived: Map<string, unknown>;
}

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
  /** Per segment, per trader (by index): what they opened in it, drawn as far as read, each made on first read. */
  private readonly segments = new Map<number, (SegmentDraws | undefined)[]>();
  private readonly epochVolumes = new Map<string, bigint>();
  /** Per segment: the trader of each position drawn so far by hash, made when a position is first looked up by hash. */
  private readonly hashes = new Map<number, { byHash: Map<string, number>; indexed: number[] }>();
  /** Per trader (by index): the positions a view showed them last, and the instants up to which they still hold. */
  private readonly shown: (Shown | undefined)[] = [];

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

  /** What a trader opened in a segment, drawn up to `to`. */
  private segment(trader: Trader, segment: number, to: number): (PositionDraw | Position)[] {
    const byTrader = kept(this.segments, segment, KEPT_SEGMENTS, () => new Array(this.traders.length));
    let drawn = byTrader[trader.index];
    if (!drawn) {
      drawn = new SegmentDraws(this.drawing, trader, segment);
      byTrader[trader.index] = drawn;
    }
    drawn.drawUntil(to);
    return drawn.entries;
  }

  /** Every position of a trader opened in [from, to], oldest first: their own draws and the cast's script. */
  openedBetween(trader: Trader, from: number, to: number): Position[] {
    const opened: Position[] = [];
    for (let segment = segmentOf(from); segment <= segmentOf(to); segment += 1) {
      const entries = this.segment(trader, segment, to);
      for (let at = 0; at < entries.length; at += 1) {
        const entry = entries[at] as PositionDraw | Position;
        if (entry.openTime < from || entry.openTime > to) continue;
        const position = made(entry) ? entry : positionOf(this.drawing, trader, entry);
        entries[at] = position;
        opened.push(position);
      }
    }
    for (const position of this.script.positions.get(trader.index) ?? [])
      if (position.openTime >= from && position.openTime <= to) opened.push(position);
    return opened.sort(byOpenTime);
  }

  /**
   * A trader's positions opened in [from, now] as they stand at now (open until their close): what a view
   * shows of a trader nothing was done to. A clock move changes them only when a position opens or closes in
   * between, or leaves the history's start, so the list of the last view is kept with the span of instants
   * it holds for, and a view moved within that span (the usual hour or day) takes it as it is.
   */
  shownAt(trader: Trader, from: number, now: number): readonly Position[] {
    const last = this.shown[trader.index];
    if (last && now >= last.now && now - from === last.now - last.from && this.holds(trader, last, now))
      return last.positions;
    const positions = this.openedBetween(trader, from, now).map((position) =>
      (position.closeTime as number) > now ? openCopy(position) : position,
    );
    // The same list holds at a later instant until a position opens or closes, or the oldest leaves the
    // history; what the segments after now's may open is looked at when a move reaches them.
    const segment = segmentOf(now);
    const drawn = this.segments.get(segment)?.[trader.index];
    let until = drawn ? drawn.firstOpenAfter(now) : now + 1;
    for (const position of this.script.positions.get(trader.index) ?? [])
      if (position.openTime > now) until = Math.min(until, position.openTime);
    for (const position of positions) {
      const close = position.closeTime ?? position.plannedClose;
      if (close !== undefined && close > now) until = Math.min(until, close);
      until = Math.min(until, position.openTime + (now - from) + 1);
    }
    this.shown[trader.index] = { from, now, until, reach: segment, positions, derived: new Map() };
    return positions;
  }

  /**
   * What views keep with a trader's list from shownAt (their figures), while the timeline keeps that list:
   * undefined for any other list (one with the world's writes in it, or an older one).
   */
  derivedFrom(index: number, positions: readonly Position[]): Map<string, unknown> | undefined {
    const shown = this.shown[index];
    return shown?.positions === positions ? shown.derived : undefined;
  }

  /** Whether a kept list still holds at `now`: no opening, close or leaving in between, in any segment up to now's. */
  private holds(trader: Trader, shown: Shown, now: number): boolean {
    while (now < shown.until && segmentOf(now) > shown.reach) {
      // Nothing of the next segment is drawn up to its start: its first opening is only looked up.
      const next = shown.reach + 1;
      const start = segmentStart(next);
      this.segment(trader, next, start);
      const drawn = this.segments.get(next)?.[trader.index];
      shown.until = Math.min(shown.until, drawn ? drawn.firstOpenAfter(start) : start);
      shown.reach = next;
    }
    return now < shown.until;
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
      const index = kept(this.hashes, segment, KEPT_HASH_SEGMENTS, () => ({
        byHash: new Map<string, number>(),
        indexed: new Array<number>(this.traders.length).fill(0),
      }));
      // Only what was drawn since the last look is hashed.
      for (const trader of this.traders) {
        const entries = this.segment(trader, segment, to);
        for (let at = index.indexed[trader.index] as number; at < entries.length; at += 1)
          index.byHash.set(positionHash(entries[at] as PositionDraw), trader.index);
        index.indexed[trader.index] = entries.length;
      }
      const trader = index.byHash.get(hash);
      if (trader !== undefined) return { trader };
    }
    return undefined;
  }
}
