// The request checks of the mock's guard and the MSW handlers, as pure functions of what a request carries:
// each returns the values it read, or a list of violations saying what is wrong. None of them throws on any
// input, and none recurses, so no input can exhaust the stack.
import { MAX_JSON_DEPTH, MAX_JSON_VALUES, MAX_SAFE_INTEGER } from './limits.js';
import type { Schema } from './openapi.js';
import type { Violation } from './problems.js';

/**
 * The query as name -> value, or values when a name is repeated: an object without a prototype, so every
 * name is its own.
 */
export type Query = Record<string, string | string[]>;

/** What a request prefers (RFC 7240 `Prefer`, or Prism's `__code`/`__example`/`__dynamic` query parameters). */
export interface Preferences {
  code?: number;
  exampleKey?: string;
  dynamic?: boolean;
  seed?: string;
}

/** Decodes one percent-encoded URL component; undefined when its encoding does not decode to UTF-8. */
export function strictDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** A value quoted for a message, cut to `limit` characters. */
export function quoted(text: string, limit = 60): string {
  return JSON.stringify(text.length > limit ? `${text.slice(0, limit)}…` : text);
}

/** The path's segments, decoded; a segment that does not decode is a violation. */
export function decodePath(rawPath: string): { segments: string[]; violations: Violation[] } {
  const segments: string[] = [];
  const violations: Violation[] = [];
  for (const raw of rawPath.split('/')) {
    const segment = strictDecode(raw);
    if (segment === undefined) {
      violations.push({
        location: ['request', 'path'],
        message: `Path segment ${quoted(raw)} has percent-encoding that does not decode to UTF-8 text`,
      });
    }
    segments.push(segment ?? raw);
  }
  return { segments, violations };
}

/**
 * The query as name -> value (or values, when repeated), decoded as forms are (`+` is a space); a name or
 * value that does not decode is a violation.
 */
export function decodeQuery(rawSearch: string): { query: Query; violations: Violation[] } {
  // Without a prototype, a name such as `__proto__` or `constructor` is a parameter like any other.
  const query: Query = Object.create(null);
  const violations: Violation[] = [];
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
      violations.push({
        location: ['request', 'query'],
        message: `Query parameter ${quoted(pair)} has percent-encoding that does not decode to UTF-8 text`,
      });
      continue;
    }
    const previous = Object.hasOwn(query, name) ? query[name] : undefined;
    query[name] = previous === undefined ? value : [...[previous].flat(), value];
  }
  return { query, violations };
}

const PREFERENCE_NAMES = ['code', 'example', 'dynamic', 'seed'] as const;

/**
 * The preferences from a `Prefer` header (RFC 7240: `code=404, example=key`, `;` also separates), or from
 * the `__code`, `__example` and `__dynamic` query parameters when there is no header, as Prism reads them.
 * Preferences not used are ignored, as RFC 7240 asks; one used with a value it cannot take is a violation.
 */
export function parsePreferences(
  header: string | undefined,
  query: Query,
): { preferences: Preferences; violations: Violation[] } {
  const raw: Partial<Record<(typeof PREFERENCE_NAMES)[number], string>> = {};
  if (header !== undefined) {
    for (const part of String(header).split(/[,;]/)) {
      const equals = part.indexOf('=');
      const name = (equals < 0 ? part : part.slice(0, equals)).trim().toLowerCase();
      let value = equals < 0 ? '' : part.slice(equals + 1).trim();
      if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
      const known = PREFERENCE_NAMES.find((candidate) => candidate === name);
      if (known !== undefined && !(known in raw)) raw[known] = value;
    }
  } else {
    for (const name of PREFERENCE_NAMES) {
      const value = query[`__${name}`];
      if (value !== undefined) raw[name] = [value].flat()[0];
    }
  }
  const preferences: Preferences = {};
  const violations: Violation[] = [];
  const location = header !== undefined ? ['request', 'header', 'prefer'] : ['request', 'query'];
  if (raw.code !== undefined) {
    if (/^[0-9]{3}$/.test(raw.code)) preferences.code = Number(raw.code);
    else violations.push({ location, message: `code must be a three-digit HTTP status, got ${quoted(raw.code)}` });
  }
  if (raw.example !== undefined) {
    if (raw.example !== '') preferences.exampleKey = raw.example;
    else violations.push({ location, message: 'example must name an example, got an empty value' });
  }
  if (raw.dynamic !== undefined) {
    if (raw.dynamic === 'true' || raw.dynamic === 'false') preferences.dynamic = raw.dynamic === 'true';
    else violations.push({ location, message: `dynamic must be true or false, got ${quoted(raw.dynamic)}` });
  }
  if (raw.seed !== undefined) preferences.seed = raw.seed;
  return { preferences, violations };
}

