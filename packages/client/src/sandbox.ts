// `@trading-analytics/client/sandbox`: a typed helper for the sandbox's control surface, `/__sandbox` and
// below, as the mock started with `--sandbox` and the MSW handlers of `createSandbox` serve it. It knows only
// the documented HTTP shapes (the sandbox's README): the service itself has no such routes, so this is for
// tests and development against the sandbox, never for production.
import { ApiError } from './errors.js';
import { guardedFetch } from './guarded-fetch.js';
import { invalid, own } from './invalid.js';
import type { components } from './schema.js';
import { withTimeLimit } from './time-limit.js';

/** A position as the positions list shows it: what a trade opened or closed through the control answers. */
export type SandboxPosition = components['schemas']['Position'];

/** The world's clock: where it started, where it stands, and whether it follows the wall clock. */
export interface SandboxClock {
  start: string;
  now: string;
  live: boolean;
  rate: number;
}

/** What `GET /__sandbox` shows. */
export interface SandboxDescription {
  seed: number;
  world: string;
  start: string;
  now: string;
  clock: { live: boolean; rate: number };
  counts: Record<string, number>;
  cast: {
    traders: { role: string; name: string; address: string; note: string }[];
    tokens: { symbol: string; address: string; decimals: number; role: string }[];
    markets: {
      pairName: string;
      base: string;
      pairType: string;
      status: string;
      leverage: { min: number; max: number };
      note: string;
    }[];
    competitions: {
      id: number;
      title: string;
      status: string;
      leaderboardType: string;
      requiresInviteCode: boolean;
      inviteCode: string | null;
    }[];
    team: { name: string; code: string; leader: string; members: string[] };
    unresolvablePair: string;
  };
  tryThese: Record<string, string[]>;
  faults: SandboxFaults;
}

/** A trade to open: margin as an integer string in the collateral's decimals ("100000000" is 100 USDC). */
export interface SandboxTrade {
  trader: string;
  pairBase: string;
  isLong: boolean;
  leverage: number;
  margin: string;
  /** USDC (default) or WMON, by address. */
  collateral?: string;
}

/** Faults to inject: latency on every answer, and per operation an error status or a dropped connection. */
export interface SandboxFaultsInput {
  latencyMs?: { min: number; max: number };
  errors?: {
    operationId: string;
    status?: number;
    reset?: boolean;
    rate?: number;
    outsideContract?: boolean;
  }[];
}

/** The faults as a world keeps them. */
export interface SandboxFaults {
  latencyMs: { min: number; max: number } | null;
  errors: { operationId: string; status: number | null; reset: boolean; rate: number; outsideContract: boolean }[];
}

export interface SandboxControlOptions {
  /** Where the mock listens, e.g. `http://127.0.0.1:4010` (or the base URL the MSW handlers answer). */
  baseUrl: string;
  /** The world to act on (sent as `X-Sandbox-World`): 1 to 64 of A-Z, a-z, 0-9, _ and -. Default: the default world. */
  world?: string;
  /** fetch to use instead of the global one. */
  fetch?: (input: Request) => Promise<Response>;
  /** Time limit of one call in milliseconds, an integer from 1 to 2147483647. Default 30000. */
  timeoutMs?: number;
}

export interface SandboxControl {
  /** The headers that send a request to this control's world: give them to `createClient({ headers })`. */
  readonly headers: Readonly<Record<string, string>>;
  describe(): Promise<SandboxDescription>;
  /** Puts the world back to its start: clock, joins, trades and faults. */
  reset(): Promise<SandboxDescription>;
  clock(): Promise<SandboxClock>;
  /** Moves the clock on by an ISO-8601 duration ("PT1H", "P30D"). */
  advance(duration: string): Promise<SandboxDescription>;
  /** Moves the clock to an instant at or after now (the clock moves forward only). */
  setNow(instant: string): Promise<SandboxDescription>;
  /** Opens a trade at the market's price at now. */
  openPosition(trade: SandboxTrade): Promise<SandboxPosition>;
  /** Closes an open position at now. */
  closePosition(positionHash: string): Promise<SandboxPosition>;
  /** The trades opened through the control in this world: the latest 256, oldest first. */
  trades(): Promise<{ trader: string; position: SandboxPosition }[]>;
  setFaults(faults: SandboxFaultsInput): Promise<SandboxFaults>;
  clearFaults(): Promise<SandboxFaults>;
  faults(): Promise<SandboxFaults>;
}

