// createSandbox: the handlers answer from `@trading-analytics/sandbox`'s seeded world, in-process, the way the
// mock started with --sandbox answers: the core's checks and the contract's schemas first, then the faults of
// the world X-Sandbox-World names, a documented case when the request prefers one (and
// `server.use(scenario(...))` before them still wins), else the world. `/__sandbox` and below is the same
// control surface as the mock's, and the sandbox's methods do what its routes do, for a test to call directly.
import {
  isSandboxControl,
  ownOptions,
  SANDBOX_PATH,
  SANDBOX_WORLD_HEADER,
  sandboxControlAnswer,
} from '@trading-analytics/core';
import {
  type ActiveFaults,
  createSandbox as buildSandbox,
  type FaultsInput,
  type OpenPositionInput,
  type SandboxDescription,
  type SandboxPosition,
  type SandboxWorld,
} from '@trading-analytics/sandbox';
import { type HttpHandler, http } from 'msw';
import { anyOrigin, checkBaseUrl, handler, respond } from './handler.js';
import { type OperationId, operations } from './operations.js';

export type {
  ActiveFaults,
  FaultsInput,
  OpenPositionInput,
  SandboxDescription,
  SandboxPosition,
} from '@trading-analytics/sandbox';

export interface SandboxHandlerOptions {
  /** Any integer from 0 to 2^32 - 1; the same seed gives the same timeline. Default 1. */
  seed?: number;
  /**
   * Where the worlds' clocks start: an ISO-8601 instant with its offset, or `'wall'` for the time it is made.
   * Default '2026-11-21T12:00:00Z', the examples' now, where the cast's figures hold.
   */
  now?: string;
  /** `'fixed'` (default): now moves only when told; `'live'`: it follows `Date.now()`, `clockRate` times as fast. */
  clock?: 'fixed' | 'live';
  /** With `clock: 'live'`, world seconds per wall second (more than 0, at most 1,000,000). Default 1. */
  clockRate?: number;
  /**
   * Origin (and optional path prefix) the handlers answer, e.g. `https://api.example.com`. Default `'*'`:
   * the contract's paths on any origin.
   */
  baseUrl?: string;
}

/** One world of the sandbox, by the methods its control routes have. */
export interface MswSandboxWorld {
  /** `default`, or the name it was selected by (`X-Sandbox-World`). */
  readonly name: string;
  /** The world's now, as `YYYY-MM-DDTHH:MM:SSZ`. */
  readonly now: string;
  /** What `GET /__sandbox` shows: seed, clock, counts, the cast, a few addresses per role to try, the faults. */
  describe(): SandboxDescription;
  /** Puts the world back to its start: clock, joins, trades and faults (what `DELETE /__sandbox` does). */
  reset(): void;
  /** Moves the clock on by an ISO-8601 duration ("PT1H", "P30D"), as `POST /__sandbox/clock {"advance"}` does. */
  advance(duration: string): SandboxDescription;
  /** Moves the clock to an instant at or after now, as `POST /__sandbox/clock {"now"}` does. */
  setNow(instant: string): SandboxDescription;
  /** Opens a trade at the market's price at now (sandbox-only), as `POST /__sandbox/positions` does. */
  openPosition(input: OpenPositionInput): SandboxPosition;
  /** Closes an open position at now, as `POST /__sandbox/positions/{positionHash}/close` does. */
  closePosition(positionHash: string): SandboxPosition;
  /** Replaces the world's faults, as `POST /__sandbox/faults` does. */
  setFaults(faults: FaultsInput): ActiveFaults;
  /** Clears them, as `DELETE /__sandbox/faults` does. */
  clearFaults(): ActiveFaults;
}

export interface MswSandbox extends MswSandboxWorld {
  /**
   * One handler per operation answering from the world, and `/__sandbox` and below (describe, reset, clock,
   * positions, faults), for `setupServer(...)` or `setupWorker(...)`.
   */
  handlers: HttpHandler[];
  readonly seed: number;
  /** Where every world's clock started. */
  readonly start: string;
  /** A named world, as `X-Sandbox-World: <name>` selects it: made on first use from the seed and start. */
  world(name: string): MswSandboxWorld;
}

