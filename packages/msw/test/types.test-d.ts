// Type tests, checked by the root `tsc -b` (never run): operations and scenario keys are
// names the compiler knows, so a typo fails to compile instead of failing at run time.
import type { operations as ContractOperationsById, paths } from '@trading-analytics/client';
import type { HttpHandler } from 'msw';
import { expectTypeOf } from 'vitest';
import {
  type ActiveFaults,
  createHandlers,
  createSandbox,
  type DataMatchesPaths,
  type FaultsInput,
  http,
  type MswSandbox,
  type MswSandboxWorld,
  type OpenPositionInput,
  type OperationData,
  type OperationId,
  type OperationMethod,
  type OperationPath,
  operations,
  type SandboxDescription,
  type SandboxHandlerOptions,
  type SandboxPosition,
  type ScenarioChoices,
  type ScenarioData,
  type ScenarioKey,
  scenario,
  scenarioKeys,
} from '../src/index.js';

export function operationIdsAreTheContracts() {
  expectTypeOf<OperationId>().toEqualTypeOf<keyof ContractOperationsById>();
  // Every operation's path and method of the data module exist in the client's `paths`.
  expectTypeOf<DataMatchesPaths[OperationId]>().toEqualTypeOf<true>();
}

export function scenarioKeysAreTyped() {
  expectTypeOf<ScenarioKey<'getUnrealizedPnl'>>().toEqualTypeOf<
    '200' | '400' | '503' | 'withPositions' | 'emptyAccount' | 'emptyAccountPriceAsOfOmitted'
  >();
  expectTypeOf<ScenarioKey<'submitTradingIntent'>>().toEqualTypeOf<never>();
  expectTypeOf(scenario('getUnrealizedPnl', 'emptyAccount')).toEqualTypeOf<HttpHandler>();
  expectTypeOf(scenarioKeys('listPositions')).toEqualTypeOf<
    ('200' | 'openAndClosedPositions' | 'closedPositionWithCloseInfo' | 'emptyPage')[]
  >();
  scenario('getUnrealizedPnl', '503');
  createHandlers({
    scenarios: { getUnrealizedPnl: '503', listPositions: 'emptyPage' },
    baseUrl: 'https://api.example.com',
  });
}

export function typosDoNotCompile() {
  // @ts-expect-error an operationId with a typo
  scenario('getUnrealisedPnl', 'emptyAccount');
  // @ts-expect-error a scenario key with a typo
  scenario('getUnrealizedPnl', 'emptyAcount');
  // @ts-expect-error a key of another operation
  scenario('getUnrealizedPnl', 'emptyPage');
  // @ts-expect-error a status the operation does not document
  scenario('getUnrealizedPnl', '404');
  // @ts-expect-error a status as a number: keys are strings, as in the mock's README
  scenario('getUnrealizedPnl', 503);
  // @ts-expect-error a typo in createHandlers' scenarios
  createHandlers({ scenarios: { listPositions: 'emptyHistory' } });
  // @ts-expect-error an unknown operation in createHandlers' scenarios
  createHandlers({ scenarios: { listPosition: 'emptyPage' } });
}

export function ownHandlersAreTypedByPaths() {
  http.get('/v1/portfolio/{user_address}/unrealized-pnl', ({ params, response }) => {
    expectTypeOf(params.user_address).toEqualTypeOf<string>();
    return response(503).empty();
  });
  // @ts-expect-error a path the contract does not have
  http.get('/v1/portfolio/{user_address}/realized-pnl', ({ response }) => response(200).empty());
  // @ts-expect-error a method the path does not have
  http.delete('/v1/leaderboard', ({ response }) => response(200).empty());
  // @ts-expect-error a status the operation does not document
  http.get('/v1/sstk/apy', ({ response }) => response(418).empty());
}

export function createSandboxIsTyped() {
  const sandbox = createSandbox({ seed: 7, now: '2026-11-21T12:00:00Z', baseUrl: 'https://api.example.com' });
  expectTypeOf(sandbox).toEqualTypeOf<MswSandbox>();
  expectTypeOf(sandbox.handlers).toEqualTypeOf<HttpHandler[]>();
  expectTypeOf(sandbox.reset).toEqualTypeOf<() => void>();
  expectTypeOf(sandbox.describe()).toEqualTypeOf<SandboxDescription>();
  expectTypeOf(sandbox.describe().tryThese).toEqualTypeOf<Record<string, string[]>>();
  // @ts-expect-error a seed is a number
  createSandbox({ seed: '7' });
  // @ts-expect-error no such option
  createSandbox({ scenarios: {} });
}

export function everyPublicTypeIsNamed() {
  expectTypeOf(operations.getUnrealizedPnl).toEqualTypeOf<OperationData>();
  expectTypeOf<OperationData['scenarios'][string]>().toEqualTypeOf<ScenarioData>();
  expectTypeOf<OperationPath<'getUnrealizedPnl'>>().toEqualTypeOf<'/v1/portfolio/{user_address}/unrealized-pnl'>();
  expectTypeOf<OperationMethod<'getUnrealizedPnl'>>().toEqualTypeOf<'get'>();
  expectTypeOf<OperationPath<OperationId>>().toExtend<keyof paths>();
  expectTypeOf<ScenarioChoices['getUnrealizedPnl']>().toEqualTypeOf<ScenarioKey<'getUnrealizedPnl'> | undefined>();
  expectTypeOf(createSandbox).parameters.toEqualTypeOf<[SandboxHandlerOptions?]>();
}

export function sandboxControlsAreTyped() {
  const sandbox = createSandbox({ now: 'wall', clock: 'live', clockRate: 60 });
  expectTypeOf(sandbox.world('checkout')).toEqualTypeOf<MswSandboxWorld>();
  expectTypeOf(sandbox.advance('PT1H')).toEqualTypeOf<SandboxDescription>();
  expectTypeOf(sandbox.openPosition).parameter(0).toEqualTypeOf<OpenPositionInput>();
  expectTypeOf(sandbox.closePosition('0x')).toEqualTypeOf<SandboxPosition>();
  expectTypeOf(sandbox.setFaults).parameter(0).toEqualTypeOf<FaultsInput>();
  expectTypeOf(sandbox.clearFaults()).toEqualTypeOf<ActiveFaults>();
  // @ts-expect-error the clock is 'fixed' or 'live'
  createSandbox({ clock: 'fast' });
}
