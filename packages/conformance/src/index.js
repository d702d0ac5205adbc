// @trading-analytics/conformance: the contract run against any base URL (see README.md).
export { runConformance, defaults } from './run.js';
export { formatJson, formatJunit, formatSummary } from './report.js';
export { UsageError } from './usage-error.js';
