// One sandbox per test file (building a world takes a moment), and short ways to ask it things.
import { pairBases, tokens, traders, unresolvablePairBase } from '../../../mock/test/support/cast';
import { createSandbox, type Sandbox, type SandboxAnswer } from '../../src/index.js';

// The examples' cast as the tests here name it.
export const { ava: AVA, ben: BEN, cy: CY, dee: DEE } = traders;
export const { btc: BTC, eth: ETH, mon: MON, aapl: AAPL } = pairBases;
export const { usdc: USDC, wmon: WMON } = tokens;
export const DEAD = unresolvablePairBase;
/** An address no one in the world has. */
export const NOBODY = '0x00000000000000000000000000000000000b0b00';
/** The default now, 2026-11-21T12:00:00Z, in Unix seconds. */
export const NOW = 1_795_262_400;

let shared: Sandbox | undefined;
/** The default world (seed 1, the examples' now), built once per test file. */
export function defaultSandbox(): Sandbox {
  shared ??= createSandbox();
  return shared;
}

// biome-ignore lint/suspicious/noExplicitAny: tests read an answer's fields directly; test/contract.test.ts holds every answer to the contract's schemas
export type Body = any;

/** Asks a sandbox; query values may be given as numbers or booleans for brevity. */
export function ask(
  sandbox: Sandbox,
  operationId: string,
  query: Record<string, string | number | boolean | string[]> = {},
  path: Record<string, string | number> = {},
  body?: unknown,
): SandboxAnswer & { body: Body } {
  const text = (record: Record<string, unknown>): Record<string, string> =>
    Object.fromEntries(
      Object.entries(record).map(([key, value]) => [key, Array.isArray(value) ? value : String(value)]),
    ) as Record<string, string>;
  return sandbox.answer({ operationId, path: text(path), query: text(query), body }) as SandboxAnswer & { body: Body };
}

/** The body of a 200 answer; fails the test with the problem otherwise. */
export function ok(answer: SandboxAnswer): Body {
  if (answer.status !== 200) throw new Error(`expected 200, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
