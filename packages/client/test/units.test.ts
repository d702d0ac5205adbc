// Exact units: the scaled integers and decimal strings of the contract never pass through a JS number.
import { describe, expect, it } from 'vitest';
import { formatUnits, parseDecimalString, parseIntegerString, parseUnits } from '../src/index.js';

const above2pow64 = 2n ** 64n + 1n; // 18446744073709551617
const price1e18 = 97_250_500_000_000_000_000_000n; // 97250.5 USD scaled by 1e18

describe('formatUnits', () => {
  it.each([
    [0n, 18, '0'],
    [0n, 0, '0'],
    [1n, 18, '0.000000000000000001'],
    [-1n, 18, '-0.000000000000000001'],
    [10n ** 18n, 18, '1'],
    [1_500_000_000_000_000_000n, 18, '1.5'],
    [-1_500_000_000_000_000_000n, 18, '-1.5'],
    [price1e18, 18, '97250.5'],
    [123_456_789_000n, 10, '12.3456789'],
    [1000n, 0, '1000'],
    [1000n, 2, '10'],
    [1005n, 2, '10.05'],
    [above2pow64, 0, '18446744073709551617'],
    [above2pow64, 18, '18.446744073709551617'],
    [-above2pow64, 10, '-1844674407.3709551617'],
    [2n ** 256n - 1n, 18, '115792089237316195423570985008687907853269984665640564039457.584007913129639935'],
  ])('formatUnits(%s, %i) is %s', (value, decimals, text) => {
    expect(formatUnits(value, decimals)).toBe(text);
  });

  // The regex that once trimmed trailing zeros tried every zero of a long run as a start: 10^80000 took
  // 5.5 s. Written out now in one pass; the time limit is the guard, far above a linear run, far below that.
  it('writes long runs of zeros in linear time, every digit kept', { timeout: 2000 }, () => {
    const zeros = '0'.repeat(80_000);
    expect(formatUnits(10n ** 80_000n, 0)).toBe(`1${zeros}`);
    expect(formatUnits(-(10n ** 80_000n), 18)).toBe(`-1${zeros.slice(18)}`);
    expect(formatUnits(10n ** 80_000n + 5n, 255)).toBe(`1${zeros.slice(255)}.${'0'.repeat(254)}5`);
    expect(formatUnits(10n ** 80_000n * 7n + 10n ** 40_000n, 1)).toBe(`7${zeros.slice(40_001)}1${zeros.slice(40_001)}`);
  });

  it('refuses a number, which has already lost digits', () => {
    expect(() => formatUnits(1.5 as unknown as bigint, 18)).toThrow(/Not a bigint: 1\.5/);
    // biome-ignore lint/correctness/noPrecisionLoss: the test is about a number past 2^53 that a caller passes by mistake
    expect(() => formatUnits(9007199254740993 as unknown as bigint, 0)).toThrow(/Not a bigint: 9007199254740992/);
  });

  it.each([-1, 1.5, 256, Number.NaN])('refuses decimals %s', (decimals) => {
    expect(() => formatUnits(1n, decimals)).toThrow(
      new RegExp(`decimals must be an integer from 0 to 255: ${decimals}`),
    );
  });
});

