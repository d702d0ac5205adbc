// The validator reads the contract's own string formats from the contract: a value the contract accepts is
// never reported as a departure (the tolerant reading of decimal strings: an exponent is accepted). The
// conformance runner checks answers with this validator.
import { describe, expect, it } from 'vitest';
import { validatorOf } from './support/bundle.js';

const validator = validatorOf();
const decimal = { $ref: '#/components/schemas/DecimalString' };
const integer = { $ref: '#/components/schemas/IntegerString' };

describe('the contract-named string formats', () => {
  it.each(['-12.5', '0', '1.25E+3', '5E-7', '18446744073709551617.5'])('accepts the decimal string %s', (value) => {
    expect(validator.errors(decimal, value)).toEqual([]);
  });

  it.each(['+1', '.5', '5.', '1,000', '1.5.2', 'NaN'])('reports the decimal string %s', (value) => {
    expect(validator.errors(decimal, value)).not.toEqual([]);
  });

  it('holds integer strings to digits, however large', () => {
    expect(validator.errors(integer, '18446744073709551617')).toEqual([]);
    expect(validator.errors(integer, '1e3')).not.toEqual([]);
    expect(validator.errors(integer, '0x10')).not.toEqual([]);
  });
});

describe('allErrors', () => {
  const pairs = { type: 'array', items: { $ref: '#/components/schemas/DecimalString' } };
  const invalid = Array.from({ length: 50 }, () => 'not a decimal');

  it('collects every error by default: each item, each keyword it breaks', () => {
    const errors = validator.errors(pairs, invalid);
    expect(new Set(errors.map((error) => error.at)).size).toBe(50);
  });

  it('stops at the first error when off, and still accepts what the contract accepts', () => {
    const firstOnly = validatorOf({ allErrors: false });
    expect(firstOnly.errors(pairs, invalid)).toEqual([expect.objectContaining({ at: '/0', keyword: 'pattern' })]);
    expect(firstOnly.errors(pairs, ['1.5', '2'])).toEqual([]);
  });
});
