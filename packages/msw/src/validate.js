// Checks a request against its operation the way the mock does (its guard, then Prism's validation), so
// that the handlers refuse what the mock refuses, with the same reasons. The guard's checks are the mock's
// own code (mock-checks.js); the schemas are checked by Ajv with Prism's settings (parameters coerced from
// text, the body not; parameter names in lower case; every error reported), compiled on first use.
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { componentsId, schemas } from './contract-data.js';
import { bodyIntegerProblems, decodePath, decodeQuery, integerProblem, isIntegerSchema, isMediaType, malformedAccept, MAX_BODY_BYTES, MAX_JSON_DEPTH, parsePreferences, scanJson } from './mock-checks.js';

let ajv;
let ajvNoCoercion;
const compiled = new WeakMap();

// RFC 3339 date-time as the mock checks it: a time zone is required, `T` or a space separates the parts,
// the zone offset may leave out its colon or its minutes, and a leap second is allowed at 23:59.
const dateTimePattern = /^(\d{4})-(\d{2})-(\d{2})[Tt\s](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}(:?\d{2})?)$/;
function isDateTime(text) {
  const match = dateTimePattern.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number.parseInt(part, 10));
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const daysIn = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  const time = (hour <= 23 && minute <= 59 && second <= 59) || (hour === 23 && minute === 59 && second === 60);
  return daysIn !== undefined && day >= 1 && day <= daysIn && time;
}

function makeAjv(coerceTypes) {
  const instance = new Ajv({ allErrors: true, allowUnionTypes: true, allowMatchingProperties: true, strict: false, coerceTypes, logger: false });
  addFormats(instance);
  instance.addFormat('date-time', isDateTime);
  instance.addSchema({ $id: componentsId, components: { schemas } });
  return instance;
}

function validatorFor(schema, coerce) {
  let validate = compiled.get(schema);
  if (!validate) {
    ajv ??= makeAjv(true);
    ajvNoCoercion ??= makeAjv(false);
    validate = (coerce ? ajv : ajvNoCoercion).compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** Ajv's errors in the mock's words: `{ location, severity, code, message }`. */
function describe(errors, prefix) {
  return errors.map((error) => {
    const at = error.instancePath.split('/').filter((segment) => segment !== '');
    const kind = at.length > 0 ? (prefix === 'body' ? 'property ' : 'parameter ') : '';
    const allowed = 'allowedValues' in error.params ? `: ${error.params.allowedValues.join(', ')}` : '';
    const additional = 'additionalProperty' in error.params ? `; found '${error.params.additionalProperty}'` : '';
    return {
      location: [prefix, ...at],
      severity: 'Error',
      code: error.keyword,
      message: `Request ${prefix} ${kind}${at.join('.')}${at.length > 0 ? ' ' : ''}${error.message ?? ''}${allowed}${additional}`,
    };
  });
}

function check(schema, value, prefix, coerce) {
  if (!schema) return [];
  const validate = validatorFor(schema, coerce);
  // Coercion rewrites the value in place; the caller's copy stays as it was.
  return validate(structuredClone(value)) ? [] : describe(validate.errors ?? [], prefix);
}

/** The query as Prism reads the guard's: names in lower case, a repeated name as a list, arrays split by style. */
function queryValues(operation, query) {
  const values = {};
  // Prism matches names in lower case; of two spellings of one name, the later one is kept.
  for (const [name, value] of Object.entries(query)) values[name.toLowerCase()] = value;
  const wanted = {};
  for (const name of Object.keys(operation.query?.properties ?? {})) {
    if (!(name in values)) continue;
    const value = values[name];
    if (name in operation.queryArrays) {
      const explode = operation.queryArrays[name];
      wanted[name] = explode ? [].concat(value) : [].concat(value).at(-1).split(',');
    } else wanted[name] = value;
  }
  return wanted;
}

function pathValues(params) {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name.toLowerCase(), value]));
}

const mediaTypeOf = (header) => String(header ?? '').split(';')[0].trim().toLowerCase();
const isJson = (mediaType) => mediaType === 'application/json' || /^application\/[^/]+\+json$/.test(mediaType);

/**
 * The body as the mock reads it: a body to an operation that takes none, a media type it does not declare,
 * too large, too deep or bad JSON are refused.
 */
async function readBody(operation, request) {
  const text = request.body ? await request.clone().text() : '';
  if (text === '') return { body: null, numbers: [], violations: [] };
  const contentType = request.headers.get('content-type');
  const mediaType = mediaTypeOf(contentType);
  const declared = operation.body?.mediaTypes.map((type) => type.toLowerCase()) ?? [];
  if (declared.length === 0) {
    return { numbers: [], violations: [{ location: ['request', 'body'], message: `${operation.method.toUpperCase()} ${operation.path} takes no request body; send none` }] };
  }
  if (!declared.includes(mediaType) || !isMediaType(contentType ?? '')) {
    const sent = JSON.stringify(String(request.headers.get('content-type') ?? '(none)'));
    return { numbers: [], violations: [{ location: ['request', 'header', 'content-type'], message: `Content-Type ${sent} is not one this operation accepts: ${declared.join(', ')}` }] };
  }
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) {
    return { numbers: [], violations: [{ location: ['request', 'body'], message: `The body is larger than ${MAX_BODY_BYTES} bytes, the mock's limit (MAX_BODY_BYTES)` }] };
  }
  if (!isJson(mediaType)) return { body: text, numbers: [], violations: [] };
  const { depthExceeded, numbers } = scanJson(text);
  if (depthExceeded) return { numbers: [], violations: [{ location: ['request', 'body'], message: `Invalid JSON body: nested deeper than ${MAX_JSON_DEPTH} levels, the mock's limit (MAX_JSON_DEPTH)` }] };
  try {
    return { body: JSON.parse(text), numbers, violations: [] };
  } catch (error) {
    return { numbers: [], violations: [{ location: ['request', 'body'], message: `Invalid JSON body: ${error.message}` }] };
  }
}

