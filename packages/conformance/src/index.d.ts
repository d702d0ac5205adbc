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

/** One thing that does not conform. `check`: status, content-type, header, body, schema, out-of-range, timeout, network, request, or a workflow step's check. */
export interface Problem {
  operationId: string;
  check: string;
  expected: string;
  observed: string;
  /** True when `operationId` is a workflowId. */
  workflow?: boolean;
}

export interface OperationResult {
  operationId: string;
  method: string;
  path: string;
  status: 'pass' | 'fail' | 'timeout' | 'skipped';
  reason?: string;
  request?: string;
  answered?: number;
  ms?: number;
  notes?: string[];
  problems: Omit<Problem, 'operationId'>[];
}

export interface WorkflowResult {
  workflowId: string;
  file: string;
  status: 'pass' | 'fail';
  steps: { stepId: string; operationId: string; status?: number }[];
  notes: string[];
  problems: Omit<Problem, 'operationId'>[];
}

/** What the service did at a point the contract leaves open; never a failure. */
export interface Observation {
  operationId: string;
  point: string;
  request: string;
  observed: string;
}

export interface ConformanceReport {
  baseUrl: string;
  contract: { title: string; version: string };
  conforms: boolean;
  durationMs: number;
  settings: { rps: number; concurrency: number; timeoutMs: number; allowWrites: boolean; params: string | null; headers: string[] };
  totals: { operations: number; conform: number; fail: number; timedOut: number; skipped: number; workflows: number; workflowsConform: number; observations: number };
  operations: OperationResult[];
  workflows: WorkflowResult[];
  problems: Problem[];
  observations: Observation[];
}

/** Runs the contract against a service. Rejects with a UsageError for bad options or an unreachable base URL. */
export function runConformance(options: ConformanceOptions): Promise<ConformanceReport>;
export const defaults: { rps: number; concurrency: number; timeoutMs: number };
export function formatSummary(report: ConformanceReport): string;
export function formatJunit(report: ConformanceReport): string;
export function formatJson(report: ConformanceReport): string;
export class UsageError extends Error {}
