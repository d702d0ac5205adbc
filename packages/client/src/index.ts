// @trading-analytics/client: the typed client of the trading analytics service and the helpers for its
// hard parts (exact units, paging, retries of reads, oracle transaction value, legacy event names).
export { type ClientOptions, createClient, type TradingAnalyticsClient } from './client.js';
export { ApiError, type DataOf, type FetchResult, unwrap } from './errors.js';
export { normalizeOperationType } from './events.js';
export { oracleTransactionValue } from './oracle.js';
export { type Page, type PaginateOptions, paginate } from './paging.js';
export { type RetryOptions, retryMiddleware } from './retry.js';
export type * from './schema.js';
export type * from './types.js';
export { formatUnits, parseDecimalString, parseIntegerString, parseUnits } from './units.js';