/** The declared range of an integer schema, defaulting to what a JSON number holds exactly. */
function integerRange(schema: Schema): { min: bigint; max: bigint } {
  const bound = (value: unknown, fallback: bigint) =>
    Number.isSafeInteger(value) ? BigInt(value as number) : fallback;
  let min = bound(schema.minimum, -MAX_SAFE_INTEGER);
  let max = bound(schema.maximum, MAX_SAFE_INTEGER);
  if (Number.isSafeInteger(schema.exclusiveMinimum)) min = BigInt(schema.exclusiveMinimum as number) + 1n;
  if (Number.isSafeInteger(schema.exclusiveMaximum)) max = BigInt(schema.exclusiveMaximum as number) - 1n;
  return { min, max };
}

/** Whether a schema declares an integer (alone or with null). */
export function isIntegerSchema(schema: Schema | undefined): boolean {
  const type = schema?.type;
  return (
    type === 'integer' ||
    (Array.isArray(type) && type.includes('integer') && !type.includes('number') && !type.includes('string'))
  );
}

/**
 * Checks an integer as the client wrote it (a query or path value, or a JSON number's text): decimal digits
 * only, so no hex, no exponent and no fraction, and within the declared range or, without one, the range a
 * JSON number holds exactly. Returns a message, or undefined when it is fine.
 */
export function integerProblem(text: string, schema: Schema | undefined): string | undefined {
  if (!/^-?[0-9]+$/.test(text))
    return `must be a decimal integer (digits only: no hex, exponent or fraction), got ${quoted(text)}`;
  const { min, max } = integerRange(schema ?? {});
  // The text is digits only, so BigInt cannot throw; its length is bounded by the URL or body limit.
  const value = BigInt(text);
  if (value < min || value > max) return `must be an integer from ${min} to ${max}, got ${quoted(text)}`;
  return undefined;
}

/** A number of a JSON text, as the client wrote it, with the path that leads to it. */
export interface JsonNumber {
  path: (string | number)[];
  text: string;
}

interface Frame {
  path: (string | number)[];
  array: boolean;
  /** In an array, the index of the next item. */
  next: number;
  key: string | undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isNumberStart = (code: number) => code === 0x2d || (code >= 0x30 && code <= 0x39);
// Digits, `.`, `e`, `E`, `+` and `-`: what may follow the first character of a JSON number.
const isNumberPart = (code: number) =>
  (code >= 0x30 && code <= 0x39) || code === 0x2e || code === 0x65 || code === 0x45 || code === 0x2b || code === 0x2d;
const isLetter = (code: number) => code >= 0x61 && code <= 0x7a;

/**
 * Reads a JSON text without recursion: its nesting depth (refused past MAX_JSON_DEPTH), how many values it
 * holds (refused past MAX_JSON_VALUES) and every number with the path that leads to it, as the client wrote
 * it, so integers can be checked before `JSON.parse` rounds them. Syntax is left to `JSON.parse`, which runs
 * only once this pass has found nothing wrong. One pass over character codes, stopping at the first limit.
 */
export function scanJson(text: string): { depthExceeded: boolean; valuesExceeded: boolean; numbers: JsonNumber[] } {
  const numbers: JsonNumber[] = [];
  // One frame per open array or object: its path, and for an object the key read last.
  const stack: Frame[] = [];
  let top: Frame | undefined;
  let pendingKey: string | undefined;
  let expectKey = false;
  let values = 0;
  let index = 0;
  const refused = (depth: boolean) => ({ depthExceeded: depth, valuesExceeded: !depth, numbers });
  // A value starts: its path (read before an array's index moves on), or undefined past MAX_JSON_VALUES.
  const valueStarts = (): (string | number)[] | undefined => {
    if (++values > MAX_JSON_VALUES) return undefined;
    if (!top) return [];
    if (top.array) return [...top.path, top.next++];
    return [...top.path, top.key ?? ''];
  };
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      let end = index + 1;
      while (end < text.length && text.charCodeAt(end) !== QUOTE) end += text.charCodeAt(end) === BACKSLASH ? 2 : 1;
      if (expectKey) {
        pendingKey = strictJsonString(text.slice(index, end + 1));
        expectKey = false;
      } else if (!valueStarts()) return refused(false);
      index = end + 1;
      continue;
    }
    if (code === 0x7b || code === 0x5b) {
      // `{` or `[`
      if (stack.length >= MAX_JSON_DEPTH) return refused(true);
      const path = valueStarts();
      if (!path) return refused(false);
      top = { path, array: code === 0x5b, next: 0, key: undefined };
      stack.push(top);
      expectKey = code === 0x7b;
      index++;
      continue;
    }
    if (code === 0x7d || code === 0x5d) {
      // `}` or `]`
      stack.pop();
      top = stack[stack.length - 1];
      expectKey = false;
      index++;
      continue;
    }
    if (code === 0x3a) {
      // `:`
      if (top && !top.array) top.key = pendingKey;
      index++;
      continue;
    }
    if (code === 0x2c) {
      // `,`
      if (top && !top.array) expectKey = true;
      index++;
      continue;
    }
    if (isNumberStart(code)) {
      let end = index + 1;
      while (end < text.length && isNumberPart(text.charCodeAt(end))) end++;
      const path = valueStarts();
      if (!path) return refused(false);
      numbers.push({ path, text: text.slice(index, end) });
      index = end;
      continue;
    }
    // `true`, `false` and `null` are values; their other letters and whitespace carry nothing to check.
    if ((code === 0x74 || code === 0x66 || code === 0x6e) && !valueStarts()) return refused(false);
    index++;
    while (index < text.length && isLetter(text.charCodeAt(index)) && isLetter(text.charCodeAt(index - 1))) index++;
  }
  return { depthExceeded: false, valuesExceeded: false, numbers };
}

