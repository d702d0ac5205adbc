// One Ajv setup for the whole project: JSON Schema 2020-12 over the contract's component schemas, with the
// standard formats and the contract's own string formats read from its component schemas (so a validator is
// never stricter than the contract). The conformance runner checks answers with it, the MSW handlers and the
// sandboxed mock check requests with it as Prism does, and the tests check examples with it.
import type { Plugin } from 'ajv';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Query } from './checks.js';
import { isDateTime } from './date-time.js';
import type { Json, OpenApiDocument, Schema } from './openapi.js';
import type { ContractOperation } from './operations.js';
import { type Answer, refusal, type Violation } from './problems.js';
import { resolve, valueAtPointer } from './refs.js';

// A CommonJS module whose `module.exports` is the plugin and whose `.default` is the same function: Node's
// ESM import gives the former, bundlers the latter.
const addFormats = ((addFormatsModule as unknown as { default?: Plugin<unknown> }).default ??
  addFormatsModule) as unknown as Plugin<unknown>;

const CONTRACT_ID = 'contract';

/** A copy of a node with every `#/components/schemas/X` reference pointed at the validator's `contract#/$defs/X`. */
function retarget(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(retarget);
  if (node === null || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    copy[key] =
      key === '$ref' && typeof value === 'string'
        ? value.replace('#/components/schemas/', `${CONTRACT_ID}#/$defs/`)
        : retarget(value);
  }
  return copy;
}

/**
 * The string formats the contract names itself (`integer-string`, `decimal-string`), each read with the
 * pattern its component schema carries, skipping formats the validator already knows.
 */
export function contractFormats(document: OpenApiDocument, knownFormats: object): [string, RegExp][] {
  return Object.values(document.components?.schemas ?? {})
    .filter(
      (schema) =>
        typeof schema?.format === 'string' &&
        typeof schema.pattern === 'string' &&
        !((schema.format as string) in knownFormats),
    )
    .map((schema) => [schema.format as string, new RegExp(schema.pattern as string, 'u')]);
}

export interface ValidatorOptions {
  /**
   * Coerce values from text as a request's parameters arrive (`'5'` for an integer), as Prism does. The
   * coercion rewrites a copy, never the caller's value. Default false.
   */
  coerceTypes?: boolean;
  /**
   * Look for every error (default true). Off, validation stops at the first error: its time is bounded by
   * where that error is, where collecting every error of a large invalid value can take minutes.
   */
  allErrors?: boolean;
}

/** One error of a value against a schema: where, what, and the value found there. */
export interface SchemaError {
  /** A JSON pointer into the value, `(root)` for the value itself. */
  at: string;
  /** Ajv's message, with the allowed values of an enum after it. */
  message: string;
  /** Ajv's message alone. */
  ajvMessage: string;
  value: unknown;
  keyword: string;
  params: ErrorObject['params'];
}

/** Validates values against the schemas of one contract. */
export class ContractValidator {
  readonly document: OpenApiDocument;
  private readonly ajv: Ajv2020;
  private readonly compiled = new WeakMap<object, ValidateFunction>();
  private readonly byPointer = new Map<string, ValidateFunction>();
  private readonly coerce: boolean;

  constructor(document: OpenApiDocument, { coerceTypes = false, allErrors = true }: ValidatorOptions = {}) {
    this.document = document;
    this.coerce = coerceTypes;
    // strictTypes is off because OpenAPI 3.1 keeps keywords beside a $ref (a pattern narrowing Address)
    // without repeating `type`.
    this.ajv = new Ajv2020({
      strict: true,
      strictTypes: false,
      strictRequired: false,
      allErrors,
      allowUnionTypes: true,
      coerceTypes,
      logger: false,
    });
    addFormats(this.ajv);
    // Prism's reading of `date-time`, so a request is refused here exactly when the mock refuses it.
    this.ajv.addFormat('date-time', isDateTime);
    for (const [name, pattern] of contractFormats(document, this.ajv.formats)) this.ajv.addFormat(name, pattern);
    // OpenAPI's own schema keywords and the project's extensions are annotations to the validator.
    this.ajv.addVocabulary(['discriminator', 'xml', 'externalDocs', 'example', 'x-not-documented']);
    // Only the component schemas form the validator's root (an OpenAPI document is not a JSON Schema).
    this.ajv.addSchema({ $id: CONTRACT_ID, $defs: retarget(document.components?.schemas ?? {}) as object });
  }

