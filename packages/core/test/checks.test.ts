// The request checks (src/request-checks.ts) on their own, as the mock's guard and the MSW handlers use them: what each
// accepts and refuses, and that none throws or recurses on input built to break it.
import { describe, expect, it } from 'vitest';
import { decodePath, MAX_JSON_DEPTH, MAX_JSON_VALUES } from '../src/index.js';
// The checks the request pipeline composes: not exported by the package, tested where they live.
import {
  decodeQuery,
  integerProblem,
  isMediaType,
  malformedAccept,
  parsePreferences,
  scanJson,
  schemaAt,
} from '../src/request-checks.js';

describe('percent-encoding', () => {
  it('decodes a path and names each segment that does not decode', () => {
    expect(decodePath('/v1/pairs/a%20b')).toEqual({ segments: ['', 'v1', 'pairs', 'a b'], violations: [] });
    const { violations } = decodePath('/v1/portfolio/%zz/x%ff%fe');
    expect(violations.map((violation) => violation.message)).toEqual([
      'Path segment "%zz" has percent-encoding that does not decode to UTF-8 text',
      'Path segment "x%ff%fe" has percent-encoding that does not decode to UTF-8 text',
    ]);
  });

  it('decodes a query as a form (repeated names, + as space) and names a pair that does not decode', () => {
    expect(decodeQuery('?tags=a&tags=b+c&page=')).toEqual({ query: { tags: ['a', 'b c'], page: '' }, violations: [] });
    expect(decodeQuery('?symbol=%e2%82').violations[0]?.message).toContain('"symbol=%e2%82"');
  });

  // Hostile round three: `?__proto__=1` replaced the query object's prototype and `?constructor=` read the
  // native Object function as an earlier value of the name.
  it('keeps every name as an own value of a prototype-free object, __proto__ and constructor included', () => {
    const { query, violations } = decodeQuery('?__proto__=1&__proto__=2&constructor=&toString=x&hasOwnProperty=y');
    expect(violations).toEqual([]);
    expect(Object.getPrototypeOf(query)).toBeNull();
    expect(Object.keys(query)).toEqual(['__proto__', 'constructor', 'toString', 'hasOwnProperty']);
    expect(Object.getOwnPropertyDescriptor(query, '__proto__')?.value).toEqual(['1', '2']);
    expect(query.constructor).toBe('');
    expect(query.toString).toBe('x');
    expect(decodeQuery('?page=1').query.constructor).toBeUndefined();
  });
});

describe('Prefer', () => {
  it('reads code, example and dynamic, from the header or else the __ query parameters', () => {
    expect(parsePreferences('code=404, example=missing', {})).toEqual({
      preferences: { code: 404, exampleKey: 'missing' },
      violations: [],
    });
    expect(parsePreferences('example="quoted"; dynamic=false', {}).preferences).toEqual({
      exampleKey: 'quoted',
      dynamic: false,
    });
    expect(parsePreferences(undefined, { __code: '503', __example: 'x' }).preferences).toEqual({
      code: 503,
      exampleKey: 'x',
    });
    // Preferences the mock does not use are ignored, as RFC 7240 asks.
    expect(parsePreferences('return=minimal, respond-async', {})).toEqual({ preferences: {}, violations: [] });
  });

  it('names a value it cannot use', () => {
    const messages = (header: string) => parsePreferences(header, {}).violations.map((violation) => violation.message);
    expect(messages('code=abc')).toEqual(['code must be a three-digit HTTP status, got "abc"']);
    expect(messages('code=2000')).toEqual(['code must be a three-digit HTTP status, got "2000"']);
    expect(messages('dynamic=maybe')).toEqual(['dynamic must be true or false, got "maybe"']);
    expect(messages('example=')).toEqual(['example must name an example, got an empty value']);
  });
});

describe('media types', () => {
  it('accepts what browsers and clients send, and names the entries that are not media ranges', () => {
    expect(malformedAccept('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toEqual([]);
    expect(malformedAccept('application/json, garbage, text/*;q=')).toEqual(['garbage', 'text/*;q=']);
    expect(isMediaType('application/json; charset="utf-8"')).toBe(true);
    expect(isMediaType('application/json; garbage')).toBe(false);
    expect(isMediaType('garbage')).toBe(false);
  });
});

describe('integers as written', () => {
  it('accepts decimal digits within the declared range', () => {
    expect(integerProblem('24', { minimum: 1, maximum: 24 })).toBeUndefined();
    expect(integerProblem('-9007199254740991', {})).toBeUndefined();
  });

  it('refuses hex, exponents, fractions and values past the declared or JSON-safe range', () => {
    expect(integerProblem('0x10', { minimum: 1, maximum: 24 })).toMatch(/decimal integer .*"0x10"/);
    expect(integerProblem('1e400', {})).toMatch(/decimal integer .*"1e400"/);
    expect(integerProblem('1.0', {})).toMatch(/decimal integer/);
    expect(integerProblem('25', { minimum: 1, maximum: 24 })).toBe('must be an integer from 1 to 24, got "25"');
    expect(integerProblem('18446744073709551617', {})).toBe(
      'must be an integer from -9007199254740991 to 9007199254740991, got "18446744073709551617"',
    );
    expect(integerProblem('9'.repeat(5000), { minimum: 0 })).toMatch(/^must be an integer from 0 to 9007199254740991/);
  });
});

describe('JSON scan', () => {
  it('finds every number with its path, as written', () => {
    const { numbers, depthExceeded } = scanJson(
      '{"a": [1, {"b": -2.5e3}], "c\\"d": 18446744073709551617, "e": "7", "f": true}',
    );
    expect(depthExceeded).toBe(false);
    expect(numbers).toEqual([
      { path: ['a', 0], text: '1' },
      { path: ['a', 1, 'b'], text: '-2.5e3' },
      { path: ['c"d'], text: '18446744073709551617' },
    ]);
  });

  it(`stops at ${MAX_JSON_DEPTH} levels without recursing, however deep the text`, () => {
    expect(scanJson('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH)).depthExceeded).toBe(false);
    expect(scanJson('['.repeat(MAX_JSON_DEPTH + 1)).depthExceeded).toBe(true);
    expect(scanJson('{"a":'.repeat(1_000_000)).depthExceeded).toBe(true);
  });

  it(`stops at the value past ${MAX_JSON_VALUES}, counting items, members' values and the body itself`, () => {
    const list = (count: number) => `[${Array(count).fill('1').join(',')}]`;
    expect(scanJson(list(MAX_JSON_VALUES - 1))).toMatchObject({ valuesExceeded: false });
    expect(scanJson(list(MAX_JSON_VALUES - 1)).numbers).toHaveLength(MAX_JSON_VALUES - 1);
    expect(scanJson(list(MAX_JSON_VALUES))).toMatchObject({ valuesExceeded: true, depthExceeded: false });
    expect(
      scanJson(`{${Array.from({ length: MAX_JSON_VALUES }, (_, at) => `"k${at}": "v"`).join(',')}}`).valuesExceeded,
    ).toBe(true);
    expect(scanJson(`"${'x'.repeat(1_000_000)}"`).valuesExceeded).toBe(false);
  });

  it('follows properties, items and composed schemas to a field', () => {
    const schema = { allOf: [{ properties: { list: { type: 'array', items: { type: 'integer' } } } }] };
    expect(schemaAt(schema, ['list', 3])).toEqual({ type: 'integer' });
    expect(schemaAt(schema, ['other'])).toBeUndefined();
  });
});
