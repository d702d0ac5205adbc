// The run's options and its report, as runConformance takes and returns them and the formatters read them.
// The check kinds are unions; what each kind records and how it is worded is in problems.ts.

/** The checks of one operation, as a report names them. */
export type OperationCheck =
  | 'request'
  | 'timeout'
  | 'network'
  | 'status'
  | 'header'
  | 'content-type'
  | 'body'
  | 'schema'
  | 'out-of-range';

/** The checks of a workflow. A step's checks are Respect's (`status code check`, `schema check`...). */
export type WorkflowCheck = 'respect' | 'steps' | 'step' | 'transaction value';

export type CheckKind = OperationCheck | WorkflowCheck;

/**
 * How a workflow problem's check is named in a report: `respect`, `steps`, or the step, its operationId and
 * the check (`priceUpdates (queryPriceUpdates): schema check`, `… (…): transaction value`).
 */
export type WorkflowCheckName = 'respect' | 'steps' | `${string} (${string}): ${string}`;

/** One problem of an operation, as a report gives it. */
export interface OperationProblem {
  check: OperationCheck;
  expected: string;
  observed: string;
}

/** One problem of a workflow, as a report gives it. */
export interface WorkflowProblem {
  check: WorkflowCheckName;
  expected: string;
  observed: string;
}

export interface ConformanceOptions {
  /** The service, e.g. `http://127.0.0.1:4010`; every contract path is appended to it. */
  baseUrl: string;
  /** A JSON or YAML file: `{ parameters: {name: value}, operations: {operationId: {parameters, requestBody}} }`. */
  params?: string;
  /** Sent with every request; the values are never written into a report. */
  headers?: Record<string, string>;
  /** Also send the competition join (a write). The gasless submission is never sent. Default false. */
  allowWrites?: boolean;
  /** At most this many requests per second. Default 5. */
  rps?: number;
  /** At most this many requests at once. Default 4. */
  concurrency?: number;
  /** Per-request timeout; a timed-out operation is reported and the run goes on. Default 10000. */
  timeoutMs?: number;
  /** Run the Arazzo workflows with Redocly Respect. Default true. */
  workflows?: boolean;
  /** Another folder holding openapi.json and *.arazzo.yaml. */
  contractDir?: string;
  /** Called with one progress line per phase. */
  onProgress?: (line: string) => void;
}

/** A problem of an operation in the report's list of every problem. */
export interface OperationReportProblem extends OperationProblem {
  operationId: string;
  workflow?: undefined;
}

/** A problem of a workflow in the report's list of every problem: `operationId` is the workflowId. */
export interface WorkflowReportProblem extends WorkflowProblem {
  operationId: string;
  workflow: true;
}

/** One thing that does not conform, from an operation or (with `workflow: true`) a workflow. */
export type Problem = OperationReportProblem | WorkflowReportProblem;

export type OperationStatus = 'pass' | 'fail' | 'timeout' | 'skipped';

export interface OperationResult {
  operationId: string;
  /** In upper case. */
  method: string;
  path: string;
  status: OperationStatus;
  /** Why it was skipped. */
  reason?: string;
  /** The method and target of the request sent. */
  request?: string;
  /** The status the service answered with. */
  answered?: number;
  ms?: number;
  notes?: string[];
  problems: OperationProblem[];
}

/** One step Respect ran. */
export interface WorkflowStep {
  stepId: string;
  /** The step's operation; undefined for a step that names none (a workflow or an operationPath). */
  operationId?: string | undefined;
  /** The answer's status; undefined when there was none. */
  status?: number | undefined;
}

export interface WorkflowResult {
  workflowId: string;
  /** The Arazzo file's name. */
  file: string;
  status: 'pass' | 'fail';
  steps: WorkflowStep[];
  notes: string[];
  problems: WorkflowProblem[];
}

/** What the service did at a point the contract leaves open; never a failure. */
export interface Observation {
  operationId: string;
  point: string;
  request: string;
  observed: string;
}

export interface ConformanceSettings {
  rps: number;
  concurrency: number;
  timeoutMs: number;
  allowWrites: boolean;
  /** The --params file, or null. */
  params: string | null;
  /** The names of the --header values (never the values). */
  headers: string[];
}

export interface ConformanceTotals {
  operations: number;
  conform: number;
  fail: number;
  timedOut: number;
  skipped: number;
  workflows: number;
  workflowsConform: number;
  observations: number;
}

export interface ConformanceReport {
  baseUrl: string;
  contract: { title: string; version: string };
  conforms: boolean;
  durationMs: number;
  settings: ConformanceSettings;
  totals: ConformanceTotals;
  operations: OperationResult[];
  workflows: WorkflowResult[];
  problems: Problem[];
  observations: Observation[];
  /**
   * The values every formatter keeps out of its text (the --header values, credentials in the base URL).
   * Not enumerable: `JSON.stringify` and a spread leave it out.
   */
  readonly secrets: readonly string[];
}
