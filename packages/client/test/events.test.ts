// Legacy trade-history operation types read as their current names.
import { describe, expect, it } from 'vitest';
import { normalizeOperationType, type OperationType } from '../src/index.js';

describe('normalizeOperationType', () => {
  it('maps the two legacy values to the current ones', () => {
    expect(normalizeOperationType('OPEN_MARKET_TRADE')).toBe('OPEN_POSITION');
    expect(normalizeOperationType('CLOSE_TRADE_SUCCESSFUL')).toBe('CLOSE_POSITION');
  });

  it.each<OperationType>([
    'OPEN_POSITION',
    'CLOSE_POSITION',
    'POSITION_INCREASED',
    'POSITION_DECREASED',
    'MARKET_PENDING_TRADE',
    'UPDATE_TRADE_SL',
  ])('keeps the current value %s', (value) => {
    expect(normalizeOperationType(value)).toBe(value);
  });

  it('refuses a value that is not a string, naming it', () => {
    expect(() => normalizeOperationType(undefined as unknown as OperationType)).toThrow(
      'operationType must be a string: undefined',
    );
    expect(() => normalizeOperationType(3 as unknown as OperationType)).toThrow('operationType must be a string: 3');
  });
});
