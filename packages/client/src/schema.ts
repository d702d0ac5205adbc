// The contract's types, from their own package (@trading-analytics/types, generated from the bundle): the client
// re-exports every name, so its users need no second import.
export type * from '@trading-analytics/types';