/** A control answer's body is small: a description is about 10 KB, a page of trades not much more. */
const MAX_BODY_BYTES = 2 ** 20;

/** A text's JSON value, or undefined when it is not JSON. */
function jsonOf(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/**
 * A client of the sandbox's control surface for one world. Every call resolves to the answer's JSON, or
 * rejects with an ApiError whose `body` is the problem (`{ type, title, status, detail, field }`: the field
 * at fault) for a 4xx or 5xx. Only the options' own properties are read.
 *
 * @example
 * const control = createSandboxControl({ baseUrl: mock.url, world: 'checkout-test' });
 * const client = createClient({ baseUrl: mock.url, headers: control.headers });
 * await control.advance('PT1H');
 * const position = await control.openPosition({ trader, pairBase, isLong: true, leverage: 10, margin: '100000000' });
 * await control.setFaults({ errors: [{ operationId: 'getUnrealizedPnl', status: 503 }] });
 */
export function createSandboxControl(options: SandboxControlOptions): SandboxControl {
  const { baseUrl, world, fetch = globalThis.fetch, timeoutMs = 30_000 } = own(options);
  if (typeof baseUrl !== 'string' || !/^https?:\/\/[^/]/.test(baseUrl))
    invalid('baseUrl must be an http(s) URL', baseUrl);
  if (world !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(world))
    invalid('world must be 1 to 64 of A-Z, a-z, 0-9, _ and -', world);
  if (!(Number.isInteger(timeoutMs) && timeoutMs > 0 && timeoutMs < 2 ** 31))
    invalid('timeoutMs must be an integer from 1 to 2147483647', timeoutMs);
  const headers: Record<string, string> = world === undefined ? {} : { 'X-Sandbox-World': world };
  const root = `${baseUrl.replace(/\/+$/, '')}/__sandbox`;
  const send = guardedFetch(fetch, 'manual', MAX_BODY_BYTES);
  const call = <T>(method: string, path: string, body?: unknown): Promise<T> =>
    withTimeLimit(undefined, timeoutMs, async (signal) => {
      const request = new Request(`${root}${path}`, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal,
      });
      const response = await send(request);
      const text = await response.text();
      const json = /json/.test(response.headers.get('content-type') ?? '');
      const parsed = json ? jsonOf(text) : undefined;
      if (!response.ok) throw new ApiError(response, text === '' ? undefined : parsed ? parsed.value : text);
      // Every control answers JSON: anything else (a proxy's page, another server on the port) is no answer.
      if (!parsed) {
        const type = response.headers.get('content-type') ?? 'no Content-Type';
        throw new ApiError(response, text || undefined, `a body that is not the sandbox's JSON (${type})`);
      }
      return parsed.value as T;
    });
  return {
    headers,
    describe: () => call('GET', ''),
    reset: () => call('DELETE', ''),
    clock: () => call('GET', '/clock'),
    advance: (duration) => call('POST', '/clock', { advance: duration }),
    setNow: (instant) => call('POST', '/clock', { now: instant }),
    openPosition: (trade) => call('POST', '/positions', trade),
    closePosition: (positionHash) => call('POST', `/positions/${encodeURIComponent(positionHash)}/close`),
    trades: async () =>
      (await call<{ trades: { trader: string; position: SandboxPosition }[] }>('GET', '/positions')).trades,
    setFaults: (faults) => call('POST', '/faults', faults),
    clearFaults: () => call('DELETE', '/faults'),
    faults: () => call('GET', '/faults'),
  };
}
