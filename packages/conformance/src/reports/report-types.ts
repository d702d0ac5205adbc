// The run's options and its report, as runConformance takes and returns them and the formatters read them.
// The check kinds are unions; what each kind records and how it is worded is in problem-words.ts.

/** The checks of one operation, as a report names them. */
export type OperationCheck =
  | 'request'
  | 'timeout'
  | 'network'
  | 'body-size'
  | 'status'
  | 'header'
  | 'content-type'
  | 'body'
  | 'schema'
  | 'out-of-range'
  | 'rule'
  | 'behaviour';

/**
 * The service description's rules in prose that a `rule` problem names (see src/operations/prose-rules.ts and the README's
 * table): each cites the description's words.
 */
export type RuleId =
  | 'page-number'
  | 'page-size'
  | 'page-content'
  | 'total-pages'
  | 'my-rank-address'
  | 'trading-stats-address'
  | 'trading-stats-rank'
  | 'unrealized-pnl-address'
  | 'latest-prices-pairs'
  | 'has-joined'
  | 'cumulative-volume-period'
  | 'unknown-team-code';

/**
 * The properties of the service across requests that a `behaviour` problem names (see
 * src/behaviour/behaviour-catalogue.ts and the README's table): each cites the description's words.
 */
export type BehaviourId =
  | 'leaderboard-order'
  | 'leaderboard-pages'
  | 'leaderboard-totals'
  | 'leaderboard-search'
  | 'my-rank-row'
  | 'my-rank-outside'
  | 'trading-stats-windows'
  | 'competition-status'
  | 'competition-ready-default'
  | 'competition-has-joined'
  | 'competition-leaderboard-order'
  | 'competition-leaderboard-pages'
  | 'competition-current-user'
  | 'join-registered'
  | 'latest-prices-duplicates'
  | 'pairs-symbol'
  | 'pairs-tags'
  | 'team-points-epoch';

/**
 * The checks of a workflow. A step's checks are Respect's (`status code check`, `schema check`...);
 * `refused` is a request of the flows the runner's proxy did not pass on to the service.
 */
export type WorkflowCheck = 'respect' | 'steps' | 'step' | 'transaction value' | 'refused';

export type CheckKind = OperationCheck | WorkflowCheck;

/**
 * How a workflow problem's check is named in a report: `respect`, `steps`, `refused`, or the step, its
 * operationId and the check (`priceUpdates (queryPriceUpdates): schema check`, `… (…): transaction value`).
 */
export type WorkflowCheckName = 'respect' | 'steps' | 'refused' | `${string} (${string}): ${string}`;

/** One problem of an operation, as a report gives it. */
export interface OperationProblem {
  check: OperationCheck;
  expected: string;
  observed: string;
  /** The request that showed it: method, whole URL with the query, a POST's body; absent when none was sent. */
  request?: string;
  /** A `rule` problem's rule. */
  rule?: RuleId;
  /** A `behaviour` problem's behaviour. */
  behaviour?: BehaviourId;
  /** A `rule` or `behaviour` problem's words of the service description, quoted exactly (` … ` between passages). */
  seed?: string;
  /**
   * A `behaviour` problem's requests, in the order its `observed` numbers them (`request 1`, …): each the
   * method, the whole URL and a POST's body. `request` is the first of them.
   */
  requests?: string[];
}

