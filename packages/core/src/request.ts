// A request checked as the mock's guard checks it, in its order: the URL, the body, `Accept`, the `Prefer`
// header (or Prism's `__code`/`__example` query parameters), whether it selects a documented case, then
// integers as the client wrote them. The mock reads the request from its socket and the MSW handlers from a
// `Request`; both hand what they read to `checkRequest`, so both refuse the same requests with the same words.
import {
  bodyIntegerProblems,
  decodePath,
  decodeQuery,
  integerProblem,
  isIntegerSchema,
  isMediaType,
  type JsonNumber,
  malformedAccept,
  type Preferences,
  parsePreferences,
  type Query,
  scanJson,
} from './checks.js';
import type { Contract } from './contract.js';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH, MAX_JSON_VALUES } from './limits.js';
import type { Json } from './openapi.js';
import { type ContractOperation, isJsonMediaType, mediaTypeOf } from './operations.js';
import type { Violation } from './problems.js';
import { selectionMiss } from './scenarios.js';

/** What the platform read of the body: none, its text, or why it was not read. */
export type BodyRead = { kind: 'none' } | { kind: 'text'; text: string } | { kind: 'refused'; violations: Violation[] };

export interface RequestParts {
  method: string;
  /** The URL's path as sent, still percent-encoded. */
  rawPath: string;
  /** The URL's query as sent, with or without its `?`. */
  rawSearch: string;
  accept: string | undefined;
  prefer: string | undefined;
  contentType: string | undefined;
  body: BodyRead;
}

export interface PassedRequest {
  outcome: 'passed';
  operation: ContractOperation | undefined;
  /** Operations whose path has the request's shape (any method), most literal first. */
  candidates: ContractOperation[];
  segments: string[];
  query: Query;
  pathParameters: Record<string, string>;
  preferences: Preferences;
  /** The parsed JSON body, the text of any other body, or null without one. */
  body: Json | string | null;
  bodyText: string | undefined;
}

export type CheckedRequest =
  | PassedRequest
  | { outcome: 'refused'; operation: ContractOperation | undefined; violations: Violation[] }
  | { outcome: 'missing'; operation: ContractOperation; detail: string };

/** Why a body may not be sent to the operation at all (it takes none, or not in this media type); empty when it may. */
export function bodyAdmission(operation: ContractOperation, contentType: string | undefined): Violation[] {
  const declared = Object.keys(operation.requestBody?.content ?? {}).map((mediaType) => mediaType.toLowerCase());
  if (declared.length === 0) {
    return [
      {
        location: ['request', 'body'],
        message: `${operation.method.toUpperCase()} ${operation.path} takes no request body; send none`,
      },
    ];
  }
  if (!declared.includes(mediaTypeOf(contentType)) || !isMediaType(contentType ?? '')) {
    const sent = JSON.stringify(String(contentType ?? '(none)'));
    return [
      {
        location: ['request', 'header', 'content-type'],
        message: `Content-Type ${sent} is not one this operation accepts: ${declared.join(', ')}`,
      },
    ];
  }
  return [];
}

/** The refusal of a body past MAX_BODY_BYTES. */
export function bodyTooLarge(): Violation[] {
  return [
    {
      location: ['request', 'body'],
      message: `The body is larger than ${MAX_BODY_BYTES} bytes, the mock's limit (MAX_BODY_BYTES)`,
    },
  ];
}

interface ParsedBody {
  body: Json | string | null;
  numbers: JsonNumber[];
  violations: Violation[];
}

/** A body's text, read for an operation: JSON media types are checked for depth, then parsed. */
function parseBody(
  operation: ContractOperation | undefined,
  contentType: string | undefined,
  text: string,
): ParsedBody {
  if (text === '') return { body: null, numbers: [], violations: [] };
  const mediaType = mediaTypeOf(contentType);
  // Without an operation the request is answered 404 or 405 whatever its body holds.
  if (!operation || !isJsonMediaType(mediaType)) return { body: text, numbers: [], violations: [] };
  const { depthExceeded, valuesExceeded, numbers } = scanJson(text);
  if (depthExceeded || valuesExceeded) {
    const message = depthExceeded
      ? `Invalid JSON body: nested deeper than ${MAX_JSON_DEPTH} levels, the mock's limit (MAX_JSON_DEPTH)`
      : `Invalid JSON body: more than ${MAX_JSON_VALUES} values, the mock's limit (MAX_JSON_VALUES)`;
    return { body: null, numbers: [], violations: [{ location: ['request', 'body'], message }] };
  }
  try {
    return { body: JSON.parse(text) as Json, numbers, violations: [] };
  } catch (error) {
    const message = `Invalid JSON body: ${error instanceof Error ? error.message : String(error)}`;
    return { body: null, numbers: [], violations: [{ location: ['request', 'body'], message }] };
  }
}

