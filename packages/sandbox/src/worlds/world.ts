// One world: a clock over the shared timeline, and what was done in it (writes.ts). Its answers read its view
// at now; a world with nothing done in it shares the views of its sandbox's other such worlds (the timeline's
// own), one that has a write keeps one of its own, which each write updates in place where it is computed.
import { answer } from '../answers/index.js';
import { positionView } from '../answers/positions.js';
import { describe } from '../describe.js';
import { SandboxInputError } from '../errors.js';
import { MAX_WORLD_WRITES } from '../limits.js';
import { durationTarget, instantTarget } from '../options.js';
import { isoSeconds } from '../time.js';
import type { Competition } from '../timeline/competitions.js';
import type {
  ActiveFaults,
  FaultDecision,
  SandboxAnswer,
  SandboxDescription,
  SandboxPosition,
  SandboxRequest,
} from '../types.js';
import { joinBoard } from '../view/boards.js';
import { View } from '../view/index.js';
import { Faults, NO_FAULTS, readFaults } from './faults.js';
import type { Host } from './host.js';
import { closeTrade, openTrade } from './trading.js';
import { Writes } from './writes.js';

export class World {
  private writesKept = new Writes();
  /** Seconds the clock was moved on by advance() and setNow(), beyond the sandbox's clock. */
  private offset = 0;
  private own: View | undefined;
  private faultsKept: Faults;

  constructor(
    readonly name: string,
    private readonly host: Host,
  ) {
    this.faultsKept = new Faults(host.timeline.seed, `faults:${name}`);
  }

  get writes(): Writes {
    return this.writesKept;
  }

  /** The world's now in Unix seconds: the sandbox's clock (fixed, or live) plus the moves made in this world. */
  nowSeconds(): number {
    return this.host.clockSeconds() + this.offset;
  }

  get now(): string {
    return isoSeconds(this.nowSeconds());
  }

  /** The view at now: the timeline's shared one while nothing was done here, else the world's own. */
  view(): View {
    const now = this.nowSeconds();
    if (this.writesKept.empty) return this.host.sharedView(now);
    if (this.own?.now !== now) {
      this.own = new View(this.host.timeline, now, this.writesKept);
      this.host.keptOwnView(this);
    }
    return this.own;
  }

  /** The view kept for this world, if one is computed at now (what a write updates in place). */
  private currentOwn(): View | undefined {
    return this.own?.now === this.nowSeconds() ? this.own : undefined;
  }

  /** Lets go of the world's own view (the sandbox keeps a bounded number of them). */
  dropOwnView(): void {
    this.own = undefined;
  }

  answer(request: SandboxRequest): SandboxAnswer {
    const view = this.view();
    return answer(request, { view, join: (competition, address) => this.join(competition, address) });
  }

  describe(): SandboxDescription {
    return describe(this.view(), {
      world: this.name,
      start: isoSeconds(this.host.start),
      live: this.host.live,
      faults: this.faultsKept.current,
    });
  }

  /** What GET /__sandbox/clock shows. */
  clockState(): { start: string; now: string; live: boolean; rate: number } {
    const live = this.host.live;
    return { start: isoSeconds(this.host.start), now: this.now, live: live !== undefined, rate: live?.rate ?? 0 };
  }

  reset(): void {
    this.host.forgotWrites(this);
    this.writesKept = new Writes();
    this.offset = 0;
    this.own = undefined;
    this.faultsKept.set(NO_FAULTS);
  }

  setFaults(input: unknown): ActiveFaults {
    this.faultsKept.set(readFaults(input));
    return this.faultsKept.current;
  }

  clearFaults(): ActiveFaults {
    this.faultsKept.set(NO_FAULTS);
    return this.faultsKept.current;
  }

  faults(): ActiveFaults {
    return this.faultsKept.current;
  }

  fault(operationId: string): FaultDecision {
    return this.faultsKept.decide(operationId);
  }

  advance(duration: string): SandboxDescription {
    const now = this.nowSeconds();
    this.offset += durationTarget(now, duration, 'advance') - now;
    return this.describe();
  }

  setNow(instant: string): SandboxDescription {
    const now = this.nowSeconds();
    this.offset += instantTarget(now, instant, 'now') - now;
    return this.describe();
  }

  /** Opens a trade at now (checked; 4xx SandboxInputError naming the field); the Position as the positions list shows it. */
  openPosition(input: unknown): SandboxPosition {
    const now = this.nowSeconds();
    this.roomForWrite();
    const record = openTrade(this.view(), this.writesKept, input);
    this.currentOwn()?.traded(record.trader, record.position, true);
    this.host.wrote(this);
    return positionView(record.position, now) as SandboxPosition;
  }

  /** Closes an open position at now; the closed Position. */
  closePosition(positionHash: unknown): SandboxPosition {
    const now = this.nowSeconds();
    this.roomForWrite();
    const { trader, position } = closeTrade(this.view(), this.writesKept, positionHash);
    this.currentOwn()?.traded(trader, position, false);
    this.host.wrote(this);
    return positionView(position, now) as SandboxPosition;
  }

  /** Refuses a write once the world keeps MAX_WORLD_WRITES (409 `world-full`), so one world stays bounded. */
  private roomForWrite(): void {
    if (this.writesKept.count < MAX_WORLD_WRITES) return;
    throw new SandboxInputError(
      409,
      'world-full',
      'World full',
      `The world ${this.name} keeps ${MAX_WORLD_WRITES.toLocaleString('en-US')} writes (joins, trades and closes), the most one world keeps (MAX_WORLD_WRITES): reset it (DELETE /__sandbox) or use another world (X-Sandbox-World).`,
    );
  }

  /**
   * The latest `most` trades made through the control in this world, oldest first, each with its trader and
   * Position at now, and how many were made in all.
   */
  tradesMade(most: number): { count: number; trades: { trader: string; position: Record<string, unknown> }[] } {
    const view = this.view();
    const made = this.writesKept.trades;
    return {
      count: made.length,
      trades: made.slice(Math.max(0, made.length - most)).map((trade) => ({
        trader: view.traderAt(trade.trader).address,
        position: positionView(trade.position, view.now),
      })),
    };
  }

  private join(competition: Competition, address: string): void {
    this.roomForWrite();
    const own = this.currentOwn();
    let joined = this.writesKept.joins.get(competition.id);
    if (!joined) {
      joined = new Set();
      this.writesKept.joins.set(competition.id, joined);
    }
    joined.add(address);
    this.writesKept.joinCount += 1;
    if (own) joinBoard(own, competition, address);
    this.host.wrote(this);
  }
}
