// The sandbox's public types: what a caller (the mock, the MSW handlers, a test) hands in and gets back.
import type { components } from '@trading-analytics/types';

/** A position as the contract's positions list shows it: what a trade opened or closed in a world answers. */
export type SandboxPosition = components['schemas']['Position'];

export interface SandboxOptions {
  /** Any integer from 0 to 2^32 - 1; the same seed gives the same timeline. Default 1. */
  seed?: number;
  /**
   * Where every world's clock starts, an ISO-8601 instant with its offset. Default '2026-11-21T12:00:00Z', the
   * examples' now, where the cast's figures hold.
   */
  now?: string;
  /**
   * A live clock: the worlds' now follows this wall clock from the start, `rate` seconds of world time per
   * second of it (default 1). The sandbox reads no clock of its own; without this, now moves only when told.
   */
  clock?: LiveClock;
}

export interface LiveClock {
  /** Milliseconds of the wall clock, such as `() => Date.now()`. */
  wallMs(): number;
  /** World seconds per wall second, more than 0 and at most 1,000,000. Default 1. */
  rate?: number;
}

export interface SandboxRequest {
  /** The contract's operationId, e.g. 'listLeaderboard'. */
  operationId: string;
  /** Path parameters by their contract name, decoded. */
  path: Record<string, string>;
  /** The decoded query as sent (names as in the contract); a repeated name gives an array. */
  query: Record<string, string | string[]>;
  /** The parsed JSON body, if any. */
  body?: unknown;
}

export interface SandboxAnswer {
  status: number;
  /** The JSON value to send; absent for an empty body. */
  body?: unknown;
  /** Defaults to application/json; problems are application/problem+json. */
  contentType?: string;
  /** Headers the answer needs beyond its content type (the control's `Allow` on a 405). */
  headers?: Record<string, string>;
}

/** One actor of the cast, or one of the world's own roles. */
export interface CastMember {
  role: string;
  name: string;
  address: string;
  note: string;
}

export interface CastToken {
  symbol: string;
  address: string;
  decimals: number;
  role: string;
}

export interface CastMarket {
  pairName: string;
  base: string;
  pairType: string;
  status: string;
  note: string;
}

export interface CastCompetition {
  id: number;
  title: string;
  status: string;
  leaderboardType: string;
  requiresInviteCode: boolean;
  inviteCode: string | null;
}

export interface SandboxDescription {
  seed: number;
  /** The world described: `default`, or the name sent in `X-Sandbox-World`. */
  world: string;
  /** Where the world's clock started, and where it stands. */
  start: string;
  now: string;
  clock: { live: boolean; rate: number };
  counts: Record<string, number>;
  cast: {
    traders: CastMember[];
    tokens: CastToken[];
    markets: CastMarket[];
    competitions: CastCompetition[];
    team: { name: string; code: string; leader: string; members: string[] };
    unresolvablePair: string;
  };
  /** A few addresses (or codes) per role, to try in requests. */
  tryThese: Record<string, string[]>;
  /** The faults injected in this world (none: `{ latencyMs: null, errors: [] }`). */
  faults: ActiveFaults;
}

/** A trade to open in a world (`POST /__sandbox/positions`). */
export interface OpenPositionInput {
  /** The trader's address, 0x and 40 hex digits; any address, known to the world or not. */
  trader: string;
  /** The market's pair base address (see `describe().cast.markets` and `GET /v1/pairs`). */
  pairBase: string;
  isLong: boolean;
  /** A whole number within the market's range (2 to 100, or 250 on a degen market). */
  leverage: number;
  /** The margin as an integer string in the collateral's decimals: "100000000" is 100 USDC. */
  margin: string;
  /** USDC (default) or WMON, by address. */
  collateral?: string;
}

/** A fault for one operation: an error status, or a dropped connection. */
export interface FaultError {
  operationId: string;
  /** A 4xx or 5xx status; one the operation does not document needs `outsideContract: true`. */
  status?: number;
  /** Drop the connection instead of answering. */
  reset?: boolean;
  /** The share of requests hit, from 0 to 1. Default 1. */
  rate?: number;
  outsideContract?: boolean;
}

