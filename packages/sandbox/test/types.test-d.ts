// Type tests of the sandbox's public API, checked by the root `tsc -b` (never run).
import { expectTypeOf } from 'vitest';
import {
  type CastCompetition,
  type CastMarket,
  type CastMember,
  type CastToken,
  createSandbox,
  DEFAULT_NOW,
  PARAMETERS,
  type Parameter,
  type Sandbox,
  type SandboxAnswer,
  type SandboxDescription,
  type SandboxOptions,
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
