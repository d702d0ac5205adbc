import { invalid } from './invalid.js';
import type { OracleUpdateResult } from './schema.js';
import { parseIntegerString } from './units.js';

/**
 * The native-token value (wei) to attach to a price-sensitive contract call: `updateFee + verifition_fee`,
 * each counted as 0 when the result leaves it out, plus `nativeCollateralAmount` when the user pays with
 * the native token. A negative amount is refused: it cannot be a fee or a deposit.
 */
export function oracleTransactionValue(
  result: OracleUpdateResult,
  { nativeCollateralAmount = 0n }: { nativeCollateralAmount?: bigint } = {},
): bigint {
  let total = 0n;
  for (const part of [result.updateFee ?? '0', result.verifition_fee ?? '0', nativeCollateralAmount]) {
    const amount = typeof part === 'bigint' ? part : parseIntegerString(part);
    if (amount < 0n) invalid('A fee or collateral amount cannot be negative', part);
    total += amount;
  }
  return total;
}