export interface FaultsInput {
  /** Latency added to every answer, drawn from the world's seeded stream, in milliseconds. */
  latencyMs?: { min: number; max: number };
  errors?: FaultError[];
}

/** A fault as the world keeps it, every field filled in. */
export interface ActiveFault {
  operationId: string;
  /** The status answered, or null for a dropped connection. */
  status: number | null;
  reset: boolean;
  rate: number;
  outsideContract: boolean;
}

export interface ActiveFaults {
  latencyMs: { min: number; max: number } | null;
  errors: ActiveFault[];
}

/**
 * What a request to an operation meets in a world with faults: a delay, then the answer, an error status
 * (`documented`: the contract's own case for it; else a problem outside the contract), or a dropped
 * connection. `kinds` is what `X-Sandbox-Fault` names.
 */
export interface FaultDecision {
  delayMs: number;
  outcome:
    | { kind: 'answer' }
    | { kind: 'status'; status: number; documented: true }
    | { kind: 'status'; status: number; documented: false; answer: SandboxAnswer }
    | { kind: 'reset' };
  kinds: string[];
}

/** A request to the control surface (`/__sandbox` and below), as a server hands it over. */
export interface ControlRequest {
  method: string;
  /** The path after `/__sandbox`: `''`, `/clock`, `/positions`, `/positions/{hash}/close`, `/faults`. */
  path: string;
  /** The body as sent, if any. */
  bodyText?: string;
  /** The `X-Sandbox-World` header, if sent. */
  world?: string;
}

/** One world: its clock, what was done in it, its faults, and its answers. */
export interface SandboxWorld {
  /** `default`, or the name it was selected by. */
  readonly name: string;
  /** The world's now, as `YYYY-MM-DDTHH:MM:SSZ`. */
  readonly now: string;
  /**
   * Answers one request that passed the contract's request checks. Never throws: what it cannot use is a 4xx
   * problem. Parts of a body may be shared with the sandbox's caches: serialize it, do not change it.
   */
  answer(request: SandboxRequest): SandboxAnswer;
  /** What GET /__sandbox shows: seed, clock, counts, the cast, a few addresses per role to try, the faults. */
  describe(): SandboxDescription;
  /** Puts the world back to its start: clock, joins, trades and faults. */
  reset(): void;
  /** Moves the clock on by an ISO-8601 duration ("PT1H", "P30D"); returns the description at the new now. */
  advance(duration: string): SandboxDescription;
  /** Moves the clock to an instant at or after now; returns the description there. */
  setNow(instant: string): SandboxDescription;
  /**
   * Opens a trade at the market's price at now; returns the Position as `GET /v1/user/{address}/positions` shows
   * it. Sandbox-only: the service has no such operation. Throws a SandboxInputError for what the protocol would
   * refuse (a bad address, an unknown pair, a margin of 0, a leverage outside the market's range...).
   */
  openPosition(input: OpenPositionInput): SandboxPosition;
  /** Closes an open position (a trade, or one of the timeline's) at now; returns the closed Position. */
  closePosition(positionHash: string): SandboxPosition;
  /** Replaces the world's faults (checked: a SandboxInputError naming the field); returns them as kept. */
  setFaults(faults: FaultsInput): ActiveFaults;
  clearFaults(): ActiveFaults;
  faults(): ActiveFaults;
  /** The fault one request to an operation meets: draws from the world's seeded stream. */
  fault(operationId: string): FaultDecision;
}

/** The sandbox: its default world's methods, and the named worlds beside it. */
export interface Sandbox extends SandboxWorld {
  readonly seed: number;
  /** Where every world's clock started. */
  readonly start: string;
  /**
   * A named world (1 to 64 of A-Z, a-z, 0-9, _ and -), made on first use from the seed and the start; the least
   * recently used beyond MAX_WORLDS are forgotten. `default` is the default world.
   */
  world(name: string): SandboxWorld;
  /**
   * The world an `X-Sandbox-World` value names (undefined: the default world), or the 400 problem refusing a
   * name it cannot be, for a server to answer with.
   */
  selectWorld(name: string | undefined): { world: SandboxWorld } | { refused: SandboxAnswer };
  /** Answers a request to the control surface, `/__sandbox` and below, in the world it names. */
  control(request: ControlRequest): SandboxAnswer;
}
