// @trading-analytics/sandbox: a seeded, deterministic world that answers every operation of the contract
// from data. Platform-neutral: no I/O, no clock and no randomness beyond the `seed` and `now` it is given.

import type { Context, Joins } from './answers/context.js';
import { answer } from './answers/index.js';
import { describe } from './describe.js';
import { readOptions } from './options.js';
import type { Sandbox, SandboxOptions } from './types.js';
import { World } from './world/index.js';

export { DEFAULT_NOW, DEFAULT_SEED } from './cast.js';
export { OPERATION_IDS, PARAMETERS, type Parameter } from './parameters.js';
export type {
  CastCompetition,
  CastMarket,
  CastMember,
  CastToken,
  Sandbox,
  SandboxAnswer,
  SandboxDescription,
  SandboxOptions,
  SandboxRequest,
} from './types.js';

/**
 * Builds the world for a seed and a now, and returns the sandbox that answers from it.
 *
 * @example
 * const sandbox = createSandbox({ seed: 7 });
 * const page = sandbox.answer({ operationId: 'listLeaderboard', path: {}, query: { page: '1', size: '10' } });
 * // page.status === 200; page.body.content holds ranks 11 to 20
 * @throws TypeError when the seed is not an integer from 0 to 2^32 - 1 or now is not an ISO-8601 instant.
 */
export function createSandbox(options?: SandboxOptions): Sandbox {
  const inputs = readOptions(options);
  const world = new World(inputs.seed, inputs.now);
  const joins: Joins = { byCompetition: new Map(), version: 0 };
  const context: Context = { world, joins, cache: new Map() };
  return {
    seed: inputs.seed,
    now: inputs.nowText,
    answer: (request) => answer(request, context),
    describe: () => describe(context, inputs.nowText),
    reset() {
      joins.byCompetition.clear();
      joins.version += 1;
    },
  };
}
