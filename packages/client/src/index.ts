// @trading-analytics/client: the typed client of the trading analytics service and the helpers for its
// hard parts (exact units, paging, retries of reads, oracle transaction value, legacy event names).
export { createClient, type ClientOptions, type TradingAnalyticsClient } from './client.js';
export { ApiError, unwrap, type DataOf, type FetchResult } from './errors.js';
export { normalizeOperationType } from './events.js';
export { oracleTransactionValue } from './oracle.js';
export { paginate, type Page, type PaginateOptions } from './paging.js';
export { retryMiddleware, type RetryOptions } from './retry.js';
export { formatUnits, parseDecimalString, parseIntegerString, parseUnits } from './units.js';
export type * from './schema.js';
export type * from './types.js';
