// The bundled contract (generated/openapi.json) for tests: its operations, and JSON Schema 2020-12 validation
// of any value against any schema in it, with the project's own string formats.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export const bundleFile = fileURLToPath(new URL('../../generated/openapi.json', import.meta.url));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export const httpMethods = ['get', 'put', 'post', 'delete', 'patch'] as const;

export function loadBundle(): Json {
  return JSON.parse(readFileSync(bundleFile, 'utf8'));
}

export interface OperationEntry {
  method: string;
  path: string;
  operation: Json;
  pointer: string;
}

export function listOperations(document: Json = loadBundle()): OperationEntry[] {
  return Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
    httpMethods
      .filter((method) => item[method])
      .map((method) => ({
        method,
        path,
        operation: item[method],
        pointer: `#/paths/${escapePointer(path)}/${method}`,
      })),
  );
}

export function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/**
 * Follows a local `$ref` (one level at a time) to the object it names. Keywords written beside a `$ref`
 * (OpenAPI 3.1 allows `description`, `default`...) are kept and win over the target's.
 */
export function resolve(document: Json, node: Json): Json {
  let current = node;
  while (current && typeof current === 'object' && typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
    const { $ref, ...siblings } = current;
    const target = $ref
      .slice(2)
      .split('/')
      .map((part: string) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce((at: Json, key: string) => at?.[key], document);
    current =
      Object.keys(siblings).length > 0 && target && typeof target === 'object' ? { ...target, ...siblings } : target;
  }
  return current;
}

function rewriteRefs(node: Json): Json {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string'
        ? value.replace('#/components/schemas/', 'contract#/$defs/')
        : rewriteRefs(value),
    ]),
  );
}

/**
 * The string formats the contract names itself (`integer-string`, `decimal-string`), each read with the
 * pattern its component schema carries, so examples are held to exactly what the contract writes.
 */
function contractFormats(document: Json, knownFormats: object): [string, RegExp][] {
  return Object.values<Json>(document.components?.schemas ?? {})
    .filter(
      (schema) =>
        typeof schema?.format === 'string' && typeof schema.pattern === 'string' && !(schema.format in knownFormats),
    )
    .map((schema) => [schema.format, new RegExp(schema.pattern, 'u')]);
}

export class ContractValidator {
  readonly document: Json;
  private readonly ajv: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(document: Json = loadBundle()) {
    this.document = document;
    // strictTypes is off because OpenAPI 3.1 keeps keywords beside a $ref (a pattern narrowing Address) without repeating `type`.
    this.ajv = new Ajv2020({
      strict: true,
      strictTypes: false,
      allErrors: true,
      strictRequired: false,
      allowUnionTypes: true,
    });
    addFormats(this.ajv);
    for (const [name, pattern] of contractFormats(document, this.ajv.formats)) this.ajv.addFormat(name, pattern);
    // OpenAPI's own schema keywords and the project's extensions are annotations to the validator.
    this.ajv.addVocabulary(['discriminator', 'xml', 'externalDocs', 'example', 'x-not-documented']);
    // Only the component schemas form the validator's root (an OpenAPI document is not a JSON Schema), so
    // every `#/components/schemas/X` reference is rewritten to `contract#/$defs/X`.
    this.ajv.addSchema({ $id: 'contract', $defs: rewriteRefs(document.components?.schemas ?? {}) });
  }

  /** A validator for the schema at a JSON pointer of the bundle, e.g. `#/components/schemas/Position`. */
  validatorAt(pointer: string): ValidateFunction {
    let validate = this.cache.get(pointer);
    if (!validate) {
      const schema = resolve(this.document, { $ref: pointer });
      if (schema === undefined) throw new Error(`The contract has no schema at ${pointer}.`);
      validate = this.ajv.compile(typeof schema === 'boolean' ? schema : rewriteRefs(schema));
      this.cache.set(pointer, validate);
    }
    return validate;
  }

  /** Returns readable errors (empty when valid) for a value against the schema at a pointer. */
  errorsAt(pointer: string, value: unknown): string[] {
    const validate = this.validatorAt(pointer);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message}`);
  }

  /** Pointer to the JSON schema of an operation's response body, or undefined when it has none. */
  responseSchemaPointer(method: string, path: string, status: string | number): string | undefined {
    const operation = this.document.paths[path]?.[method.toLowerCase()];
    if (!operation) throw new Error(`The contract has no operation ${method.toUpperCase()} ${path}.`);
    const response = resolve(this.document, operation.responses[String(status)]);
    if (!response) throw new Error(`${method.toUpperCase()} ${path} declares no ${status} response.`);
    if (!response.content?.['application/json']?.schema) return undefined;
    return `#/paths/${escapePointer(path)}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
  }
}
