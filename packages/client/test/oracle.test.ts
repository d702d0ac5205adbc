// The transaction value of a price-sensitive contract call: updateFee + verifition_fee (+ native collateral).
import { describe, expect, it } from 'vitest';
import { type OracleUpdateResult, oracleTransactionValue } from '../src/index.js';

const result = (fees: Partial<OracleUpdateResult>): OracleUpdateResult => ({ failures: [], ...fees });

describe('oracleTransactionValue', () => {
  it('adds updateFee and verifition_fee', () => {
    expect(oracleTransactionValue(result({ updateFee: '2', verifition_fee: '3' }))).toBe(5n);
  });

  it('counts an absent fee as 0', () => {
    expect(oracleTransactionValue(result({ updateFee: '7' }))).toBe(7n);
    expect(oracleTransactionValue(result({ verifition_fee: '7' }))).toBe(7n);
    expect(oracleTransactionValue(result({}))).toBe(0n);
  });

  it('adds the native collateral amount when given', () => {
    const value = oracleTransactionValue(result({ updateFee: '1', verifition_fee: '1' }), {
      nativeCollateralAmount: 10n ** 18n,
    });
    expect(value).toBe(10n ** 18n + 2n);
  });

  it('is exact above 2^64', () => {
    const big = (2n ** 64n).toString();
    expect(
      oracleTransactionValue(result({ updateFee: big, verifition_fee: big }), { nativeCollateralAmount: 2n ** 64n }),
    ).toBe(3n * 2n ** 64n);
  });

  it('ignores the fee-component fields, which are already part of the two fees', () => {
    expect(
      oracleTransactionValue(
        result({
          updateFee: '5',
          feedCoreSingleUpdateFeeWei: '100',
          feedCoreTransactionFeeWei: '100',
          feedProVerificationFeeWei: '100',
        }),
      ),
    ).toBe(5n);
  });

  it('refuses a malformed fee, naming it', () => {
    expect(() => oracleTransactionValue(result({ updateFee: '1.5' }))).toThrow('Not an integer string: "1.5"');
    expect(() => oracleTransactionValue(result({ verifition_fee: '' }))).toThrow('Not an integer string: ""');
    expect(() => oracleTransactionValue(result({ updateFee: 5 as unknown as string }))).toThrow(
      'Not an integer string: 5',
    );
  });

  it('refuses negative fees and collateral', () => {
    expect(() => oracleTransactionValue(result({ updateFee: '-1' }))).toThrow(
      'A fee or collateral amount cannot be negative: "-1"',
    );
    expect(() => oracleTransactionValue(result({}), { nativeCollateralAmount: -5n })).toThrow('cannot be negative: -5');
  });

  it('refuses a collateral amount that is not a bigint', () => {
    expect(() => oracleTransactionValue(result({}), { nativeCollateralAmount: 1.5 as unknown as bigint })).toThrow(
      'Not an integer string: 1.5',
    );
  });
});
