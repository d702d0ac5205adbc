// createSandbox: the handlers answer from `@trading-analytics/sandbox`'s seeded world, in-process, the way the
// mock started with --sandbox answers: the core's checks and the contract's schemas first, a documented case
// when the request prefers one (and `server.use(scenario(...))` before them still wins), else the world.
import { ownOptions, SANDBOX_PATH, sandboxControlAnswer } from '@trading-analytics/core';
import { createSandbox as buildWorld, type SandboxDescription, type SandboxOptions } from '@trading-analytics/sandbox';
import { type HttpHandler, http } from 'msw';
import { anyOrigin, checkBaseUrl, handler, respond } from './handler.js';
import { type OperationId, operations } from './operations.js';

export type { SandboxDescription } from '@trading-analytics/sandbox';

export interface SandboxHandlerOptions extends SandboxOptions {
  /**
   * Origin (and optional path prefix) the handlers answer, e.g. `https://api.example.com`. Default `'*'`:
   * the contract's paths on any origin.
   */
  baseUrl?: string;
}

export interface MswSandbox {
  /**
   * One handler per operation answering from the world, and `/__sandbox` (GET describes the world, DELETE
   * resets it), for `setupServer(...)` or `setupWorker(...)`.
   */
  handlers: HttpHandler[];
  /** Puts the world back to its start: the joins made since are forgotten (what `DELETE /__sandbox` does). */
  reset(): void;
  /** The world: seed, now, counts, the cast and a few addresses per role to try (what `GET /__sandbox` shows). */
  describe(): SandboxDescription;
  readonly seed: number;
  /** The world's now, as `YYYY-MM-DDTHH:MM:SSZ`. */
  readonly now: string;
}

/**
 * Builds the sandbox's world for a seed and a now, and the handlers that answer from it. The same seed and
 * now answer what `trading-analytics-mock --sandbox --seed <seed> --now <now>` answers, byte for byte.
 *
 * @example
 * const sandbox = createSandbox({ seed: 1 });
 * const server = setupServer(...sandbox.handlers);
 * // in a test: server.use(scenario('getUnrealizedPnl', '503')) still picks a documented case
 * afterEach(() => sandbox.reset());
 * @throws TypeError when the seed is not an integer from 0 to 2^32 - 1, now is not an ISO-8601 instant, or
 * baseUrl is not an http(s) URL. Only the options' own properties are read: an inherited one is ignored.
 */
export function createSandbox(options: SandboxHandlerOptions = {}): MswSandbox {
  const { seed, now, baseUrl = anyOrigin } = ownOptions(options);
  const base = checkBaseUrl(baseUrl);
  const world = buildWorld({ seed, now });
  const control = http.all(`${base}${SANDBOX_PATH}`, ({ request }) =>
    respond(sandboxControlAnswer(request.method, world)),
  );
  const operationIds = Object.keys(operations) as OperationId[];
  return {
    handlers: [control, ...operationIds.map((operationId) => handler(operationId, { sandbox: world }, base))],
    reset: () => world.reset(),
    describe: () => world.describe(),
    seed: world.seed,
    now: world.now,
  };
}
