import { invalid } from './invalid.js';
import type { OperationType } from './schema.js';
import type { CurrentOperationType } from './types.js';

/**
 * The current name of a trade-history `operationType`: records from the earlier event model carry
 * `OPEN_MARKET_TRADE` (now `OPEN_POSITION`) and `CLOSE_TRADE_SUCCESSFUL` (now `CLOSE_POSITION`).
 * Current values come back unchanged.
 */
export function normalizeOperationType(value: OperationType): CurrentOperationType {
  if (typeof value !== 'string') invalid('operationType must be a string', value);
  return value === 'OPEN_MARKET_TRADE'
    ? 'OPEN_POSITION'
    : value === 'CLOSE_TRADE_SUCCESSFUL'
      ? 'CLOSE_POSITION'
      : value;
}
