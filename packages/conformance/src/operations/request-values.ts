// What the runner sends: for each operation, the contract's named examples (parameter `example`/`examples`,
// then the schema's, then its default; the first request-body example), overridden by a --params file.
import {
  type ContractOperation,
  type OpenApiDocument,
  type Parameter,
  resolve,
  type Schema,
} from '@trading-analytics/core';
import { jsonExcerpt } from '../reports/excerpt.js';
import type { Redact } from '../reports/redact.js';
import type { Params } from '../setup/params-file.js';

/** Parameter values by name, as the runner sends them. */
export type ParameterValues = Record<string, unknown>;

const noValue: unique symbol = Symbol('no value');
type Found = unknown | typeof noValue;

interface ExampleHolder {
  example?: unknown;
  examples?: unknown;
}

/** The first example of a parameter, media type or schema (named examples may be `$ref`s to components). */
function firstExample(document: OpenApiDocument, node: unknown): Found {
  if (!node || typeof node !== 'object') return noValue;
  const { example, examples } = node as ExampleHolder;
  if (example !== undefined) return example;
  if (examples && typeof examples === 'object') {
    const first = Array.isArray(examples)
      ? examples[0]
      : resolve<{ value?: unknown }>(document, Object.values(examples)[0])?.value;
    if (first !== undefined) return first;
  }
  return noValue;
}

/** The value the contract suggests for a parameter. Only parameters with examples of their own are sent when optional. */
function exampleFor(document: OpenApiDocument, parameter: Parameter): Found {
  const own = firstExample(document, parameter);
  if (own !== noValue || !parameter.required) return own;
  const schema = resolve<Schema>(document, parameter.schema);
  const fromSchema = firstExample(document, schema);
  if (fromSchema !== noValue) return fromSchema;
  if (schema?.default !== undefined) return schema.default;
  if (Array.isArray(schema?.enum)) return schema.enum[0];
  return noValue;
}

/** A value of the right type for a required parameter the contract gives no example for. */
function placeholderFor(document: OpenApiDocument, parameter: Parameter): Found {
  const schema = resolve<Schema>(document, parameter.schema) ?? {};
  const type = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== 'null') : schema.type;
  if (type === 'boolean') return true;
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'string' && schema.pattern === undefined && schema.format === undefined) return 'example';
  return noValue;
}

export interface RequestValues {
  values: ParameterValues;
  /** Required parameters with no value at all. */
  missing: string[];
  /** `name=value` of each required parameter sent with a placeholder. */
  placeholders: string[];
}

/**
 * The values of an operation's parameters: examples, then --params by name, then --params per operation.
 * A required parameter with none of these gets a placeholder of its type, listed in `placeholders`. Without
 * `optionalExamples`, an optional parameter is sent only when --params gives it (a behaviour's requests
 * start from what the service must be told, and set the rest themselves).
 */
export function parameterValues(
  document: OpenApiDocument,
  entry: ContractOperation,
  params: Params,
  { optionalExamples = true }: { optionalExamples?: boolean } = {},
): RequestValues {
  const values: ParameterValues = {};
  const missing: string[] = [];
  const placeholders: string[] = [];
  // Whatever the file holds there: an entry that is no map gives no value.
  const perOperation = (params.operations[entry.operationId]?.parameters ?? {}) as object;
  for (const parameter of entry.parameters) {
    let value = optionalExamples || parameter.required ? exampleFor(document, parameter) : noValue;
    if (Object.hasOwn(params.parameters, parameter.name)) value = params.parameters[parameter.name];
    if (Object.hasOwn(perOperation, parameter.name)) value = (perOperation as ParameterValues)[parameter.name];
    if (value === noValue && parameter.required) {
      value = placeholderFor(document, parameter);
      if (value !== noValue) placeholders.push(`${parameter.name}=${String(value)}`);
    }
    if (value !== noValue && value !== null) values[parameter.name] = value;
    else if (parameter.required) missing.push(parameter.name);
  }
  return { values, missing, placeholders };
}

/** The request body: --params per operation, else the first example of the JSON body; undefined for none. */
export function requestBodyFor(document: OpenApiDocument, entry: ContractOperation, params: Params): unknown {
  const perOperation = params.operations[entry.operationId];
  if (perOperation && Object.hasOwn(perOperation, 'requestBody')) return perOperation.requestBody;
  const example = firstExample(document, entry.requestBody?.content?.['application/json']);
  return example === noValue ? undefined : example;
}

/** The path and query string of a request, from parameter values by name. */
export function requestTarget(entry: ContractOperation, values: ParameterValues): string {
  const query = new URLSearchParams();
  let target = entry.path;
  for (const parameter of entry.parameters) {
    if (!Object.hasOwn(values, parameter.name)) continue;
    const value = values[parameter.name];
    if (parameter.in === 'path') target = target.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
    else if (parameter.in === 'query') {
      for (const item of Array.isArray(value) ? value : [value]) query.append(parameter.name, String(item));
    }
  }
  const search = query.toString();
  return search ? `${target}?${search}` : target;
}

/**
 * The run's headers with a `Prefer` naming one of the contract's documented cases (`example=<key>`,
 * `code=<status>`), for a request whose case a mock of the contract cannot work out (a code no team has, a
 * chain no list names): a service ignores a preference it does not know (RFC 7240) and answers by its own
 * rules. A `Prefer` among the --header values wins.
 */
export function withPreference(headers: Record<string, string>, preference: string): Record<string, string> {
  const given = Object.keys(headers).some((name) => name.toLowerCase() === 'prefer');
  return given ? headers : { ...headers, prefer: preference };
}

/** The header parameters among the values, as request headers. */
export function headerParameters(entry: ContractOperation, values: ParameterValues): Record<string, string> {
  return Object.fromEntries(
    entry.parameters
      .filter((parameter) => parameter.in === 'header' && Object.hasOwn(values, parameter.name))
      .map((parameter) => [parameter.name, String(values[parameter.name])]),
  );
}

/**
 * A request as a report shows it: the method, the whole URL with its query, and the body of a POST (as
 * JSON, cut like any excerpt); never a header. The formatters redact it as they redact everything.
 */
export function requestLine(baseUrl: string, method: string, target: string, body: unknown, redact: Redact): string {
  const line = `${method.toUpperCase()} ${baseUrl}${target}`;
  return body === undefined ? line : `${line} body ${jsonExcerpt(body, redact)}`;
}