  /** The compiled validator of a schema object of the contract (kept per object). */
  validator(schema: Schema | boolean): ValidateFunction {
    if (typeof schema === 'boolean') return this.ajv.compile(schema);
    let validate = this.compiled.get(schema);
    if (!validate) {
      const resolved = resolve<Schema | boolean>(this.document, schema);
      if (resolved === undefined) throw new Error(`The contract has no schema at ${String(schema.$ref)}.`);
      validate = this.ajv.compile(typeof resolved === 'boolean' ? resolved : (retarget(resolved) as object));
      this.compiled.set(schema, validate);
    }
    return validate;
  }

  /** A validator for the schema at a JSON pointer of the bundle, e.g. `#/components/schemas/Position`. */
  validatorAt(pointer: string): ValidateFunction {
    const known = this.byPointer.get(pointer);
    if (known) return known;
    const schema = resolve<Schema | boolean>(this.document, { $ref: pointer });
    if (schema === undefined) throw new Error(`The contract has no schema at ${pointer}.`);
    const validate = this.validator(schema);
    this.byPointer.set(pointer, validate);
    return validate;
  }

  /** The errors (empty when valid) of a value against a schema object of the contract. */
  errors(schema: Schema | boolean, value: unknown): SchemaError[] {
    const validate = this.validator(schema);
    const input = this.coerce ? structuredCopy(value) : value;
    if (validate(input)) return [];
    return describeErrors(validate.errors ?? [], input);
  }

  /** The errors (empty when valid) of a value against the schema at a pointer of the bundle. */
  errorsAt(pointer: string, value: unknown): SchemaError[] {
    const validate = this.validatorAt(pointer);
    const input = this.coerce ? structuredCopy(value) : value;
    if (validate(input)) return [];
    return describeErrors(validate.errors ?? [], input);
  }
}

/** A deep copy of JSON-like data (coercion rewrites values in place). */
function structuredCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(structuredCopy);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, structuredCopy(item)]));
}

function describeErrors(errors: ErrorObject[], value: unknown): SchemaError[] {
  return errors.map((error) => {
    const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues;
    return {
      at: error.instancePath || '(root)',
      message: `${error.message ?? ''}${allowed ? ` (${allowed.join(', ')})` : ''}`,
      ajvMessage: error.message ?? '',
      value: error.instancePath ? valueAtPointer(value, error.instancePath) : value,
      keyword: error.keyword,
      params: error.params,
    };
  });
}

/**
 * The parameters of one location of an operation as Prism validates them: one object schema whose property
 * names are the lower-cased parameter names (Prism matches and reports them in lower case).
 */
function parameterSchema(operation: ContractOperation, location: 'query' | 'path'): Schema | undefined {
  const kept = parameterSchemas.get(operation) ?? {};
  parameterSchemas.set(operation, kept);
  if (!(location in kept)) kept[location] = buildParameterSchema(operation, location);
  return kept[location];
}

// Built once per operation, so the validator compiles each once (it keeps compiled schemas per object).
const parameterSchemas = new WeakMap<ContractOperation, { query?: Schema | undefined; path?: Schema | undefined }>();

function buildParameterSchema(operation: ContractOperation, location: 'query' | 'path'): Schema | undefined {
  const parameters = operation.parameters.filter((parameter) => parameter.in === location);
  if (parameters.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(
      parameters.map((parameter) => [parameter.name.toLowerCase(), parameter.schema ?? {}]),
    ),
    required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name.toLowerCase()),
  };
}

/** The query as Prism reads it: names in lower case, a repeated name as a list, arrays split by their style. */
function queryValues(document: OpenApiDocument, operation: ContractOperation, query: Query): Record<string, unknown> {
  const values: Record<string, string | string[]> = Object.create(null);
  // Prism matches names in lower case; of two spellings of one name, the later one is kept.
  for (const [name, value] of Object.entries(query)) values[name.toLowerCase()] = value;
  const wanted: Record<string, unknown> = Object.create(null);
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'query') continue;
    const name = parameter.name.toLowerCase();
    const value = values[name];
    if (value === undefined) continue;
    if (resolve<Schema>(document, parameter.schema)?.type === 'array') {
      wanted[name] = parameter.explode !== false ? [value].flat() : ([value].flat().at(-1) ?? '').split(',');
    } else wanted[name] = value;
  }
  return wanted;
}

