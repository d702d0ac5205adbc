import type { paths } from '@trading-analytics/client';
import type { HttpHandler } from 'msw';
import type { OpenApiHttpHandlers } from 'openapi-msw';
import type { ContractOperations } from './contract-data.js';

/** The operationId of every operation of the contract. */
export type OperationId = keyof ContractOperations;

/** The scenario keys of one operation: each documented status (`'503'`) and each named example. */
export type ScenarioKey<O extends OperationId> = ContractOperations[O]['scenario'];

/** A scenario per operation, for `createHandlers({ scenarios })`. */
export type ScenarioChoices = { [O in OperationId]?: ScenarioKey<O> };

/** The contract path (a key of `paths`) and method of an operation. */
export type OperationPath<O extends OperationId> = ContractOperations[O]['path'] & keyof paths;
export type OperationMethod<O extends OperationId> = ContractOperations[O]['method'] & keyof paths[OperationPath<O>];

/**
 * Fails to type-check when the handlers' data names a path or method the contract's `paths` lacks (a data
 * module out of step with the client's types): every entry must be `true`.
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

/** One documented case: its status and example body (`sameAs` names the example a status answers with). */
export interface ScenarioData {
  status: number;
  body?: unknown;
  sameAs?: string;
}

/** What the handlers know of one operation, from the bundled contract. */
export interface OperationData {
  method: string;
  path: string;
  /** The case answered when nothing is chosen; null when the operation documents no status (empty 200). */
  defaultScenario: string | null;
  scenarios: Record<string, ScenarioData>;
  /** `'400'` when the operation declares a 400, which then answers refused requests. */
  refusal: string | null;
  query?: object;
  queryArrays: Record<string, boolean>;
  pathParameters?: object;
  body: { required: boolean; mediaTypes: string[]; schema?: object } | null;
}

/** Every operation answering its default case, on any origin. */
export declare const handlers: HttpHandler[];

/** One handler per operation, each answering its default case or the one `scenarios` picks. */
export declare function createHandlers(options?: CreateHandlersOptions): HttpHandler[];

/**
 * A handler answering one operation with one of its documented cases, for `server.use(...)` or
 * `worker.use(...)`. Throws, listing the keys, when the operation has no such scenario.
 */
export declare function scenario<O extends OperationId>(operationId: O, key: ScenarioKey<O>, options?: HandlerOptions): HttpHandler;

/** The scenario keys of an operation: its documented statuses, then its named examples, in contract order. */
export declare function scenarioKeys<O extends OperationId>(operationId: O): ScenarioKey<O>[];

/** The handlers' data per operation (paths, cases, schemas for the refusals). */
export declare const operations: { readonly [O in OperationId]: OperationData };

/**
 * openapi-msw's `http`, typed by the contract's `paths` and matching any origin, for handlers of your own:
 * paths, parameters, bodies and statuses are checked against the contract.
 */
export declare const http: OpenApiHttpHandlers<paths>;
