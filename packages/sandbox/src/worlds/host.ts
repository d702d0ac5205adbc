// The worlds of one sandbox: the default world and the named ones (X-Sandbox-World), all over one timeline and
// one clock. Memory stays bounded whatever clients do: a world holds only what was done in it; the least
// recently used named worlds beyond MAX_WORLDS are forgotten; the views of worlds with nothing done in them are
// shared by instant, and at most OWN_VIEWS worlds keep a view of their own at a time (another is rebuilt from
// the timeline and the world's writes when read again); and the writes of all worlds together stay within
// MAX_SANDBOX_WRITES, the least recently used named worlds forgotten past it.
import { MAX_SANDBOX_WRITES } from '../limits.js';
import { checkWorldName } from '../options.js';
import type { Timeline } from '../timeline/index.js';
import { View } from '../view/index.js';
import { World } from './world.js';
import { Writes } from './writes.js';

/** Named worlds kept: past this, the least recently used is forgotten (its joins, trades, clock and faults). */
export const MAX_WORLDS = 1024;
/** Views of worlds with nothing done in them, by instant. */
const SHARED_VIEWS = 4;
/** Worlds that keep a view of their own at once. */
const OWN_VIEWS = 16;

const DEFAULT_WORLD = 'default';

export class Host {
  readonly defaultWorld: World;
  private readonly worlds = new Map<string, World>();
  private readonly shared = new Map<number, View>();
  private readonly owners = new Set<World>();
  /** The writes of every shared view: none, and never any. */
  private readonly nothing = new Writes();
  private readonly wallAtStart: number;
  private latest: number;
  /** The writes all worlds keep together. */
  private writes = 0;

  constructor(
    readonly timeline: Timeline,
    /** Where every world's clock starts, in Unix seconds. */
    readonly start: number,
    private readonly clock: { readonly wallMs: () => number; readonly rate: number } | undefined,
  ) {
    this.wallAtStart = clock ? clock.wallMs() : 0;
    this.latest = start;
    this.defaultWorld = new World(DEFAULT_WORLD, this);
  }

  /** The live clock's rate, or undefined for a clock that moves only when told. */
  get live(): { rate: number } | undefined {
    return this.clock ? { rate: this.clock.rate } : undefined;
  }

  /** The sandbox's clock in Unix seconds: the start, plus the wall time since it times the rate when live. */
  clockSeconds(): number {
    if (!this.clock) return this.start;
    const elapsed = Math.floor(((this.clock.wallMs() - this.wallAtStart) * this.clock.rate) / 1000);
    // A wall clock set back (by NTP, by hand) does not take the worlds back in time.
    this.latest = Math.max(this.latest, this.start + elapsed);
    return this.latest;
  }

  /** A world by name (X-Sandbox-World), made on first use; a name it cannot be is refused naming the header. */
  world(name: string | undefined): World {
    if (name === undefined || name === DEFAULT_WORLD) return this.defaultWorld;
    const checked = checkWorldName(name);
    let world = this.worlds.get(checked);
    if (world) {
      this.worlds.delete(checked);
    } else {
      world = new World(checked, this);
      if (this.worlds.size >= MAX_WORLDS) this.forgetOldest();
    }
    this.worlds.set(checked, world);
    return world;
  }

  /** Forgets the least recently used named world: its clock, writes, faults and view. */
  private forgetOldest(): void {
    const [oldest, forgotten] = this.worlds.entries().next().value as [string, World];
    this.worlds.delete(oldest);
    this.owners.delete(forgotten);
    this.writes -= forgotten.writes.count;
  }

  /**
   * A world kept one more write. Past MAX_SANDBOX_WRITES the least recently used named worlds (never the
   * writer, made the most recently used) are forgotten until the rest fit. A world already forgotten (one a
   * caller of `sandbox.world(name)` still holds) is no longer the sandbox's to count.
   */
  wrote(writer: World): void {
    if (writer !== this.defaultWorld) {
      if (this.worlds.get(writer.name) !== writer) return;
      this.worlds.delete(writer.name);
      this.worlds.set(writer.name, writer);
    }
    this.writes += 1;
    while (this.writes > MAX_SANDBOX_WRITES && this.worlds.size > 1) this.forgetOldest();
  }

  /** A world was reset: its writes are no longer kept. */
  forgotWrites(world: World): void {
    if (world === this.defaultWorld || this.worlds.get(world.name) === world) this.writes -= world.writes.count;
  }

  /** The timeline's own view at an instant, shared by every world with nothing done in it. */
  sharedView(now: number): View {
    let view = this.shared.get(now);
    if (view) {
      this.shared.delete(now);
    } else {
      view = new View(this.timeline, now, this.nothing);
      if (this.shared.size >= SHARED_VIEWS) this.shared.delete(this.shared.keys().next().value as number);
    }
    this.shared.set(now, view);
    return view;
  }

  /** A world has made a view of its own: the world that made one longest ago lets go of its view past OWN_VIEWS. */
  keptOwnView(world: World): void {
    this.owners.delete(world);
    this.owners.add(world);
    if (this.owners.size > OWN_VIEWS) {
      const oldest = this.owners.values().next().value as World;
      this.owners.delete(oldest);
      oldest.dropOwnView();
    }
  }
}
