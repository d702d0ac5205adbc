// @trading-analytics/conformance: the contract run against any base URL (see README.md).
export { formatJson } from './json.js';
export { formatJunit } from './junit.js';
export type {
  CheckKind,
  ConformanceOptions,
  ConformanceReport,
  ConformanceSettings,
  ConformanceTotals,
  Observation,
  OperationCheck,
  OperationProblem,
  OperationReportProblem,
  OperationResult,
  OperationStatus,
  Problem,
  RequestSource,
  RuleId,
  SentRequest,
  WorkflowCheck,
  WorkflowCheckName,
  WorkflowProblem,
  WorkflowReportProblem,
  WorkflowResult,
  WorkflowStep,
} from './report.js';
export { defaults, runConformance } from './run.js';
export { formatSummary } from './summary.js';
export { UsageError } from './usage-error.js';