/** Why an `Accept` header is malformed; empty when it is absent or well formed. */
export function acceptViolations(accept: string | undefined): Violation[] {
  const malformed = accept === undefined ? [] : malformedAccept(accept);
  if (malformed.length === 0) return [];
  const entries = malformed.map((entry) => JSON.stringify(entry.slice(0, 60))).join(', ');
  return [
    {
      location: ['request', 'header', 'accept'],
      message: `Accept holds ${entries}, which is not a media range (type/subtype, e.g. application/json)`,
    },
  ];
}

/** Path and query parameters the contract declares as integers (or lists of them), checked as written. */
export function parameterIntegerViolations(
  operation: ContractOperation,
  pathParameters: Record<string, string>,
  query: Query,
): Violation[] {
  const violations: Violation[] = [];
  for (const parameter of operation.parameters) {
    const schema = parameter.schema ?? {};
    if (parameter.in === 'path') {
      const value = pathParameters[parameter.name];
      if (!isIntegerSchema(schema) || value === undefined) continue;
      const problem = integerProblem(value, schema);
      if (problem)
        violations.push({ location: ['request', 'path', parameter.name], message: `${parameter.name} ${problem}` });
    } else if (parameter.in === 'query') {
      const itemSchema = isIntegerSchema(schema)
        ? schema
        : schema.type === 'array' && isIntegerSchema(schema.items)
          ? schema.items
          : undefined;
      const values = query[parameter.name];
      if (!itemSchema || values === undefined) continue;
      for (const value of [values].flat()) {
        const problem = integerProblem(value, itemSchema);
        if (problem)
          violations.push({ location: ['request', 'query', parameter.name], message: `${parameter.name} ${problem}` });
      }
    }
  }
  return violations;
}

/**
 * Checks a request against the contract. `refused` carries the violations (answer with `refusal`), `missing`
 * the reason its preferences select nothing documented (answer 404), `passed` what was read, for the next
 * step (schema validation, a scenario, the sandbox or Prism). A path the contract lacks passes with no
 * operation: the URL, `Accept` and `Prefer` are checked and the body is left as text.
 */
export function checkRequest(contract: Contract, parts: RequestParts): CheckedRequest {
  const { segments, violations: pathViolations } = decodePath(parts.rawPath);
  const { query, violations: queryViolations } = decodeQuery(parts.rawSearch);
  const { operation, candidates, pathParameters } = contract.route(parts.method, segments);

  let read: ParsedBody = { body: null, numbers: [], violations: [] };
  let bodyText: string | undefined;
  if (parts.body.kind === 'refused') read = { body: null, numbers: [], violations: parts.body.violations };
  else if (parts.body.kind === 'text') {
    bodyText = parts.body.text;
    const admission = operation && parts.body.text !== '' ? bodyAdmission(operation, parts.contentType) : [];
    if (admission.length > 0) read = { body: null, numbers: [], violations: admission };
    else read = parseBody(operation, parts.contentType, parts.body.text);
  }

  const urlViolations = [...pathViolations, ...queryViolations];
  if (urlViolations.length > 0) return { outcome: 'refused', operation, violations: urlViolations };
  if (read.violations.length > 0) return { outcome: 'refused', operation, violations: read.violations };
  const accept = acceptViolations(parts.accept);
  if (accept.length > 0) return { outcome: 'refused', operation, violations: accept };
  const { preferences, violations: preferViolations } = parsePreferences(parts.prefer, query);
  if (preferViolations.length > 0) return { outcome: 'refused', operation, violations: preferViolations };
  if (operation) {
    const missing = selectionMiss(operation, preferences);
    if (missing) return { outcome: 'missing', operation, detail: missing };
    const integers = [
      ...parameterIntegerViolations(operation, pathParameters, query),
      ...bodyIntegerProblems(contract.inlinedBodySchema(operation), read.numbers),
    ];
    if (integers.length > 0) return { outcome: 'refused', operation, violations: integers };
  }
  return {
    outcome: 'passed',
    operation,
    candidates,
    segments,
    query,
    pathParameters,
    preferences,
    body: read.body,
    bodyText,
  };
}
