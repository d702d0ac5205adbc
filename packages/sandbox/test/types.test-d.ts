// Type tests of the sandbox's public API, checked by the root `tsc -p tsconfig.json` (never run).
import { expectTypeOf } from 'vitest';
import {
  createSandbox,
  DEFAULT_NOW,
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