function strictJsonString(literal: string): string {
  try {
    return JSON.parse(literal) as string;
  } catch {
    return literal;
  }
}

/**
 * The schema a value at `path` is validated against, following `properties`, `items` and the branches of
 * `allOf`, `oneOf` and `anyOf` (the first that has the step); undefined when the path leaves the schema.
 */
export function schemaAt(schema: Schema, path: readonly (string | number)[]): Schema | undefined {
  let current: Schema | undefined = schema;
  for (const step of path) {
    current = childSchema(current, step);
    if (current === undefined) return undefined;
  }
  return current;
}

function childSchema(schema: Schema | undefined, step: string | number): Schema | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  if (typeof step === 'number' && schema.items && typeof schema.items === 'object') return schema.items;
  if (typeof step === 'string' && schema.properties && Object.hasOwn(schema.properties, step))
    return schema.properties[step];
  for (const branch of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) {
    const found = childSchema(branch, step);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Numbers of a JSON body (`scanJson`'s `numbers`) against the body's schema (references inlined): where the
 * schema declares an integer, checked as written; anywhere else, an integer past what a JSON number holds
 * exactly is refused, since it would reach the validator already rounded.
 */
export function bodyIntegerProblems(schema: Schema | undefined, numbers: readonly JsonNumber[]): Violation[] {
  const violations: Violation[] = [];
  for (const { path, text } of numbers) {
    const location = ['request', 'body', ...path.map(String)];
    const fieldSchema = schema && schemaAt(schema, path);
    const name = path.join('.') || 'body';
    if (isIntegerSchema(fieldSchema)) {
      const problem = integerProblem(text, fieldSchema);
      if (problem) violations.push({ location, message: `${name} ${problem}` });
    } else if (/^-?[0-9]+$/.test(text) && (BigInt(text) > MAX_SAFE_INTEGER || BigInt(text) < -MAX_SAFE_INTEGER)) {
      violations.push({
        location,
        message: `${name} is an integer beyond ±${MAX_SAFE_INTEGER}, which a JSON number cannot hold exactly; got ${text.slice(0, 40)}`,
      });
    }
  }
  return violations;
}

// A media type as RFC 9110 writes it: `type/subtype`, then `; name=value` parameters (value a token or a
// quoted string). Prism parses Accept and Content-Type with this grammar and throws on anything else.
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|"(?:[^"\\\\]|\\\\.)*"))*$`);

/** Whether a header value is one media type, as Content-Type holds. */
export function isMediaType(text: string): boolean {
  return MEDIA_TYPE.test(String(text).trim());
}

/** The entries of an Accept header that are not media ranges (empty when it is well formed). */
export function malformedAccept(header: string): string[] {
  return String(header)
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => !MEDIA_TYPE.test(entry));
}

/** The length of a text in UTF-8 bytes, without an encoder (the core uses no platform global). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        index++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
