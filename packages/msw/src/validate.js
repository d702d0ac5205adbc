// Validates a request against its operation the way the Prism mock does, so that the handlers refuse
// what the mock refuses with the same reasons: the body, then the query, then the path parameters, each
// checked by Ajv against the contract's schemas with the mock's settings (parameters coerced from text,
// the body not; parameter names in lower case; every error reported). Validators are compiled on first use.
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { HttpResponse } from 'msw';
import { componentsId, schemas } from './contract-data.js';

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

/** The query as the mock reads it: names in lower case, a repeated name as a list, arrays split by style. */
function queryValues(operation, url) {
  const values = {};
  for (const [name, value] of url.searchParams) {
    const key = name.toLowerCase();
    values[key] = key in values ? [].concat(values[key], value) : value;
  }
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

async function bodyViolations(operation, request) {
  const text = request.body ? await request.clone().text() : '';
  const spec = operation.body;
  if (text === '') {
    // Like the mock, this reason points nowhere: it has no `location`.
    return spec?.required ? { violations: [{ severity: 'Error', code: 'required', message: 'Body parameter is required' }] } : { violations: [] };
  }
  const mediaType = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (!spec || !spec.mediaTypes.includes(mediaType)) {
    const message = spec?.mediaTypes.length ? `Supported content types: ${spec.mediaTypes.join(',')}` : 'No supported content types, but request included a non-empty body';
    return { violations: [{ severity: 'Error', code: 415, message }] };
  }
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return { response: HttpResponse.json({ error: { code: 'invalid_json', message: 'Invalid JSON' } }, { status: 400 }) };
  }
  return { violations: check(spec.schema, body, 'body', false) };
}

/**
 * What is wrong with a request, in the mock's order (body, query, path), or a Response when the body is
 * not even JSON (the mock's server answers that before validating anything).
 */
export async function requestViolations(operation, request, params) {
  const body = await bodyViolations(operation, request);
  if (body.response) return body.response;
  return [
    ...body.violations,
    ...check(operation.query, queryValues(operation, new URL(request.url)), 'query', true),
    ...check(operation.pathParameters, pathValues(params), 'path', true),
  ];
}
