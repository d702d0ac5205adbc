// @trading-analytics/conformance: the contract run against any base URL (see README.md).
export { formatJson } from './reports/json-report.js';
export { formatJunit } from './reports/junit.js';
export type {
  BehaviourId,
  BehaviourResult,
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
} from './reports/report-types.js';
export { formatSummary } from './reports/summary.js';
export { defaults, runConformance } from './run.js';
export { UsageError } from './setup/usage-error.js';