/** Integer parameters and body numbers, checked as the client wrote them, as the mock checks them. */
function integerViolations(operation, segments, query, numbers) {
  const violations = [];
  const template = operation.path.split('/');
  // The request's path may carry the base URL's own prefix: its last segments are the template's.
  const offset = segments.length - template.length;
  for (const parameter of operation.integerParameters) {
    if (parameter.in === 'path') {
      const value = segments[template.indexOf(`{${parameter.name}}`) + offset];
      const problem = value === undefined ? undefined : integerProblem(value, parameter.schema);
      if (problem) violations.push({ location: ['request', 'path', parameter.name], message: `${parameter.name} ${problem}` });
      continue;
    }
    if (query[parameter.name] === undefined) continue;
    const itemSchema = isIntegerSchema(parameter.schema) ? parameter.schema : parameter.schema.items;
    for (const value of [].concat(query[parameter.name])) {
      const problem = integerProblem(value, itemSchema);
      if (problem) violations.push({ location: ['request', 'query', parameter.name], message: `${parameter.name} ${problem}` });
    }
  }
  violations.push(...bodyIntegerProblems(operation.body?.inlined, numbers));
  return violations;
}

/** Why the preferences select nothing the operation documents, in the mock's words; undefined when they do. */
function selectionMiss(operationId, operation, { code, exampleKey }) {
  const statuses = Object.values(operation.scenarios).map((choice) => String(choice.status));
  const codes = statuses.length > 0 ? [...new Set(statuses)].sort() : ['200'];
  if (code !== undefined && !codes.includes(String(code))) return `${operationId} documents no status ${code}; it documents ${codes.join(', ')}.`;
  if (exampleKey === undefined) return undefined;
  const status = code !== undefined ? String(code) : (codes.filter((candidate) => candidate.startsWith('2')).sort()[0] ?? codes[0]);
  const keys = Object.entries(operation.scenarios)
    .filter(([key, choice]) => !/^[0-9]{3}$/.test(key) && String(choice.status) === status)
    .map(([key]) => key);
  if (keys.includes(exampleKey)) return undefined;
  return keys.length > 0
    ? `${operationId} has no example ${JSON.stringify(exampleKey)} for status ${status}; its examples are ${keys.join(', ')}.`
    : `${operationId} documents no examples for status ${status}, so example ${JSON.stringify(exampleKey)} cannot be selected.`;
}

/**
 * A request checked as the mock checks it, in its order: the URL, the body, `Accept`, the `Prefer` header (or the
 * `__code`/`__example` query parameters), whether it selects a documented case, integers as written, then
 * the contract's schemas. The result is `{ violations }` (refuse), `{ missing }` (nothing documented is
 * selected: 404) or `{ preferences }` (answer).
 */
export async function checkRequest(operationId, operation, request, params) {
  const url = new URL(request.url);
  const { segments, violations: pathViolations } = decodePath(url.pathname);
  const { query, violations: queryViolations } = decodeQuery(url.search);
  const read = await readBody(operation, request);
  if (pathViolations.length + queryViolations.length > 0) return { violations: [...pathViolations, ...queryViolations] };
  if (read.violations.length > 0) return { violations: read.violations };
  const acceptHeader = request.headers.get('accept');
  const accept = acceptHeader === null ? [] : malformedAccept(acceptHeader);
  if (accept.length > 0) {
    const shown = accept.map((entry) => JSON.stringify(entry.slice(0, 60))).join(', ');
    return { violations: [{ location: ['request', 'header', 'accept'], message: `Accept holds ${shown}, which is not a media range (type/subtype, e.g. application/json)` }] };
  }
  const header = request.headers.get('prefer');
  const { preferences, violations: preferViolations } = parsePreferences(header === null ? undefined : header, query);
  if (preferViolations.length > 0) return { violations: preferViolations };
  const missing = selectionMiss(operationId, operation, preferences);
  if (missing) return { missing };
  const integers = integerViolations(operation, segments, query, read.numbers);
  if (integers.length > 0) return { violations: integers };
  const schemaViolations = [
    ...(read.body === null && operation.body?.required ? [{ location: [], severity: 'Error', code: 'required', message: 'Body parameter is required' }] : []),
    ...(read.body !== null ? check(operation.body?.schema, read.body, 'body', false) : []),
    ...check(operation.query, queryValues(operation, query), 'query', true),
    ...check(operation.pathParameters, pathValues(params), 'path', true),
  ];
  if (schemaViolations.length > 0) return { violations: schemaViolations.map((violation) => ({ ...violation, location: ['request', ...violation.location] })) };
  return { preferences };
}
