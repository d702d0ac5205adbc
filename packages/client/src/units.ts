// Exact conversions between the contract's scaled integers (1e18 prices, 1e10 quantities, wei) and decimal
// text. Everything goes through bigint and string slicing: a JS number would silently lose digits past 2^53.
import { invalid } from './invalid.js';

// The contract's DecimalString: plain decimal text, optionally with an exponent (see parseDecimalString).
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([-+]?\d+))?$/;
const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
// An exponent only moves the decimal point, so writing it out costs one character per step; past this many
// steps no real amount is meant, and expanding it would only spend memory.
const MAX_EXPONENT = 1000;

// ERC-20 `decimals` is a uint8, so 0..255 covers every token.
const checkDecimals = (decimals: number) =>
  (Number.isInteger(decimals) && decimals >= 0 && decimals < 256) ||
  invalid('decimals must be an integer from 0 to 255', decimals);

/**
 * Writes a scaled integer as exact decimal text: `formatUnits(1500000000000000000n, 18)` is `"1.5"`.
 * Trailing fractional zeros are dropped; negative values keep their sign.
 */
export function formatUnits(value: bigint, decimals: number): string {
  checkDecimals(decimals);
  if (typeof value !== 'bigint') invalid('Not a bigint', value);
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, '0');
  const cut = digits.length - decimals;
  // Trailing zeros are counted from the end, at most `decimals` of them: a regex such as /\.?0*$/ would try
  // every zero of a long run as a start, quadratic in the run's length.
  let end = digits.length;
  while (end > cut && digits[end - 1] === '0') end--;
  return `${value < 0n ? '-' : ''}${digits.slice(0, cut)}${end > cut ? '.' : ''}${digits.slice(cut, end)}`;
}

/**
 * Reads decimal text into a scaled integer: `parseUnits("1.5", 18)` is `1500000000000000000n`.
 * Accepts the contract's decimal form only (`-12.5`, or with an exponent `1.5E+3`; no separators, no bare
 * `.5`, no leading `+`). More fractional digits than `decimals` is an error unless the extra ones are zeros:
 * rounding would change the amount.
 */
export function parseUnits(text: string, decimals: number): bigint {
  checkDecimals(decimals);
  const [, sign, whole, fraction = ''] = PLAIN_DECIMAL.exec(parseDecimalString(text)) ?? invalid('Not a decimal', text);
  if (/[1-9]/.test(fraction.slice(decimals))) invalid(`More than ${decimals} decimals`, text);
  const scaled = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
  return sign ? -scaled : scaled;
}

/** Reads one of the contract's integer strings (`IntegerString`, pattern `^-?[0-9]+$`) as a bigint. */
export function parseIntegerString(text: string): bigint {
  if (typeof text !== 'string' || !/^-?\d+$/.test(text)) invalid('Not an integer string', text);
  return BigInt(text);
}

/**
 * Checks one of the contract's decimal strings (`DecimalString`, such as the USD fields of UnrealizedPnl)
 * and returns it as plain decimal text, for display or an exact decimal library: plain text comes back
 * unchanged, and an exponent is written out by moving the decimal point (`"1.25E+3"` is `"1250"`, `"5e-7"`
 * is `"0.0000005"`). Every digit is kept; it is never turned into a number. Exponents beyond ±1000 are
 * refused.
 */
export function parseDecimalString(text: string): string {
  const parts = typeof text === 'string' ? DECIMAL.exec(text) : null;
  if (!parts) return invalid('Not a decimal string', text);
  // The pattern's whole part always matches (it is not optional), the others may be absent.
  const [, sign, whole = '', fraction = '', exponent] = parts;
  if (exponent === undefined) return text;
  // The exponent is a count of places, not an amount; a string of digits too long to hold stays out of range.
  const shift = Number(exponent);
  if (!(Math.abs(shift) <= MAX_EXPONENT)) invalid(`Exponent beyond ±${MAX_EXPONENT}`, text);
  const digits = whole + fraction;
  const point = whole.length + shift;
  const integerPart = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0');
  const fractionPart = point <= 0 ? '0'.repeat(-point) + digits : digits.slice(point);
  return `${sign}${integerPart.replace(/^0+(?=\d)/, '')}${fractionPart ? `.${fractionPart}` : ''}`;
}
