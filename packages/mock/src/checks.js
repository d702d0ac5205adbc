// The guard's checks, as pure functions of what a request carries: each returns the values it read, or a
// list of violations (`{ location, message }`) saying what is wrong. None of them throws on any input, and
// none recurses, so no input can exhaust the stack.
import { MAX_JSON_DEPTH, MAX_SAFE_INTEGER } from './limits.js';

/** Decodes one percent-encoded URL component; undefined when its encoding does not decode to UTF-8. */
export function strictDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

const shown = (text, limit = 60) => JSON.stringify(text.length > limit ? `${text.slice(0, limit)}…` : text);

/** The path's segments, decoded; a segment that does not decode is a violation. */
export function decodePath(rawPath) {
  const segments = [];
  const violations = [];
  for (const raw of rawPath.split('/')) {
    const segment = strictDecode(raw);
    if (segment === undefined) violations.push({ location: ['request', 'path'], message: `Path segment ${shown(raw)} has percent-encoding that does not decode to UTF-8 text` });
    segments.push(segment ?? raw);
  }
  return { segments, violations };
}

/**
 * The query as name -> value (or values, when repeated), decoded as forms are (`+` is a space); a name or
 * value that does not decode is a violation.
 */
export function decodeQuery(rawSearch) {
  const query = {};
  const violations = [];
  const text = rawSearch.startsWith('?') ? rawSearch.slice(1) : rawSearch;
  if (text === '') return { query, violations };
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const rawName = equals < 0 ? pair : pair.slice(0, equals);
    const rawValue = equals < 0 ? '' : pair.slice(equals + 1);
    const name = strictDecode(rawName.replaceAll('+', ' '));
    const value = strictDecode(rawValue.replaceAll('+', ' '));
    if (name === undefined || value === undefined) {
      violations.push({ location: ['request', 'query'], message: `Query parameter ${shown(pair)} has percent-encoding that does not decode to UTF-8 text` });
      continue;
    }
    if (!Object.hasOwn(query, name)) query[name] = value;
    else query[name] = [].concat(query[name], value);
  }
  return { query, violations };
}

/**
 * The mock's preferences from a `Prefer` header (RFC 7240: `code=404, example=key`, `;` also separates),
 * or from the `__code`, `__example` and `__dynamic` query parameters when there is no header, as Prism
 * reads them. Preferences the mock does not use are ignored, as RFC 7240 asks; one it uses with a value it
 * cannot use is a violation.
 */
export function parsePreferences(header, query) {
  const raw = {};
  if (header !== undefined) {
    for (const part of String(header).split(/[,;]/)) {
      const equals = part.indexOf('=');
      const name = (equals < 0 ? part : part.slice(0, equals)).trim().toLowerCase();
      let value = equals < 0 ? '' : part.slice(equals + 1).trim();
      if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
      if (['code', 'example', 'dynamic', 'seed'].includes(name) && !(name in raw)) raw[name] = value;
    }
  } else {
    for (const name of ['code', 'example', 'dynamic', 'seed']) {
      const value = query[`__${name}`];
      if (value !== undefined) raw[name] = Array.isArray(value) ? value[0] : value;
    }
  }
  const preferences = {};
  const violations = [];
  const where = header !== undefined ? ['request', 'header', 'prefer'] : ['request', 'query'];
  if (raw.code !== undefined) {
    if (/^[0-9]{3}$/.test(raw.code)) preferences.code = Number(raw.code);
    else violations.push({ location: where, message: `code must be a three-digit HTTP status, got ${shown(raw.code)}` });
  }
  if (raw.example !== undefined) {
    if (raw.example !== '') preferences.exampleKey = raw.example;
    else violations.push({ location: where, message: 'example must name an example, got an empty value' });
  }
  if (raw.dynamic !== undefined) {
    if (raw.dynamic === 'true' || raw.dynamic === 'false') preferences.dynamic = raw.dynamic === 'true';
    else violations.push({ location: where, message: `dynamic must be true or false, got ${shown(raw.dynamic)}` });
  }
  if (raw.seed !== undefined) preferences.seed = raw.seed;
  return { preferences, violations };
}

/** The declared range of an integer schema, defaulting to what a JSON number holds exactly. */
function integerRange(schema) {
  const bound = (value, fallback) => (Number.isSafeInteger(value) ? BigInt(value) : fallback);
  let min = bound(schema.minimum, -MAX_SAFE_INTEGER);
  let max = bound(schema.maximum, MAX_SAFE_INTEGER);
  if (Number.isSafeInteger(schema.exclusiveMinimum)) min = BigInt(schema.exclusiveMinimum) + 1n;
  if (Number.isSafeInteger(schema.exclusiveMaximum)) max = BigInt(schema.exclusiveMaximum) - 1n;
  return { min, max };
}

/** Whether a schema declares an integer (alone or with null). */
export function isIntegerSchema(schema) {
  const type = schema?.type;
  return type === 'integer' || (Array.isArray(type) && type.includes('integer') && !type.includes('number') && !type.includes('string'));
}

/**
 * Checks an integer as the client wrote it (a query or path value, or a JSON number's text): decimal digits
 * only, so no hex, no exponent and no fraction, and within the declared range or, without one, the range a
 * JSON number holds exactly. Returns a message, or undefined when it is fine.
 */
