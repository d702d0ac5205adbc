// The cases a user of the mock or the MSW handlers can select, read from the contract itself so the list
// cannot drift from what is served: each documented status (`Prefer: code=<status>`) and each named
// response example (`Prefer: example=<key>`), and the scenario keys built from them.

import type { OpenApiDocument } from './openapi.js';
import { type ContractOperation, concreteStatuses, defaultStatus, listOperations } from './operations.js';

export interface ScenarioExample {
  /** The value for `Prefer: example=<key>`. */
  key: string;
  summary: string;
}

export interface ResponseScenarios {
  /** The value for `Prefer: code=<status>`. */
  status: number;
  /** False when the documented response has no body (the mock answers with an empty one). */
  hasBody: boolean;
  examples: ScenarioExample[];
}

export interface OperationScenarios {
  operationId: string;
  method: string;
  path: string;
  /** The status answered when the request selects nothing: the lowest documented 2xx. */
  defaultStatus: number | undefined;
  responses: ResponseScenarios[];
}

/** What one scenario key selects: a status, and the named example when the key is one. */
export interface ScenarioSelection {
  code: number;
  exampleKey?: string;
}

export interface OperationScenarioKeys {
  method: string;
  path: string;
  /** The key of what a request that selects nothing gets; undefined when no 2xx is documented. */
  defaultKey: string | undefined;
  keys: Record<string, ScenarioSelection>;
}

/** Per operationId, its scenario keys. */
export type ScenarioCatalog = Record<string, OperationScenarioKeys>;

/** Scenario choices: per operationId, a key (null clears a choice where that is allowed). */
export type ScenarioChoices = Record<string, string | null>;

const JSON_MEDIA_TYPE = 'application/json';

/** The selectable cases of one operation. */
export function operationScenarios(operation: ContractOperation): OperationScenarios {
  const lowest = defaultStatus(operation);
  return {
    operationId: operation.operationId,
    method: operation.method.toUpperCase(),
    path: operation.path,
    defaultStatus: lowest === undefined ? undefined : Number(lowest),
    responses: concreteStatuses(operation).map((status) => {
      const declared = operation.responses.find((response) => response.status === status);
      const json = declared?.contents.find((content) => content.mediaType === JSON_MEDIA_TYPE);
      return {
        status: Number(status),
        hasBody: Boolean(declared?.response.content),
        examples: (json?.examples ?? []).map(({ key, summary }) => ({ key, summary })),
      };
    }),
  };
}

/** Lists, per operation in contract order, what a user of the mock can select. */
export function listScenarios(document: OpenApiDocument): OperationScenarios[] {
  return listOperations(document).map(operationScenarios);
}

/**
 * The scenario keys of each operation and what each selects: every documented status as a string (`'503'`:
 * `Prefer: code=503`) and every named example (`'emptyAccount'`: its status and `Prefer:
 * example=emptyAccount`). An example key that is also a status, or named under two statuses, would select two
 * cases, so it is refused.
 */
export function scenarioKeys(document: OpenApiDocument): ScenarioCatalog {
  const catalog: ScenarioCatalog = {};
  for (const operation of listScenarios(document)) {
    const keys: Record<string, ScenarioSelection> = {};
    for (const response of operation.responses) keys[String(response.status)] = { code: response.status };
    for (const response of operation.responses) {
      for (const { key } of response.examples) {
        if (Object.hasOwn(keys, key)) {
          throw new Error(
            `${operation.operationId}: the scenario key "${key}" names two cases; rename one of its examples.`,
          );
        }
        keys[key] = { code: response.status, exampleKey: key };
      }
    }
    const defaultResponse = operation.responses.find((response) => response.status === operation.defaultStatus);
    const defaultKey = defaultResponse
      ? (defaultResponse.examples[0]?.key ?? String(defaultResponse.status))
      : undefined;
    catalog[operation.operationId] = { method: operation.method, path: operation.path, defaultKey, keys };
  }
  return catalog;
}

/** Why an operation has no scenario `key`, in the words every package uses. */
export function unknownScenarioMessage(operationId: string, key: unknown, knownKeys: readonly string[]): string {
  const known = knownKeys.length > 0 ? `its scenarios are: ${knownKeys.join(', ')}` : 'it documents no scenario';
  return `${operationId} has no scenario ${JSON.stringify(key)}; ${known}.`;
}

/** Why an operationId is not one of the contract's, listing those that are. */
export function unknownOperationMessage(operationId: string, operationIds: readonly string[]): string {
  return `Unknown operation "${operationId}". The operations are: ${operationIds.join(', ')}.`;
}

/** Why `choices` cannot be applied (not an object, unknown operation or key, a key that is not text); empty when they can. */
export function choiceProblems(catalog: ScenarioCatalog, choices: unknown): string[] {
  if (choices === null || typeof choices !== 'object' || Array.isArray(choices)) {
    return [`Scenarios must be a JSON object of "<operationId>": "<key>", got ${JSON.stringify(choices)}.`];
  }
  const problems: string[] = [];
  for (const [operationId, key] of Object.entries(choices)) {
    const operation = Object.hasOwn(catalog, operationId) ? catalog[operationId] : undefined;
    if (!operation) problems.push(unknownOperationMessage(operationId, Object.keys(catalog)));
    else if (key !== null && (typeof key !== 'string' || !Object.hasOwn(operation.keys, key))) {
      problems.push(unknownScenarioMessage(operationId, key, Object.keys(operation.keys)));
    }
  }
  return problems;
}

/** The statuses a `Prefer: code=` may select: the declared ones, or the mock's 200 when none is declared. */
export function selectableCodes(operation: ContractOperation): string[] {
  const codes = concreteStatuses(operation);
  return codes.length > 0 ? codes : ['200'];
}

/**
 * Why the preferences select nothing the operation documents (answered 404), or undefined when they select
 * something.
 */
export function selectionMiss(
  operation: ContractOperation,
  { code, exampleKey }: { code?: number; exampleKey?: string },
): string | undefined {
  const codes = selectableCodes(operation);
  const name = operation.operationId;
  if (code !== undefined && !codes.includes(String(code))) {
    const documented = concreteStatuses(operation);
    // An operation with only a `default` response documents no status: the 200 it is answered with is the
    // mock's own choice, and the message must not present it as the contract's.
    return documented.length > 0
      ? `${name} documents no status ${code}; it documents ${documented.join(', ')}.`
      : `${name} documents no status ${code}: it documents none, only a \`default\` response, as the service does not document its statuses; it is answered with 200, the mock's own choice and the one status \`Prefer: code=\` may select.`;
  }
  if (exampleKey === undefined) return undefined;
  const status =
    code !== undefined
      ? String(code)
      : (codes.filter((candidate) => candidate.startsWith('2')).sort()[0] ?? (codes[0] as string));
  const response = operation.responses.find((candidate) => candidate.status === status);
  const keys = [
    ...new Set((response?.contents ?? []).flatMap((content) => content.examples.map((example) => example.key))),
  ];
  if (keys.includes(exampleKey)) return undefined;
  return keys.length > 0
    ? `${name} has no example ${JSON.stringify(exampleKey)} for status ${status}; its examples are ${keys.join(', ')}.`
    : `${name} documents no examples for status ${status}, so example ${JSON.stringify(exampleKey)} cannot be selected.`;
}
