// Type tests of the public API, checked by the root `tsc -b` (never run). Each `@ts-expect-error`
// covers one statement.
import { expectTypeOf } from 'vitest';
import { readSandboxFlags, readScenarioChoices, sandboxHint, scenarioHint } from '../src/cli.js';
import {
  contractPath,
  type controlPath,
  listScenarios,
  type MockOptions,
  type MockServer,
  type OperationScenarioKeys,
  type OperationScenarios,
  type ResponseScenarios,
  type SandboxSettings,
  type ScenarioCatalog,
  type ScenarioExample,
  type ScenarioSelection,
  scenarioKeys,
  startMock,
} from '../src/index.js';

export async function startMockIsTyped() {
  expectTypeOf(startMock).parameter(0).toEqualTypeOf<MockOptions | undefined>();
  const mock = await startMock({ port: 0, logLevel: 'error', scenarios: { getUnrealizedPnl: '503' } });
  expectTypeOf(mock).toEqualTypeOf<MockServer>();
  expectTypeOf(mock.url).toEqualTypeOf<string>();
  expectTypeOf(mock.port).toEqualTypeOf<number>();
  // A resolved mock has reported that it listens, so its process exists.
  expectTypeOf(mock.pid).toEqualTypeOf<number>();
  expectTypeOf(mock.exited).resolves.toEqualTypeOf<{ code: number | null; signal: NodeJS.Signals | null }>();
  expectTypeOf(mock.reload).toEqualTypeOf<(contract?: string) => Promise<void>>();
  expectTypeOf(mock.close).returns.resolves.toBeVoid();

  // @ts-expect-error a log level the mock does not know
  await startMock({ logLevel: 'loud' });
  // @ts-expect-error a port is a number
  await startMock({ port: '4010' });
  // @ts-expect-error a scenario key is text
  await startMock({ scenarios: { getUnrealizedPnl: 503 } });
  // @ts-expect-error no such option
  await startMock({ dynamic: true });
}

export async function sandboxIsTyped() {
  const sandboxed = await startMock({ port: 0, sandbox: { seed: 7, now: '2026-11-21T12:00:00Z' } });
  expectTypeOf(sandboxed.sandbox).toEqualTypeOf<{ seed: number; now: string } | undefined>();
  await startMock({ sandbox: true });
  expectTypeOf(readSandboxFlags({ sandbox: true, seed: '7' })).toEqualTypeOf<SandboxSettings | false>();
  expectTypeOf(sandboxHint).toEqualTypeOf<(world: { seed: number; now: string }) => string>();
  // @ts-expect-error a seed is a number
  await startMock({ sandbox: { seed: '7' } });
  // @ts-expect-error the sandbox takes a seed and a now only
  await startMock({ sandbox: { size: 1000 } });
}

export function scenariosAreTyped(document: Parameters<typeof listScenarios>[0]) {
  expectTypeOf(listScenarios(document)).toEqualTypeOf<OperationScenarios[]>();
  expectTypeOf<OperationScenarios['defaultStatus']>().toEqualTypeOf<number | undefined>();
  expectTypeOf<OperationScenarios['responses'][number]['examples'][number]>().toEqualTypeOf<{
    key: string;
    summary: string;
  }>();
  expectTypeOf(scenarioKeys(document)).toEqualTypeOf<
    Record<
      string,
      { method: string; path: string; defaultKey: string | undefined; keys: Record<string, ScenarioSelection> }
    >
  >();
  expectTypeOf<ScenarioSelection>().toEqualTypeOf<{ code: number; exampleKey?: string }>();
  expectTypeOf(scenarioKeys(document)).toEqualTypeOf<ScenarioCatalog>();
  expectTypeOf<ScenarioCatalog[string]>().toEqualTypeOf<OperationScenarioKeys>();
  expectTypeOf<OperationScenarios['responses'][number]>().toEqualTypeOf<ResponseScenarios>();
  expectTypeOf<ResponseScenarios['examples'][number]>().toEqualTypeOf<ScenarioExample>();
}

export function helpersAreTyped() {
  expectTypeOf<typeof controlPath>().toEqualTypeOf<'/__scenarios'>();
  expectTypeOf(scenarioHint).toEqualTypeOf<string>();
  expectTypeOf(contractPath).toEqualTypeOf<() => string>();
  expectTypeOf(
    readScenarioChoices({ scenario: ['getUnrealizedPnl=503'], scenariosFile: 'choices.json' }),
  ).toEqualTypeOf<Record<string, string>>();
  // @ts-expect-error --scenario is repeatable: a list
  readScenarioChoices({ scenario: 'getUnrealizedPnl=503' });
}
