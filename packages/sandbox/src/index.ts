// @trading-analytics/sandbox: a seeded, deterministic world that answers every operation of the contract
// from data. Platform-neutral: no I/O, no clock and no randomness beyond the `seed`, `now` and (for a live
// clock) the wall clock it is handed.

import { problem } from './answers/kit.js';
import { SandboxInputError } from './errors.js';
import { readOptions } from './options.js';
import { Timeline } from './timeline/index.js';
import type { Sandbox, SandboxOptions, SandboxWorld } from './types.js';
import { control } from './worlds/control.js';
import { Host } from './worlds/host.js';
import type { World } from './worlds/world.js';

export { DEFAULT_NOW, DEFAULT_SEED } from './cast.js';
export { SandboxInputError } from './errors.js';
export { OPERATION_IDS, PARAMETERS, type Parameter } from './parameters.js';
export type {
  ActiveFault,
  ActiveFaults,
  CastCompetition,
  CastMarket,
  CastMember,
  CastToken,
  ControlRequest,
  FaultDecision,
  FaultError,
  FaultsInput,
  LiveClock,
  OpenPositionInput,
  Sandbox,
  SandboxAnswer,
  SandboxDescription,
  SandboxOptions,
  SandboxPosition,
  SandboxRequest,
  SandboxWorld,
} from './types.js';
export { MAX_WORLDS } from './worlds/host.js';

/** The public face of one world. */
function face(world: World): SandboxWorld {
  return {
    name: world.name,
    get now() {
      return world.now;
    },
    answer: (request) => world.answer(request),
    describe: () => world.describe(),
    reset: () => world.reset(),
    advance: (duration) => world.advance(duration),
    setNow: (instant) => world.setNow(instant),
    openPosition: (input) => world.openPosition(input),
    closePosition: (positionHash) => world.closePosition(positionHash),
    setFaults: (faults) => world.setFaults(faults),
    clearFaults: () => world.clearFaults(),
    faults: () => world.faults(),
    fault: (operationId) => world.fault(operationId),
  };
}

/**
 * Builds the sandbox for a seed: one timeline, and its worlds over it, each with a clock starting at `now`.
 *
 * @example
 * const sandbox = createSandbox({ seed: 7 });
 * const page = sandbox.answer({ operationId: 'listLeaderboard', path: {}, query: { page: '1', size: '10' } });
 * // page.status === 200; page.body.content holds ranks 11 to 20
 * sandbox.advance('PT1H'); // an hour later: prices have moved, windows slid
 * @throws TypeError when the seed is not an integer from 0 to 2^32 - 1, now is not an ISO-8601 instant, or the
 * clock is not `{ wallMs, rate? }`.
 */
export function createSandbox(options?: SandboxOptions): Sandbox {
  const inputs = readOptions(options);
  const host = new Host(new Timeline(inputs.seed), inputs.now, inputs.clock);
  const main = face(host.defaultWorld);
  return Object.defineProperties(
    {
      ...main,
      seed: inputs.seed,
      start: host.defaultWorld.clockState().start,
      world: (name: string) => face(host.world(name)),
      selectWorld(name: string | undefined) {
        try {
          return { world: face(host.world(name)) };
        } catch (error) {
          if (!(error instanceof SandboxInputError)) throw error;
          return { refused: problem(error.status, error.kind, error.title, error.message, error.field) };
        }
      },
      control: (request) => control(host, request),
    } satisfies Omit<Sandbox, 'now'> & { now: string },
    { now: { get: () => host.defaultWorld.now, enumerable: true } },
  ) as Sandbox;
}
