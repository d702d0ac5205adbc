// Exact money: every amount is a bigint at a stated scale, and leaves the sandbox as a string (or, where the
// contract types a USD figure as a JSON number, as the number of its rounded decimal text). No float ever
// holds an amount.

export const E10 = 10n ** 10n;
export const E18 = 10n ** 18n;

const powers: bigint[] = [];
/** 10 to the power `exponent`, as a bigint. */
export function pow10(exponent: number): bigint {
  let power = powers[exponent];
  if (power === undefined) {
    power = 10n ** BigInt(exponent);
    powers[exponent] = power;
  }
  return power;
}

/** a * b / c, rounded half away from zero. */
function mulDivRound(a: bigint, b: bigint, c: bigint): bigint {
  const product = a * b;
  const quotient = product / c;
  const remainder = product - quotient * c;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  const divisor = c < 0n ? -c : c;
  if (twice < divisor) return quotient;
  return product < 0n !== c < 0n ? quotient - 1n : quotient + 1n;
}

/**
 * A value scaled by 10^scale written as a decimal with exactly `places` decimals (rounded half away from
 * zero), or "0" when it rounds to zero: `fixed(12_500000n, 6, 2)` is "12.50".
 */
function fixed(value: bigint, scale: number, places: number): string {
  const rounded = scale >= places ? mulDivRound(value, 1n, pow10(scale - places)) : value * pow10(places - scale);
  if (rounded === 0n) return '0';
  const negative = rounded < 0n;
  const digits = (negative ? -rounded : rounded).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = places > 0 ? `.${digits.slice(digits.length - places)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** A USD amount scaled by 1e18 as a decimal string with cents ("12.50", "0"). */
export function usdText(value: bigint): string {
  return fixed(value, 18, 2);
}

/** A USD amount scaled by 1e18 as the JSON number the contract asks for, read from its exact cent text. */
export function usdNumber(value: bigint): number {
  return Number(fixed(value, 18, 2));
}

/** A base-asset quantity scaled by 1e10 as a decimal string with four decimals ("1842.3561", "0"). */
export function quantityText(qty: bigint): string {
  return fixed(qty, 10, 4);
}

export const maxBig = (a: bigint, b: bigint): bigint => (a > b ? a : b);
