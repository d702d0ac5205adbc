// What the handlers know of each operation, built when they load from the contract in dist/contract-data.js
// with the core's model: its cases (each scenario key with its status and example body, from the core's
// catalog, so the keys are the mock's), and the parameters and request body the checks read.
import {
  type ContractOperation,
  createContract,
  type HttpMethod,
  type Json,
  type OperationScenarioKeys,
  type Parameter,
  type RequestBody,
  unknownOperationMessage,
} from '@trading-analytics/core';
import { type ContractOperations, contract as document } from './contract-data.js';

/** The operationId of every operation of the contract. */
export type OperationId = keyof ContractOperations;

/** One documented case: its status and example body (`sameAs` names the example a status answers with). */
export interface ScenarioData {
  status: number;
  /** The example's value; absent for a status without examples, which answers with an empty body. */
  body?: Json;
  sameAs?: string;
}

/** What the handlers know of one operation, from the bundled contract. */
export interface OperationData {
  method: HttpMethod;
  path: string;
  /** The case answered when nothing is chosen; null when the operation documents no status (empty 200). */
  defaultScenario: string | null;
  scenarios: Record<string, ScenarioData>;
  /** `'400'` when the operation declares a 400, which then answers refused requests. */
  refusal: '400' | null;
  /** Its parameters (path-level ones merged in), with references followed. */
  parameters: Parameter[];
  /** Its request body with references followed, or null when it takes none. */
  requestBody: RequestBody | null;
}

/** The core's model of the contract the handlers answer from. */
export const contract = createContract(document);
const catalog = contract.scenarios();

/** The examples of the JSON body an operation documents for a status (the examples the keys name). */
function jsonExamples(operation: ContractOperation, status: number) {
  const response = operation.responses.find((candidate) => candidate.status === String(status));
  return response?.contents.find((content) => content.mediaType === 'application/json')?.examples ?? [];
}

function scenarioData(operation: ContractOperation, keys: OperationScenarioKeys['keys']): Record<string, ScenarioData> {
  const scenarios: Record<string, ScenarioData> = {};
  for (const [key, { code, exampleKey }] of Object.entries(keys)) {
    const examples = jsonExamples(operation, code);
    if (exampleKey === undefined) {
      // `code=<status>` gets that status with its first example (named, so each body is kept once), or an
      // empty body when none is documented.
      const first = examples[0];
      scenarios[key] = first ? { status: code, sameAs: first.key } : { status: code };
    } else {
      const body = examples.find((example) => example.key === exampleKey)?.value;
      scenarios[key] = body === undefined ? { status: code } : { status: code, body };
    }
  }
  return scenarios;
}

function operationData(operation: ContractOperation): OperationData {
  const entry = catalog[operation.operationId];
  return {
    method: operation.method,
    path: operation.path,
    defaultScenario: entry?.defaultKey ?? null,
    scenarios: scenarioData(operation, entry?.keys ?? {}),
    refusal: operation.responses.some((response) => response.status === '400') ? '400' : null,
    parameters: operation.parameters,
    requestBody: operation.requestBody ?? null,
  };
}

/** The handlers' data per operation, in contract order. */
export const operations = Object.fromEntries(
  contract.operations.map((operation) => [operation.operationId, operationData(operation)]),
) as { readonly [O in OperationId]: OperationData };

/** The operation of an operationId; throws, listing the operations, when the contract has none. */
export function operationOf(operationId: string): { model: ContractOperation; data: OperationData } {
  const model = contract.operation(operationId);
  if (!model || !Object.hasOwn(operations, operationId)) {
    throw new Error(unknownOperationMessage(operationId, Object.keys(operations)));
  }
  return { model, data: operations[operationId as OperationId] };
}
