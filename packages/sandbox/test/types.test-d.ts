// Type tests of the sandbox's public API, checked by the root `tsc -b` (never run).
import { expectTypeOf } from 'vitest';
import {
  type ActiveFault,
  type ActiveFaults,
  type CastCompetition,
  type CastMarket,
  type CastMember,
  type CastToken,
  type ControlRequest,
  createSandbox,
  DEFAULT_NOW,
  type FaultDecision,
  type FaultError,
  type FaultsInput,
  type LiveClock,
  type OpenPositionInput,
  PARAMETERS,
  type Parameter,
  type Sandbox,
  type SandboxAnswer,
  type SandboxDescription,
  type SandboxOptions,
  type SandboxPosition,
  type SandboxWorld,
} from '../src/index.js';

expectTypeOf(createSandbox).parameters.toEqualTypeOf<[options?: SandboxOptions]>();
const sandbox = createSandbox({ seed: 7, now: DEFAULT_NOW });
expectTypeOf(sandbox).toEqualTypeOf<Sandbox>();
expectTypeOf(sandbox.answer({ operationId: 'listPairs', path: {}, query: {} })).toEqualTypeOf<SandboxAnswer>();
expectTypeOf(sandbox.describe()).toEqualTypeOf<SandboxDescription>();
expectTypeOf(sandbox.reset).returns.toEqualTypeOf<void>();
// @ts-expect-error the seed is a number, not text
createSandbox({ seed: '7' });
// @ts-expect-error a request names its operation
sandbox.answer({ path: {}, query: {} });

// What describe() shows is named type by type, and so is each parameter the sandbox reads.
const { cast } = sandbox.describe();
expectTypeOf(cast.traders).toEqualTypeOf<CastMember[]>();
expectTypeOf(cast.tokens).toEqualTypeOf<CastToken[]>();
expectTypeOf(cast.markets).toEqualTypeOf<CastMarket[]>();
expectTypeOf(cast.competitions).toEqualTypeOf<CastCompetition[]>();
expectTypeOf(PARAMETERS).toEqualTypeOf<Readonly<Record<string, readonly Parameter[]>>>();

// The controls (issue 29): a live clock handed in, trades answered as the contract's Position, faults as
// given and as kept, the fault a request meets, and a control request as a server hands it over.
expectTypeOf<SandboxOptions['clock']>().toEqualTypeOf<LiveClock | undefined>();
createSandbox({ clock: { wallMs: () => Date.now(), rate: 60 } });
// @ts-expect-error a live clock is a function of the wall clock, not an instant
createSandbox({ clock: '2026-11-21T12:00:00Z' });
expectTypeOf(sandbox.world('checkout')).toEqualTypeOf<SandboxWorld>();
expectTypeOf(sandbox.advance('PT1H')).toEqualTypeOf<SandboxDescription>();
expectTypeOf(sandbox.openPosition).parameter(0).toEqualTypeOf<OpenPositionInput>();
expectTypeOf(sandbox.openPosition).returns.toEqualTypeOf<SandboxPosition>();
expectTypeOf<SandboxPosition['positionHash']>().toEqualTypeOf<string>();
// @ts-expect-error a margin is an integer string in the collateral's decimals, never a number
sandbox.openPosition({ trader: '0x', pairBase: '0x', isLong: true, leverage: 10, margin: 100 });
expectTypeOf<FaultsInput['errors']>().toEqualTypeOf<FaultError[] | undefined>();
expectTypeOf(sandbox.setFaults({ errors: [{ operationId: 'listPairs', reset: true }] })).toEqualTypeOf<ActiveFaults>();
expectTypeOf<ActiveFaults['errors']>().toEqualTypeOf<ActiveFault[]>();
expectTypeOf(sandbox.fault('listPairs')).toEqualTypeOf<FaultDecision>();
expectTypeOf(sandbox.control).parameter(0).toEqualTypeOf<ControlRequest>();
expectTypeOf(sandbox.control).returns.toEqualTypeOf<SandboxAnswer>();