/** One problem of a workflow, as a report gives it. */
export interface WorkflowProblem {
  check: WorkflowCheckName;
  expected: string;
  observed: string;
  /** The step's request (method, whole URL with the query, a POST's body); absent for a workflow-wide problem. */
  request?: string;
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
  /** Per-request timeout in ms, 1 to 2^31-1; a timed-out operation is reported and the run goes on. Default 10000. */
  timeoutMs?: number;
  /** Largest answer body read, in decoded bytes; a larger one is reported, the rest left unread. Default 4 MiB. */
  maxBodyBytes?: number;
  /** Only these operations (operationIds); the others are reported as skipped. An unknown id is a UsageError. */
  only?: string[];
  /** These operations (operationIds) are reported as skipped, not sent. An unknown id is a UsageError. */
  skip?: string[];
  /**
   * Run the Arazzo workflows with Redocly Respect (those whose every operation is selected). Default true.
   * With false (`--no-workflows`) Respect is not started: each workflow is reported `skipped`, none conforming.
   */
  workflows?: boolean;
  /**
   * Check the behaviours across requests (sort, paging, totals, filters, my-rank against the leaderboard...),
   * those whose every operation is selected. Default true.
   */
  behaviour?: boolean;
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
  /**
   * `pass`: every step ran and passed; `fail`: a step failed, or the flow stopped before its end (its
   * problems say where and why); `incomplete`: it stopped where the contract allows (a declared status that
   * is not a success, an empty list to follow), so its later steps were not seen; `skipped`: not run
   * (`--no-workflows`), `reason` says so. Only `pass` counts as conforming.
   */
  status: 'pass' | 'fail' | 'incomplete' | 'skipped';
  /** Why it was skipped. */
  reason?: string;
  steps: WorkflowStep[];
  notes: string[];
  problems: WorkflowProblem[];
}

/**
 * One behaviour of one operation: `pass` when the requests showed it, `fail` (its problem is the operation's),
 * `inconclusive` when they could not show it (a list too short, a declared status that is not a success; an
 * observation says why), `skipped` when not checked (`--skip`, `--only`, `--no-behaviour`, no `--allow-writes`).
 */
export interface BehaviourResult {
  behaviour: BehaviourId;
  operationId: string;
  status: 'pass' | 'fail' | 'inconclusive' | 'skipped';
  /** The service description's words it checks (` … ` between passages). */
  seed: string;
  /** Why it is inconclusive or skipped. */
  reason?: string;
  /** The requests it sent (a failure confirmed with a second try counts both tries). */
  requests: number;
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
  maxBodyBytes: number;
  allowWrites: boolean;
  /** The --params file, or null. */
  params: string | null;
  /** The names of the --header values (never the values). */
  headers: string[];
  /** The operationIds of --only, or null for every operation. */
  only: string[] | null;
  /** The operationIds of --skip. */
  skip: string[];
  /** Whether the behaviours across requests are checked (`--no-behaviour` turns them off). */
  behaviour: boolean;
  /** Whether the workflows are run (`--no-workflows` turns them off). */
  workflows: boolean;
}

export interface ConformanceTotals {
  operations: number;
  conform: number;
  fail: number;
  timedOut: number;
  skipped: number;
  /** Workflows run (not skipped), and of them those that conform. */
  workflows: number;
  workflowsConform: number;
  /** Workflows that stopped where the contract allows: neither conforming nor failing. */
  workflowsIncomplete: number;
  /** Behaviours checked (not skipped), and of them those that hold, fail and could not be shown. */
  behaviours: number;
  behavioursHold: number;
  behavioursFail: number;
  behavioursInconclusive: number;
  observations: number;
  /** Everything that does not conform (`problems`): the summary's and the JUnit file's count too. */
  problems: number;
  /** Requests sent to the service (`requests`). */
  requests: number;
}

/** Where a request sent to the service came from: the runner's own checks and probes, the behaviours, or the flows. */
export type RequestSource = 'runner' | 'behaviour' | 'workflows';

/** One request sent to the service: what it was and what came of it, never a header value. */
export interface SentRequest {
  /** In upper case. */
  method: string;
  /** The path and query, as appended to the base URL. */
  target: string;
  from: RequestSource;
  /** `answer`; `oversized` (body over the cap, left unread); `timeout`; `network` (no HTTP answer). */
  outcome: 'answer' | 'oversized' | 'timeout' | 'network';
  /** The answer's status; null when none came. */
  status: number | null;
  ms: number;
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
  /** Every behaviour of every operation, in the order of the README's table. */
  behaviours: BehaviourResult[];
  problems: Problem[];
  observations: Observation[];
  /** Every request sent to the service, in the order they were sent; a request not listed was not sent. */
  requests: SentRequest[];
  /**
   * The values every formatter keeps out of its text (the header values), in every form (see redact.ts).
   * Not enumerable: `JSON.stringify` and a spread leave it out.
   */
  readonly secrets: readonly string[];
}
