// The bundled contract (generated/openapi.json) for tests, read through the core (@trading-analytics/core):
// its operations, its references, and JSON Schema 2020-12 validation of any value against any schema in it
// with the project's one Ajv setup. Values come back loosely typed (`Json`) since tests probe the bundle as data.
import { readFileSync } from 'node:fs';
import {
  ContractValidator as CoreValidator,
  listOperations as contractOperations,
  escapePointer,
  type OpenApiDocument,
  resolve as resolveReference,
} from '@trading-analytics/core';
import { bundlePath } from '@trading-analytics/pipeline/paths';

export { escapePointer };

export const bundleFile: string = bundlePath;

/** Any value read from the bundle: tests index into it freely, as the data it is. */
// biome-ignore lint/suspicious/noExplicitAny: a test reads the bundle as untyped data, whatever its shape
export type Json = any;

export function loadBundle(): Json {
  return JSON.parse(readFileSync(bundleFile, 'utf8'));
}

/** Freezes a value and everything in it, so a test that writes to it fails instead of changing it for others. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

// The bundle a validator reads when given none, and the core validator of each document: built once per
// process, since a worker runs several test files (isolate: false) and compiling the contract's schemas costs
// about a second per validator. The bundle is frozen: no file can change what the next one reads.
let sharedBundle: Json | undefined;
const coreValidators = new WeakMap<object, CoreValidator>();

function coreValidatorOf(document: Json): CoreValidator {
  let validator = coreValidators.get(document);
  if (!validator) {
    validator = new CoreValidator(document as OpenApiDocument);
    coreValidators.set(document, validator);
  }
  return validator;
}

export interface OperationEntry {
  operationId: string;
  method: string;
  path: string;
  operation: Json;
  pointer: string;
}

/** Every operation of the bundle, in contract order, with its pointer (`#/paths/~1v1~1pairs/get`). */
export function listOperations(document: Json = loadBundle()): OperationEntry[] {
  return contractOperations(document as OpenApiDocument);
}

/**
 * Follows local `$ref`s to the node they name. Keywords written beside a `$ref` (OpenAPI 3.1 allows
 * `description`, `default`...) are kept and win over the target's.
 */
export function resolve(document: Json, node: Json): Json {
  return resolveReference<Json>(document, node);
}

/** Validation against the bundle's schemas, with errors as readable lines. */
export class ContractValidator {
  readonly document: Json;
  private readonly validator: CoreValidator;
  private readonly operations: OperationEntry[];

  /** Over the repository's bundle when no document is given (one frozen copy per process, shared). */
  constructor(document?: Json) {
    if (document === undefined) sharedBundle ??= deepFreeze(loadBundle());
    this.document = document ?? sharedBundle;
    this.validator = coreValidatorOf(this.document);
    this.operations = listOperations(this.document);
  }

  /** Returns readable errors (empty when valid) for a value against the schema at a pointer. */
  errorsAt(pointer: string, value: unknown): string[] {
    return this.validator.errorsAt(pointer, value).map((error) => `${error.at} ${error.message}`);
  }

  /** Pointer to the JSON schema of an operation's response body, or undefined when it has none. */
  responseSchemaPointer(method: string, path: string, status: string | number): string | undefined {
    const operation = this.operations.find(
      (candidate) => candidate.method === method.toLowerCase() && candidate.path === path,
    );
    if (!operation) throw new Error(`The contract has no operation ${method.toUpperCase()} ${path}.`);
    const response = resolve(this.document, operation.operation.responses?.[String(status)]);
    if (!response) throw new Error(`${method.toUpperCase()} ${path} declares no ${status} response.`);
    if (!response.content?.['application/json']?.schema) return undefined;
    return `${operation.pointer}/responses/${status}/content/${escapePointer('application/json')}/schema`;
  }
}