describe('parseUnits', () => {
  it.each([
    ['0', 18, 0n],
    ['-0', 18, 0n],
    ['0.0', 6, 0n],
    ['1', 18, 10n ** 18n],
    ['1.5', 18, 1_500_000_000_000_000_000n],
    ['-1.5', 18, -1_500_000_000_000_000_000n],
    ['97250.5', 18, price1e18],
    ['0.000000000000000001', 18, 1n],
    ['18446744073709551617', 0, above2pow64],
    ['18.446744073709551617', 18, above2pow64],
    ['12.5000', 2, 1250n],
    ['007', 0, 7n],
    // Exponents, as a decimal serializer may write very large or very small values.
    ['1.5E+3', 2, 150000n],
    ['1e18', 0, 10n ** 18n],
    ['1E3', 18, 1000n * 10n ** 18n],
    ['-2.5e-1', 18, -250_000_000_000_000_000n],
    ['9.72505E4', 18, price1e18],
    ['1e-18', 18, 1n],
    ['18446744073709551617e-18', 18, above2pow64],
    ['1.8446744073709551617E+19', 0, above2pow64],
    ['1e300', 0, 10n ** 300n],
    ['1e+1000', 0, 10n ** 1000n],
    ['0e-1000', 18, 0n],
    ['1000000000000000000000e-21', 3, 1000n],
  ])('parseUnits(%j, %i) is %s', (text, decimals, value) => {
    expect(parseUnits(text, decimals)).toBe(value);
  });

  it('round-trips with formatUnits', () => {
    for (const value of [0n, 1n, -1n, price1e18, -above2pow64, 2n ** 255n]) {
      for (const decimals of [0, 6, 10, 18, 30]) expect(parseUnits(formatUnits(value, decimals), decimals)).toBe(value);
    }
  });

  it('refuses digits beyond the scale instead of rounding them away', () => {
    expect(() => parseUnits('1.005', 2)).toThrow(/More than 2 decimals: "1\.005"/);
    expect(() => parseUnits('1e-19', 18)).toThrow(/More than 18 decimals: "1e-19"/);
    expect(() => parseUnits('1.2345e2', 1)).toThrow(/More than 1 decimals: "1\.2345e2"/);
    expect(() => parseUnits('0.0000000000000000001', 18)).toThrow(/More than 18 decimals/);
    expect(() => parseUnits('1.5', 0)).toThrow(/More than 0 decimals: "1\.5"/);
  });

  it.each([
    '',
    ' 1',
    '1 ',
    '+1',
    '+1e3',
    '1e',
    '1e+',
    '1e1.5',
    '1ee3',
    'e3',
    '.5',
    '5.',
    '.5e3',
    '1,000',
    '1_000',
    '0x10',
    'NaN',
    'Infinity',
    '--1',
    '١٢',
    '1.2.3',
  ])('refuses the malformed text %j, naming it', (text) => {
    expect(() => parseUnits(text, 18)).toThrow(`Not a decimal string: ${JSON.stringify(text)}`);
  });

  it('refuses a number instead of text', () => {
    expect(() => parseUnits(1.5 as unknown as string, 18)).toThrow('Not a decimal string: 1.5');
  });

  it('refuses an exponent too large to mean an amount, without expanding it', () => {
    expect(() => parseUnits('1e1001', 0)).toThrow('Exponent beyond ±1000: "1e1001"');
    expect(() => parseUnits('1e-99999999999999999999999', 18)).toThrow(/^Exponent beyond ±1000/);
  });

  it('refuses bad decimals', () => {
    expect(() => parseUnits('1', -1)).toThrow(/decimals must be an integer from 0 to 255: -1/);
  });
});

describe('parseIntegerString', () => {
  it.each([
    ['0', 0n],
    ['-0', 0n],
    ['42', 42n],
    ['-42', -42n],
    ['18446744073709551617', above2pow64],
    ['-18446744073709551617', -above2pow64],
    ['97250500000000000000000', price1e18],
  ])('reads %j as %s', (text, value) => {
    expect(parseIntegerString(text)).toBe(value);
  });

  it.each(['', '1.0', '1e3', ' 1', '+1', '0x1f', '1n', '--1', 'one'])('refuses %j, naming it', (text) => {
    expect(() => parseIntegerString(text)).toThrow(`Not an integer string: ${JSON.stringify(text)}`);
  });

  it.each([[42], [null], [undefined], [{ value: '1' }]])('refuses the non-string %j', (value) => {
    expect(() => parseIntegerString(value as unknown as string)).toThrow(/^Not an integer string: /);
  });
});

describe('parseDecimalString', () => {
  it.each(['0', '-0', '12.5', '-3.25', '0.000000000000000001', '18446744073709551617.123456789012345678901'])(
    'returns %j exactly as given',
    (text) => {
      expect(parseDecimalString(text)).toBe(text);
    },
  );

  it.each([
    ['1e5', '100000'],
    ['1E+5', '100000'],
    ['1.25E+3', '1250'],
    ['1.25e1', '12.5'],
    ['1.50e1', '15.0'],
    ['-3.25e0', '-3.25'],
    ['5e-7', '0.0000005'],
    ['-1.5E-3', '-0.0015'],
    ['12.5e-1', '1.25'],
    ['0.05e2', '5'],
    ['0.5e-2', '0.005'],
    ['18446744073709551617.123456789012345678901e+21', '18446744073709551617123456789012345678901'],
    ['1e40', `1${'0'.repeat(40)}`],
    ['7e-30', `0.${'0'.repeat(29)}7`],
  ])('writes the exponent of %j out exactly as %j', (text, plain) => {
    expect(parseDecimalString(text)).toBe(plain);
  });

  it('writes out the largest accepted exponents digit for digit', () => {
    expect(parseDecimalString('3e1000')).toBe(`3${'0'.repeat(1000)}`);
    expect(parseDecimalString('-3e-1000')).toBe(`-0.${'0'.repeat(999)}3`);
    expect(() => parseDecimalString('3e1001')).toThrow('Exponent beyond ±1000: "3e1001"');
  });

  it.each(['', '+1', '1e', '1e+', '.5', '5.', '.5e1', '1,5', ' 1', 'NaN', 'Infinity', '12.5 USD'])(
    'refuses %j, naming it',
    (text) => {
      expect(() => parseDecimalString(text)).toThrow(`Not a decimal string: ${JSON.stringify(text)}`);
    },
  );

  it('refuses a JSON number, which would already be a float', () => {
    expect(() => parseDecimalString(12.5 as unknown as string)).toThrow('Not a decimal string: 12.5');
  });
});