function face(world: SandboxWorld): MswSandboxWorld {
  return {
    name: world.name,
    get now() {
      return world.now;
    },
    describe: () => world.describe(),
    reset: () => world.reset(),
    advance: (duration) => world.advance(duration),
    setNow: (instant) => world.setNow(instant),
    openPosition: (input) => world.openPosition(input),
    closePosition: (positionHash) => world.closePosition(positionHash),
    setFaults: (faults) => world.setFaults(faults),
    clearFaults: () => world.clearFaults(),
  };
}

/** A start instant as the sandbox takes it: `wall` is the time now, to the second. */
const startOf = (now: string | undefined): string | undefined =>
  now === 'wall' ? `${new Date(Math.floor(Date.now() / 1000) * 1000).toISOString().slice(0, 19)}Z` : now;

/**
 * Builds the sandbox for a seed and a start, and the handlers that answer from it. The same seed, start and
 * moves answer what `trading-analytics-mock --sandbox --seed <seed> --now <now>` answers after the same moves,
 * byte for byte.
 *
 * @example
 * const sandbox = createSandbox({ seed: 1 });
 * const server = setupServer(...sandbox.handlers);
 * sandbox.advance('PT1H'); // an hour later: prices moved, windows slid
 * const position = sandbox.openPosition({ trader, pairBase, isLong: true, leverage: 10, margin: '100000000' });
 * sandbox.setFaults({ latencyMs: { min: 50, max: 200 }, errors: [{ operationId: 'getUnrealizedPnl', status: 503 }] });
 * afterEach(() => sandbox.reset());
 * @throws TypeError when the seed is not an integer from 0 to 2^32 - 1, now is not an ISO-8601 instant (or
 * `'wall'`), the clock or its rate cannot be used, or baseUrl is not an http(s) URL. Only the options' own
 * properties are read: an inherited one is ignored.
 */
export function createSandbox(options: SandboxHandlerOptions = {}): MswSandbox {
  const { seed, now, clock, clockRate, baseUrl = anyOrigin } = ownOptions(options);
  const base = checkBaseUrl(baseUrl);
  if (clock !== undefined && clock !== 'fixed' && clock !== 'live')
    throw new TypeError(`clock must be 'fixed' or 'live', not ${JSON.stringify(clock)}.`);
  if (clockRate !== undefined && clock !== 'live') throw new TypeError("clockRate goes with clock: 'live'.");
  const sandbox = buildSandbox({
    seed,
    now: startOf(now),
    ...(clock === 'live' ? { clock: { wallMs: () => Date.now(), rate: clockRate ?? 1 } } : {}),
  });
  const prefix = base === anyOrigin ? '' : new URL(base).pathname.replace(/\/+$/, '');
  const control: HttpHandler[] = [`${base}${SANDBOX_PATH}`, `${base}${SANDBOX_PATH}/*`].map((route) =>
    http.all(route, async ({ request }) => {
      const path = new URL(request.url).pathname.slice(prefix.length);
      if (!isSandboxControl(path)) return undefined;
      const bodyText = await request.text();
      const world = request.headers.get(SANDBOX_WORLD_HEADER) ?? undefined;
      return respond(sandboxControlAnswer({ method: request.method, path, bodyText, world }, sandbox));
    }),
  );
  const operationIds = Object.keys(operations) as OperationId[];
  return Object.defineProperties(
    {
      ...face(sandbox),
      handlers: [...control, ...operationIds.map((operationId) => handler(operationId, { sandbox }, base))],
      seed: sandbox.seed,
      start: sandbox.start,
      world: (name: string) => face(sandbox.world(name)),
    },
    { now: { get: () => sandbox.now, enumerable: true } },
  ) as MswSandbox;
}
