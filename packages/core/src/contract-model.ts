// One bundled contract as the packages use it: its operations, a router over them, and what is derived
// from an operation once and then kept (the inlined body schema walked by the integer check).
import type { OpenApiDocument, Schema } from './openapi.js';
import { type ContractOperation, createRouter, inlinedBodySchema, listOperations, type Route } from './operations.js';
import { type ScenarioCatalog, scenarioKeys } from './scenarios.js';

export interface Contract {
  readonly document: OpenApiDocument;
  readonly operations: readonly ContractOperation[];
  /** The operation of an operationId, or undefined. */
  operation(operationId: string): ContractOperation | undefined;
  route(method: string, segments: readonly string[]): Route;
  /** The operation's JSON request body schema with its references inlined; undefined when it takes none. */
  inlinedBodySchema(operation: ContractOperation): Schema | undefined;
  /** The scenario keys of every operation (built on first use). */
  scenarios(): ScenarioCatalog;
}

/** Builds the model of a bundled document. Throws when two examples of an operation share a scenario key only on `scenarios()`. */
export function createContract(document: OpenApiDocument): Contract {
  const operations = listOperations(document);
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  const route = createRouter(operations);
  const inlined = new Map<ContractOperation, Schema | undefined>();
  let catalog: ScenarioCatalog | undefined;
  return {
    document,
    operations,
    operation: (operationId) => byId.get(operationId),
    route,
    inlinedBodySchema(operation) {
      if (!inlined.has(operation)) inlined.set(operation, inlinedBodySchema(document, operation));
      return inlined.get(operation);
    },
    scenarios: () => (catalog ??= scenarioKeys(document)),
  };
}
