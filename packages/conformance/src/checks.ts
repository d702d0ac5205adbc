// The checks of one answer against what the contract declares for the operation: status, declared headers,
// content type and the body (Ajv, through the core's validator); and the out-of-range requests the contract
// says must be refused.
import {
  type ContractOperation,
  type ContractValidator,
  declaredResponse,
  type Header,
  mediaTypeOf,
  type OpenApiDocument,
  type Parameter,
  resolve,
  type Schema,
} from '@trading-analytics/core';
import type { OperationFinding } from './problems.js';

/** An HTTP answer as the checks read it. */
export interface Answered {
  status: number;
  headers: Headers;
  text: string;
}

/** What an answer departs from in the contract, in check order; empty when it conforms. */
export function checkAnswer(
  document: OpenApiDocument,
  validator: ContractValidator,
  entry: ContractOperation,
  answer: Answered,
): OperationFinding[] {
  const findings: OperationFinding[] = [];
  const declared = declaredResponse(entry, answer.status);
  if (!declared) {
    const statuses = entry.responses.map((response) => response.status);
    findings.push({ check: 'status', declared: statuses, status: answer.status, text: answer.text });
    return findings;
  }
  const { response } = declared;
  for (const [name, reference] of Object.entries(response.headers ?? {})) {
    const header = resolve<Header>(document, reference);
    const value = answer.headers.get(name);
    if (value === null) {
      if (header?.required) findings.push({ check: 'header', header: name });
      continue;
    }
    for (const error of header?.schema ? validator.errors(header.schema, value) : []) {
      findings.push({ check: 'header', header: name, invalid: { value, error } });
    }
  }
  if (declared.contents.length === 0) return findings;
  const mediaTypes = declared.contents.map((content) => content.mediaType);
  const contentType = answer.headers.get('content-type');
  const content = contentType === null ? undefined : declared.contents[mediaTypes.indexOf(mediaTypeOf(contentType))];
  if (!content) {
    findings.push({ check: 'content-type', declared: mediaTypes, contentType });
    return findings;
  }
  if (!content.schema || !content.mediaType.endsWith('json')) return findings;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    findings.push({ check: 'body', text: answer.text });
    return findings;
  }
  for (const error of validator.errors(content.schema, body)) findings.push({ check: 'schema', error });
  return findings;
}

/** A request the contract says must be refused: one parameter set outside its bounds. */
export interface OutOfRange {
  parameter: Parameter;
  value: string | number;
  /** The bound it breaks, for the report. */
  why: string;
}

/**
 * Requests the contract says must be refused with a 400: for an operation that declares one, each
 * parameter with a bound (minimum/maximum, pattern, enum) gets a value outside it, one request each.
 */
export function outOfRangeValues(document: OpenApiDocument, entry: ContractOperation): OutOfRange[] {
  if (!entry.operation.responses?.['400']) return [];
  const values: OutOfRange[] = [];
  for (const parameter of entry.parameters) {
    const schema = resolve<Schema>(document, parameter.schema) ?? {};
    if (schema.maximum !== undefined) {
      values.push({ parameter, value: schema.maximum * 4 + 3, why: `above the maximum ${schema.maximum}` });
    } else if (schema.minimum !== undefined) {
      values.push({ parameter, value: schema.minimum - 1, why: `below the minimum ${schema.minimum}` });
    } else if (schema.pattern !== undefined) {
      values.push({ parameter, value: 'not-a-valid-value', why: `not matching ${schema.pattern}` });
    } else if (Array.isArray(schema.enum)) {
      values.push({ parameter, value: 'NOT_AN_ALLOWED_VALUE', why: `not one of ${schema.enum.join(', ')}` });
    }
  }
  return values;
}
