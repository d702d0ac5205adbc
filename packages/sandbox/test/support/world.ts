// One sandbox per test file (building a world takes a moment), and short ways to ask it things.
import { createSandbox, type Sandbox, type SandboxAnswer } from '../../src/index.js';

export const AVA = '0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b';
export const BEN = '0x9c1e5d2b7a3f48e6c0d1b2a39485f6e7d8c9b0a1';
export const CY = '0xd4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f607';
export const DEE = '0x52d0e3b1a4c9f87e6d5c4b3a291807f6e5d4c3b2';
export const NOBODY = '0x00000000000000000000000000000000000b0b00';
export const BTC = '0xbd1f3e2c8a4d6b7e9f0a1c2d3e4f5a6b7c8d9e0f';
export const ETH = '0xe7a2c4d6f8b0a1c3e5d7f9b1a3c5e7d9f1b3a5c7';
export const MON = '0x6d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f7a8b9c0';
export const AAPL = '0xa1a2a3a4a5a6a7a8a9b0b1b2b3b4b5b6b7b8b9c0';
export const DEAD = '0x000000000000000000000000000000000000dead';
export const USDC = '0x5d876d73f4441d5f2438b1a3e2a51771b337f27a';
export const WMON = '0x760afe86e5de5fa0ee542fc7b7b713e1c5425701';
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
