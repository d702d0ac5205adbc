// The checks of one answer against what the contract declares for the operation: status, content type,
// declared headers and the body (Ajv). Each problem is `{check, expected, observed}`.
import { resolve } from './contract.js';

const excerptLength = 300;

/** A short, single-line rendering of an observed value for a report. */
export function excerpt(value) {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text === undefined) return 'absent';
  const line = text.replace(/\s+/g, ' ');
  return line.length > excerptLength ? `${line.slice(0, excerptLength)}…` : line;
}

/** The response object the contract declares for a status (exact, then `4XX`-style, then `default`). */
export function declaredResponse(document, operation, status) {
  const responses = operation.responses ?? {};
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((candidate) => Object.hasOwn(responses, candidate));
  return key === undefined ? undefined : { key, response: resolve(document, responses[key]) };
}

export function checkAnswer(document, validator, entry, answer) {
  const problems = [];
  const declared = declaredResponse(document, entry.operation, answer.status);
  if (!declared) {
    problems.push({ check: 'status', expected: `one of ${Object.keys(entry.operation.responses).join(', ')}`, observed: `${answer.status}${answer.text ? ` ${excerpt(answer.text)}` : ''}` });
    return problems;
  }
  const { response } = declared;
  for (const [name, header] of Object.entries(response.headers ?? {})) {
    const resolved = resolve(document, header);
    const value = answer.headers.get(name);
    if (value === null) {
      if (resolved.required) problems.push({ check: 'header', expected: `${name} present`, observed: `${name} absent` });
      continue;
    }
    for (const error of resolved.schema ? validator.errors(resolved.schema, value) : []) {
      problems.push({ check: 'header', expected: `${name} ${error.message}`, observed: `${name}: ${excerpt(value)}` });
    }
  }
  const mediaTypes = Object.keys(response.content ?? {});
  if (mediaTypes.length === 0) return problems;
  const contentType = answer.headers.get('content-type');
  const mediaType = contentType?.split(';')[0].trim().toLowerCase();
  if (!mediaTypes.includes(mediaType)) {
    problems.push({ check: 'content-type', expected: mediaTypes.join(' or '), observed: contentType ?? 'no Content-Type' });
    return problems;
  }
  const schema = response.content[mediaType].schema;
  if (!schema || !mediaType.endsWith('json')) return problems;
  let body;
  try {
    body = JSON.parse(answer.text);
  } catch {
    problems.push({ check: 'body', expected: 'a JSON body', observed: excerpt(answer.text || 'an empty body') });
    return problems;
  }
  for (const error of validator.errors(schema, body)) {
    problems.push({ check: 'schema', expected: `${error.at} ${error.message}`, observed: `${error.at} = ${excerpt(error.value)}` });
  }
  return problems;
}

/**
 * Requests the contract says must be refused with a 400: for an operation that declares one, each
 * parameter with a bound (minimum/maximum, pattern, enum) gets a value outside it, one request each.
 */
export function outOfRangeValues(document, entry) {
  if (!entry.operation.responses?.['400']) return [];
  const values = [];
  for (const parameter of entry.parameters) {
    const schema = resolve(document, parameter.schema) ?? {};
    if (schema.maximum !== undefined) values.push({ parameter, value: schema.maximum * 4 + 3, why: `above the maximum ${schema.maximum}` });
    else if (schema.minimum !== undefined) values.push({ parameter, value: schema.minimum - 1, why: `below the minimum ${schema.minimum}` });
    else if (schema.pattern !== undefined) values.push({ parameter, value: 'not-a-valid-value', why: `not matching ${schema.pattern}` });
    else if (Array.isArray(schema.enum)) values.push({ parameter, value: 'NOT_AN_ALLOWED_VALUE', why: `not one of ${schema.enum.join(', ')}` });
  }
  return values;
}
