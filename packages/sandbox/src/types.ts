// The sandbox's public types: what a caller (the mock, the MSW handlers, a test) hands in and gets back.

export interface SandboxOptions {
  /** Any integer from 0 to 2^32 - 1; the same seed (and now) gives the same world. Default 1. */
  seed?: number;
  /** The world's "now", an ISO-8601 instant with its offset. Default '2026-11-21T12:00:00Z', the examples' now. */
  now?: string;
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
  now: string;
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
}

export interface Sandbox {
  readonly seed: number;
  readonly now: string;
  /**
   * Answers one request that passed the contract's request checks. Never throws: what it cannot use is a 4xx
   * problem. Parts of a body may be shared with the sandbox's caches: serialize it, do not change it.
   */
  answer(request: SandboxRequest): SandboxAnswer;
  /** What GET /__sandbox shows: seed, now, counts, the cast and a few addresses per role to try. */
  describe(): SandboxDescription;
  /** Puts the world back to its start: the joins made since are forgotten. */
  reset(): void;
}
