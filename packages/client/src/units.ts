// Exact conversions between the contract's scaled integers (1e18 prices, 1e10 quantities, wei) and decimal
// text. Everything goes through bigint and string slicing: a JS number would silently lose digits past 2^53.
import { invalid } from './invalid.js';

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

// ERC-20 `decimals` is a uint8, so 0..255 covers every token.
const checkDecimals = (decimals: number) =>
  (Number.isInteger(decimals) && decimals >= 0 && decimals < 256) || invalid('decimals must be an integer from 0 to 255', decimals);

/**
 * Writes a scaled integer as exact decimal text: `formatUnits(1500000000000000000n, 18)` is `"1.5"`.
 * Trailing fractional zeros are dropped; negative values keep their sign.
 */
export function formatUnits(value: bigint, decimals: number): string {
  checkDecimals(decimals);
  if (typeof value != 'bigint') invalid('Not a bigint', value);
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, '0');
  const cut = digits.length - decimals;
  return `${value < 0n ? '-' : ''}${digits.slice(0, cut)}.${digits.slice(cut)}`.replace(/\.?0*$/, '');
}

/**
 * Reads decimal text into a scaled integer: `parseUnits("1.5", 18)` is `1500000000000000000n`.
 * Accepts the contract's decimal form only (`-12.5`: no exponent, no separators, no bare `.5`). More
 * fractional digits than `decimals` is an error unless the extra ones are zeros: rounding would change
 * the amount.
 */
export function parseUnits(text: string, decimals: number): bigint {
  checkDecimals(decimals);
  const [, sign, whole, fraction = ''] = DECIMAL.exec(parseDecimalString(text))!;
  if (/[1-9]/.test(fraction.slice(decimals))) invalid(`More than ${decimals} decimals`, text);
  const scaled = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
  return sign ? -scaled : scaled;
}

/** Reads one of the contract's integer strings (`IntegerString`, pattern `^-?[0-9]+$`) as a bigint. */
export function parseIntegerString(text: string): bigint {
  if (typeof text != 'string' || !/^-?\d+$/.test(text)) invalid('Not an integer string', text);
  return BigInt(text);
}

/**
 * Checks one of the contract's decimal strings (`DecimalString`, such as the USD fields of UnrealizedPnl)
 * and returns it unchanged, for display or an exact decimal library. It is never turned into a number.
 */
export function parseDecimalString(text: string): string {
  if (typeof text != 'string' || !DECIMAL.test(text)) invalid('Not a decimal string', text);
  return text;
}