export function integerProblem(text, schema) {
  if (!/^-?[0-9]+$/.test(text)) return `must be a decimal integer (digits only: no hex, exponent or fraction), got ${shown(text)}`;
  const { min, max } = integerRange(schema ?? {});
  // The text is digits only, so BigInt cannot throw; its length is bounded by the URL or body limit.
  const value = BigInt(text);
  if (value < min || value > max) return `must be an integer from ${min} to ${max}, got ${shown(text)}`;
  return undefined;
}

/**
 * Reads a JSON text without recursion: its nesting depth (refused past MAX_JSON_DEPTH) and every number with
 * the path that leads to it, as the client wrote it, so integers can be checked before `JSON.parse` rounds
 * them. Syntax is left to `JSON.parse`, which runs only once this pass has found nothing wrong.
 */
export function scanJson(text) {
  const numbers = [];
  // One frame per open array or object: its path, and for an object the key read last.
  const stack = [];
  let pendingKey;
  let expectKey = false;
  let index = 0;
  const path = () => {
    const frame = stack.at(-1);
    if (!frame) return [];
    return [...frame.path, frame.array ? frame.next : frame.key];
  };
  while (index < text.length) {
    const char = text[index];
    if (char === '"') {
      let end = index + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (expectKey) {
        pendingKey = strictJsonString(text.slice(index, end + 1));
        expectKey = false;
      } else advance(stack);
      index = end + 1;
      continue;
    }
    if (char === '{' || char === '[') {
      if (stack.length >= MAX_JSON_DEPTH) return { depthExceeded: true, numbers };
      stack.push({ path: path(), array: char === '[', next: 0, key: undefined });
      expectKey = char === '{';
      index++;
      continue;
    }
    if (char === '}' || char === ']') {
      stack.pop();
      advance(stack);
      expectKey = false;
      index++;
      continue;
    }
    if (char === ':') {
      const frame = stack.at(-1);
      if (frame && !frame.array) frame.key = pendingKey;
      index++;
      continue;
    }
    if (char === ',') {
      const frame = stack.at(-1);
      if (frame && !frame.array) expectKey = true;
      index++;
      continue;
    }
    if (char === '-' || (char >= '0' && char <= '9')) {
      let end = index + 1;
      while (end < text.length && /[0-9eE.+-]/.test(text[end])) end++;
      numbers.push({ path: path(), text: text.slice(index, end) });
      advance(stack);
      index = end;
      continue;
    }
    if (char === 't' || char === 'f' || char === 'n') advance(stack);
    // Literals' remaining letters and whitespace carry nothing to check.
    index++;
    while (index < text.length && /[a-z]/.test(text[index]) && /[a-z]/.test(text[index - 1])) index++;
  }
  return { depthExceeded: false, numbers };
}

/** After a value inside an array, the next one has the next index. */
function advance(stack) {
  const frame = stack.at(-1);
  if (frame?.array) frame.next++;
}

function strictJsonString(literal) {
  try {
    return JSON.parse(literal);
  } catch {
    return literal;
  }
}

/**
 * The schema a value at `path` is validated against, following `properties`, `items` and the branches of
 * `allOf`, `oneOf` and `anyOf` (the first that has the step); undefined when the path leaves the schema.
 */
export function schemaAt(schema, path) {
  let current = schema;
  for (const step of path) {
    current = childSchema(current, step);
    if (current === undefined) return undefined;
  }
  return current;
}

function childSchema(schema, step) {
  if (!schema || typeof schema !== 'object') return undefined;
  if (typeof step === 'number' && schema.items && typeof schema.items === 'object') return schema.items;
  if (typeof step === 'string' && schema.properties && Object.hasOwn(schema.properties, step)) return schema.properties[step];
  for (const branch of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) {
    const found = childSchema(branch, step);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Numbers of a JSON body (`scanJson`'s `numbers`) against the body's schema: where the schema declares an
 * integer, checked as written; anywhere else, an integer past what a JSON number holds exactly is refused,
 * since it would reach the validator already rounded. Returns violations as `sl-violations` entries.
 */
export function bodyIntegerProblems(schema, numbers) {
  const violations = [];
  for (const { path, text } of numbers) {
    const where = ['request', 'body', ...path.map(String)];
    const fieldSchema = schema && schemaAt(schema, path);
    if (isIntegerSchema(fieldSchema)) {
      const problem = integerProblem(text, fieldSchema);
      if (problem) violations.push({ location: where, message: `${path.join('.') || 'body'} ${problem}` });
    } else if (/^-?[0-9]+$/.test(text) && (BigInt(text) > MAX_SAFE_INTEGER || BigInt(text) < -MAX_SAFE_INTEGER)) {
      violations.push({ location: where, message: `${path.join('.') || 'body'} is an integer beyond ±${MAX_SAFE_INTEGER}, which a JSON number cannot hold exactly; got ${text.slice(0, 40)}` });
    }
  }
  return violations;
}

// A media type as RFC 9110 writes it: `type/subtype`, then `; name=value` parameters (value a token or a
// quoted string). Prism parses Accept and Content-Type with this grammar and throws on anything else.
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|"(?:[^"\\\\]|\\\\.)*"))*$`);

/** Whether a header value is one media type, as Content-Type holds. */
export function isMediaType(text) {
  return MEDIA_TYPE.test(String(text).trim());
}

/** The entries of an Accept header that are not media ranges (empty when it is well formed). */
export function malformedAccept(header) {
  return String(header)
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => !MEDIA_TYPE.test(entry));
}
