// The checks of one answer against what the contract declares for the operation: status, declared headers,
// content type and the body (Ajv, through the core's validator).
import {
  type ContractOperation,
  type ContractValidator,
  declaredResponse,
  type Header,
  mediaTypeOf,
  type OpenApiDocument,
  resolve,
} from '@trading-analytics/core';
import type { OperationFinding } from '../reports/problem-words.js';
import { FULL_VALIDATION_BYTES, MAX_SCHEMA_ERRORS } from '../setup/runner-caps.js';

/**
 * The run's two validators of the contract: `first` stops at the first error (every answer is checked with
 * it, in time bounded by where the error is), `all` collects every error (only for a small invalid body).
 */
export interface AnswerValidators {
  first: ContractValidator;
  all: ContractValidator;
}

/** What the checks of one answer found, and what they say about how far they looked. */
export interface AnswerCheck {
  findings: OperationFinding[];
  notes: string[];
}

/** An HTTP answer as the checks read it. */
export interface Answered {
  status: number;
  headers: Headers;
  text: string;
}

/** What an answer departs from in the contract, in check order; no finding when it conforms. */
export function checkAnswer(
  document: OpenApiDocument,
  validators: AnswerValidators,
  entry: ContractOperation,
  answer: Answered,
): AnswerCheck {
  const findings: OperationFinding[] = [];
  const notes: string[] = [];
  const declared = declaredResponse(entry, answer.status);
  if (!declared) {
    const statuses = entry.responses.map((response) => response.status);
    findings.push({ check: 'status', declared: statuses, status: answer.status, text: answer.text });
    return { findings, notes };
  }
  const { response } = declared;
  for (const [name, reference] of Object.entries(response.headers ?? {})) {
    const header = resolve<Header>(document, reference);
    const value = answer.headers.get(name);
    if (value === null) {
      if (header?.required) findings.push({ check: 'header', header: name });
      continue;
    }
    for (const error of header?.schema ? validators.all.errors(header.schema, value) : []) {
      findings.push({ check: 'header', header: name, invalid: { value, error } });
    }
  }
  if (declared.contents.length === 0) return { findings, notes };
  const mediaTypes = declared.contents.map((content) => content.mediaType);
  const contentType = answer.headers.get('content-type');
  const content = contentType === null ? undefined : declared.contents[mediaTypes.indexOf(mediaTypeOf(contentType))];
  if (!content) {
    findings.push({ check: 'content-type', declared: mediaTypes, contentType });
    return { findings, notes };
  }
  if (!content.schema || !content.mediaType.endsWith('json')) return { findings, notes };
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    findings.push({ check: 'body', text: answer.text });
    return { findings, notes };
  }
  let errors = validators.first.errors(content.schema, body);
  if (errors.length > 0) {
    if (Buffer.byteLength(answer.text) <= FULL_VALIDATION_BYTES) errors = validators.all.errors(content.schema, body);
    else notes.push(`only the first schema error is looked for in a body over ${FULL_VALIDATION_BYTES} bytes`);
  }
  // One value is one problem: a null where a string of an enum belongs breaks its type and its enum.
  errors = errors.filter((error, index) => errors.findIndex((other) => other.at === error.at) === index);
  for (const error of errors.slice(0, MAX_SCHEMA_ERRORS)) findings.push({ check: 'schema', error });
  if (errors.length > MAX_SCHEMA_ERRORS) {
    notes.push(`${errors.length - MAX_SCHEMA_ERRORS} more schema errors not listed (at most ${MAX_SCHEMA_ERRORS} are)`);
  }
  return { findings, notes };
}
