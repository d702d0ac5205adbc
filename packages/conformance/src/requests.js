// What the runner sends: for each operation, the contract's named examples (parameter `example`/`examples`,
// then the schema's, then its default; the first request-body example), overridden by a --params file.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { resolve } from './contract.js';
import { UsageError } from './usage-error.js';

const noValue = Symbol('no value');

/**
 * Reads a --params file (JSON or YAML):
 *   parameters: { <parameter name>: value }                  for every operation that has the parameter
 *   operations: { <operationId>: { parameters: {...}, requestBody: ... } }   for one operation
 */
export function loadParams(file, operationIds) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--params: cannot read ${file}: ${error.code ?? error.message}`);
  }
  let params;
  try {
    params = parse(text) ?? {};
  } catch (error) {
    throw new UsageError(`--params: ${file} is neither JSON nor YAML: ${error.message.split('\n')[0]}`);
  }
  const isMap = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
  if (!isMap(params)) throw new UsageError(`--params: ${file} must hold an object with \`parameters\` and/or \`operations\`.`);
  const unknownKeys = Object.keys(params).filter((key) => key !== 'parameters' && key !== 'operations');
  if (unknownKeys.length > 0) throw new UsageError(`--params: unknown key ${unknownKeys.join(', ')} in ${file}; use \`parameters\` (by name) and \`operations\` (by operationId).`);
  if (params.parameters !== undefined && !isMap(params.parameters)) throw new UsageError(`--params: \`parameters\` in ${file} must map parameter names to values.`);
  if (params.operations !== undefined && !isMap(params.operations)) throw new UsageError(`--params: \`operations\` in ${file} must map operationIds to { parameters, requestBody }.`);
  for (const [operationId, entry] of Object.entries(params.operations ?? {})) {
    if (!operationIds.includes(operationId)) throw new UsageError(`--params: the contract has no operation ${operationId} (in ${file}).`);
    if (!isMap(entry) || Object.keys(entry).some((key) => key !== 'parameters' && key !== 'requestBody')) {
      throw new UsageError(`--params: operations.${operationId} in ${file} takes only \`parameters\` and \`requestBody\`.`);
    }
  }
  return { parameters: params.parameters ?? {}, operations: params.operations ?? {} };
}

/** The first example of a parameter, media type or schema (named examples may be `$ref`s to components). */
function firstExample(document, node) {
  if (!node || typeof node !== 'object') return noValue;
  if (node.example !== undefined) return node.example;
  if (node.examples && typeof node.examples === 'object') {
    const first = Array.isArray(node.examples) ? node.examples[0] : resolve(document, Object.values(node.examples)[0])?.value;
    if (first !== undefined) return first;
  }
  return noValue;
}

/** The value the contract suggests for a parameter, or noValue. Only parameters with examples of their own are sent when optional. */
function exampleFor(document, parameter) {
  const own = firstExample(document, parameter);
  if (own !== noValue || !parameter.required) return own;
  const schema = resolve(document, parameter.schema);
  const fromSchema = firstExample(document, schema);
  if (fromSchema !== noValue) return fromSchema;
  if (schema?.default !== undefined) return schema.default;
  if (Array.isArray(schema?.enum)) return schema.enum[0];
  return noValue;
}

/** A value of the right type for a required parameter the contract gives no example for. */
function placeholderFor(document, parameter) {
  const schema = resolve(document, parameter.schema) ?? {};
  const type = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== 'null') : schema.type;
  if (type === 'boolean') return true;
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'string' && schema.pattern === undefined && schema.format === undefined) return 'example';
  return noValue;
}

/**
 * The values of an operation's parameters: examples, then --params by name, then --params per operation.
 * A required parameter with none of these gets a placeholder of its type, listed in `placeholders`.
 */
export function parameterValues(document, entry, params) {
  const values = {};
  const missing = [];
  const placeholders = [];
  const perOperation = params.operations[entry.operationId]?.parameters ?? {};
  for (const parameter of entry.parameters) {
    let value = exampleFor(document, parameter);
    if (Object.hasOwn(params.parameters, parameter.name)) value = params.parameters[parameter.name];
    if (Object.hasOwn(perOperation, parameter.name)) value = perOperation[parameter.name];
    if (value === noValue && parameter.required) {
      value = placeholderFor(document, parameter);
      if (value !== noValue) placeholders.push(`${parameter.name}=${value}`);
    }
    if (value !== noValue && value !== null) values[parameter.name] = value;
    else if (parameter.required) missing.push(parameter.name);
  }
  return { values, missing, placeholders };
}

export function requestBodyFor(document, entry, params) {
  const perOperation = params.operations[entry.operationId];
  if (perOperation && Object.hasOwn(perOperation, 'requestBody')) return perOperation.requestBody;
  const media = resolve(document, entry.operation.requestBody)?.content?.['application/json'];
  const example = firstExample(document, media);
  return example === noValue ? undefined : example;
}

/** The path and query string of a request, from parameter values by name. */
export function requestTarget(entry, values) {
  const query = new URLSearchParams();
  let target = entry.path;
  for (const parameter of entry.parameters) {
    if (!Object.hasOwn(values, parameter.name)) continue;
    const value = values[parameter.name];
    if (parameter.in === 'path') target = target.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
    else if (parameter.in === 'query') for (const item of Array.isArray(value) ? value : [value]) query.append(parameter.name, String(item));
  }
  const search = query.toString();
  return search ? `${target}?${search}` : target;
}

/** The request-specified headers (header parameters) among the values. */
export function headerParameters(entry, values) {
  return Object.fromEntries(entry.parameters.filter((parameter) => parameter.in === 'header' && Object.hasOwn(values, parameter.name)).map((parameter) => [parameter.name, String(values[parameter.name])]));
}