/** Adds `more` to `list` one by one: a spread of tens of thousands of values would overflow the stack. */
function append<T>(list: T[], more: readonly T[]): void {
  for (const item of more) list.push(item);
}

/** Ajv's errors of one part of a request in Prism's words: `{ location, severity, code, message }`. */
function requestViolations(errors: SchemaError[], part: 'query' | 'path' | 'body'): Violation[] {
  return errors.map((error) => {
    const at = error.at === '(root)' ? [] : error.at.split('/').filter((segment) => segment !== '');
    const kind = at.length > 0 ? (part === 'body' ? 'property ' : 'parameter ') : '';
    const allowed = 'allowedValues' in error.params ? `: ${(error.params.allowedValues as unknown[]).join(', ')}` : '';
    const additional =
      'additionalProperty' in error.params ? `; found '${String(error.params.additionalProperty)}'` : '';
    const message = error.ajvMessage;
    return {
      location: ['request', part, ...at],
      severity: 'Error',
      code: error.keyword,
      message: `Request ${part} ${kind}${at.join('.')}${at.length > 0 ? ' ' : ''}${message}${allowed}${additional}`,
    };
  });
}

/** A request's values as `checkRequest` read them. */
export interface RequestValues {
  pathParameters: Record<string, string>;
  query: Query;
  body: Json | string | null;
}

/**
 * Validates a request's body, query and path parameters against the operation's schemas, as Prism does
 * (parameters coerced from text, the body not). `coercing` and `strict` are two validators of the same contract:
 * the first built with `coerceTypes: true`.
 */
export function requestSchemaViolations(
  validators: { coercing: ContractValidator; strict: ContractValidator },
  operation: ContractOperation,
  values: RequestValues,
): Violation[] {
  const document = validators.strict.document;
  const violations: Violation[] = [];
  const body = operation.requestBody;
  const jsonType = Object.keys(body?.content ?? {}).find((type) => type.toLowerCase() === 'application/json');
  const bodySchema = jsonType === undefined ? undefined : body?.content?.[jsonType]?.schema;
  if (values.body === null && body?.required) {
    violations.push({
      location: ['request'],
      severity: 'Error',
      code: 'required',
      message: 'Body parameter is required',
    });
  }
  if (values.body !== null && bodySchema)
    append(violations, requestViolations(validators.strict.errors(bodySchema, values.body), 'body'));
  const query = parameterSchema(operation, 'query');
  if (query) {
    append(
      violations,
      requestViolations(validators.coercing.errors(query, queryValues(document, operation, values.query)), 'query'),
    );
  }
  const path = parameterSchema(operation, 'path');
  if (path) {
    const lowered = Object.fromEntries(
      Object.entries(values.pathParameters).map(([name, value]) => [name.toLowerCase(), value]),
    );
    append(violations, requestViolations(validators.coercing.errors(path, lowered), 'path'));
  }
  return violations;
}

/** The two validators of a request's values, parameters coerced from text and bodies not, as Prism validates. */
export interface RequestValidators {
  coercing: ContractValidator;
  strict: ContractValidator;
}

// One pair per document, compiled on first use (in a browser too) and kept.
const validatorsKept = new WeakMap<OpenApiDocument, RequestValidators>();

/** The request validators of a contract: one pair per document, built on first use. */
export function requestValidators(document: OpenApiDocument): RequestValidators {
  let pair = validatorsKept.get(document);
  if (!pair) {
    pair = {
      coercing: new ContractValidator(document, { coerceTypes: true }),
      strict: new ContractValidator(document),
    };
    validatorsKept.set(document, pair);
  }
  return pair;
}

/**
 * The refusal of a request whose values break the operation's schemas (`requestSchemaViolations` with the
 * contract's one pair of validators) and its reasons, or undefined when they keep them: what the MSW
 * handlers and the sandboxed mock answer where Prism would validate.
 */
export function schemaRefusal(
  document: OpenApiDocument,
  operation: ContractOperation,
  values: RequestValues,
): { answer: Answer; violations: Violation[] } | undefined {
  const violations = requestSchemaViolations(requestValidators(document), operation, values);
  return violations.length > 0 ? { answer: refusal(operation, violations), violations } : undefined;
}
