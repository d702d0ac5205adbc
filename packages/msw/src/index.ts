// @trading-analytics/msw: MSW handlers for every operation of the contract, answering its documented
// examples (or, from createSandbox, the sandbox's seeded world), with the scenarios and the refusals of the
// mock (@trading-analytics/mock). The contract comes from ./contract-data.js, which the root build writes from
// the bundle into generated/ and this package's build copies into dist/ (tsconfig's rootDirs); the checks, the refusals and the
// scenario keys are the core's (@trading-analytics/core), which the mock uses too.

import { ownOptions, unknownScenarioMessage } from '@trading-analytics/core';
import type { paths } from '@trading-analytics/types';
import type { HttpHandler } from 'msw';
import { createOpenApiHttp, type OpenApiHttpHandlers } from 'openapi-msw';
import type { ContractOperations } from './contract-data.js';
import { anyOrigin, handler } from './handler.js';
import { type OperationId, operationOf, operations } from './operations.js';

export { type OperationData, type OperationId, operations, type ScenarioData } from './operations.js';
export {
  type ActiveFaults,
  createSandbox,
  type FaultsInput,
  type MswSandbox,
  type MswSandboxWorld,
  type OpenPositionInput,
  type SandboxDescription,
  type SandboxHandlerOptions,
  type SandboxPosition,
} from './sandbox.js';

/** The scenario keys of one operation: each documented status (`'503'`) and each named example. */
export type ScenarioKey<O extends OperationId> = ContractOperations[O]['scenario'];

/** A scenario per operation, for `createHandlers({ scenarios })`. */
export type ScenarioChoices = { [O in OperationId]?: ScenarioKey<O> };

/** The contract path (a key of `paths`) and method of an operation. */
export type OperationPath<O extends OperationId> = ContractOperations[O]['path'] & keyof paths;
export type OperationMethod<O extends OperationId> = ContractOperations[O]['method'] & keyof paths[OperationPath<O>];

/**
 * Fails to type-check when the handlers' data names a path or method the contract's `paths` lacks (a data
 * module out of step with the contract's types): every entry must be `true`.
 */
export type DataMatchesPaths = {
  [O in OperationId]: ContractOperations[O]['path'] extends keyof paths
    ? ContractOperations[O]['method'] extends keyof paths[ContractOperations[O]['path']]
      ? true
      : false
    : false;
};

export interface HandlerOptions {
  /**
   * Origin (and optional path prefix) the handlers answer, e.g. `https://api.example.com`. Default `'*'`:
   * the contract's paths on any origin, so an app's own base URL needs no setting.
   */
  baseUrl?: string;
}

export interface CreateHandlersOptions extends HandlerOptions {
  /** The case each listed operation answers instead of its default. */
  scenarios?: ScenarioChoices;
}

const operationIds = Object.keys(operations) as OperationId[];

/** The keys `scenario()` accepts for an operation: its documented statuses, then its named examples, in contract order. */
export function scenarioKeys<O extends OperationId>(operationId: O): ScenarioKey<O>[] {
  return Object.keys(operationOf(operationId).data.scenarios) as ScenarioKey<O>[];
}

/** The key itself, when it is one of the operation's; throws, listing its keys, when it is not. */
function checkedKey(operationId: string, key: unknown): string {
  const keys: string[] = scenarioKeys(operationId as OperationId);
  if (typeof key !== 'string' || !keys.includes(key)) throw new Error(unknownScenarioMessage(operationId, key, keys));
  return key;
}

/**
 * One handler per operation, answering its default case, or the case `scenarios` picks for it. Put them in
 * `setupServer(...)` or `setupWorker(...)`; they match the contract's paths on any origin unless `baseUrl`
 * narrows them to one. Only the options' own properties are read: an inherited one is ignored.
 */
export function createHandlers(options: CreateHandlersOptions = {}): HttpHandler[] {
  const { baseUrl = anyOrigin, scenarios = {} } = ownOptions(options);
  const chosen: Record<string, string> = {};
  for (const [operationId, key] of Object.entries(scenarios)) chosen[operationId] = checkedKey(operationId, key);
  return operationIds.map((operationId) =>
    handler(operationId, { key: chosen[operationId] ?? operations[operationId].defaultScenario }, baseUrl),
  );
}

/**
 * A handler answering one operation with one of its documented cases, for `server.use(...)` or
 * `worker.use(...)`. Throws, listing the keys, when the operation has no such scenario.
 */
export function scenario<O extends OperationId>(
  operationId: O,
  key: ScenarioKey<O>,
  options: HandlerOptions = {},
): HttpHandler {
  const { baseUrl = anyOrigin } = ownOptions(options);
  return handler(operationId, { key: checkedKey(operationId, key) }, baseUrl);
}

/** Every operation answering its default case, on any origin. */
export const handlers: HttpHandler[] = createHandlers();

/**
 * openapi-msw's `http`, typed by the contract's paths and matching any origin, for a handler of your own
 * (a body the examples do not have): `http.get('/v1/sstk/apy', ({ response }) => response(200).json('0.05'))`.
 */
export const http: OpenApiHttpHandlers<paths> = createOpenApiHttp<paths>({ baseUrl: anyOrigin });
