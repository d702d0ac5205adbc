// The multi-step flows: Redocly Respect runs the Arazzo workflows (it carries values from step to step and
// checks each step's status, content type and body against the contract). Respect talks to the runner's
// proxy, never to the service, so the run's caps, timeout and --header values hold for it too, and only the
// operations the flows name reach the service; what the proxy did to a request is said in the workflow
// that made it.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ContractOperation } from '@trading-analytics/core';
import { parse } from 'yaml';
import { requestLine } from '../operations/request-values.js';
import { excerpt } from '../reports/excerpt.js';
import {
  type OperationFinding,
  operationProblem,
  type WorkflowFinding,
  workflowProblem,
} from '../reports/problem-words.js';
import type { Redact } from '../reports/redact.js';
import type { Observation, OperationCheck, WorkflowResult, WorkflowStep } from '../reports/report-types.js';
import { MAX_TIMER_MS, RESPECT_MARGIN_MS } from '../setup/runner-caps.js';
import type { RequestSpec, Sent } from '../transport/http-client.js';
import { type ProxiedRequest, type ProxyEvent, startProxy } from './flow-proxy.js';
import { flowAdmission } from './proxy-admission.js';
import type { Judge, Screen } from './proxy-screen.js';
import { type ArazzoDocument, type RespectLog, runRespect } from './respect-process.js';
import { alreadyCounted, readStep } from './respect-steps.js';

const FEE_FIELDS = ['updateFee', 'verifition_fee'] as const;
const isIntegerString = (value: unknown): value is string => typeof value === 'string' && /^-?[0-9]+$/.test(value);

/** `updateFee + verifition_fee` as bigint (each 0 when absent), or the first field that is not an integer string. */
function transactionValue(
  body: Partial<Record<string, unknown>>,
): { value: bigint } | { field: string; found: unknown } {
  let total = 0n;
  for (const field of FEE_FIELDS) {
    const found = body[field];
    if (found === undefined) continue;
    if (!isIntegerString(found)) return { field, found };
    total += BigInt(found);
  }
  return { value: total };
}

export interface WorkflowRunOptions {
  files: string[];
  /** The service: the flows' requests are reported on it (they are sent to it through the proxy). */
  baseUrl: string;
  /**
   * The checks each operation failed in the runner's own run of it: a step failing the same is not counted
   * again. Awaited only once Respect has run, so that the flows start beside the operations.
   */
  failedChecks: Promise<ReadonlyMap<string, ReadonlySet<OperationCheck>>>;
  /** Whether an operation is selected (--only, --skip): a workflow runs when every operation it names is. */
  selected: (operationId: string) => boolean;
  /** The contract's operations; the proxy passes on requests for those the flows name. */
  operations: readonly ContractOperation[];
  allowWrites: boolean;
  /** Sends a request Respect made to the proxy on to the service. */
  forward: (spec: RequestSpec) => Promise<Sent>;
  /** Workflow inputs by name (the --params `parameters`). */
  inputs: Record<string, unknown>;
  timeoutMs: number;
  /** How long Respect waits for one answer of the proxy (the timeout, a wait for the rate cap, a margin). */
  respectWaitMs: number;
  /** Which answers are not handed to Respect. */
  screen: Screen;
  /** What the runner's own check finds in the bodies handed to Respect: each step's schema check. */
  judge: Judge;
  redact: Redact;
  /** The run's header values: no variable of Respect's environment may hold one. */
  secrets: readonly string[];
}

/** The `--input name=value` arguments for the inputs the file's workflows declare, each once. */
function inputArguments(document: ArazzoDocument, inputs: Record<string, unknown>): string[] {
  const args: string[] = [];
  for (const workflow of document.workflows) {
    for (const name of Object.keys(workflow.inputs?.properties ?? {})) {
      const input = `${name}=${inputs[name]}`;
      if (inputs[name] !== undefined && !args.includes(input)) args.push('--input', input);
    }
  }
  return args;
}

type ExecutedWorkflow = NonNullable<RespectLog['files'][string]['executedWorkflows']>[number];
type RespectStep = NonNullable<ExecutedWorkflow['executedSteps']>[number];

/** What the proxy did to the requests of one workflow, as notes and (for a refused request) findings. */
interface Proxied {
  notes: string[];
  findings: WorkflowFinding[];
}

/** One workflow's result from Respect's log of its file, and what it observed where the contract allows a stop. */
function workflowResult(
  workflow: ArazzoDocument['workflows'][number],
  file: string,
  run: ExecutedWorkflow | undefined,
  proxied: Proxied,
  known: {
    baseUrl: string;
    operations: ReadonlyMap<string, ContractOperation>;
    answered: ReadonlyMap<RespectStep, ProxiedRequest>;
    failedChecks: ReadonlyMap<string, ReadonlySet<OperationCheck>>;
    /** The proxy's own path (the run's token), left out of the requests Respect logs. */
    prefix: string;
  },
  redact: Redact,
): { result: WorkflowResult; observations: Observation[] } {
  const findings: WorkflowFinding[] = [];
  const notes: string[] = [...proxied.notes];
  const observations: Observation[] = [];
  const steps: WorkflowStep[] = [];
  let stopped = false;
  let refusedStep = false;
  // The first step that failed only as its operation's own check does: the flow's one problem, when it has no other.
  let failedAsCounted: { stepId: string; operationId: string | undefined; check: string } | undefined;
  let stepFailed = false;
  if (!run) findings.push({ check: 'respect' });
  for (const step of run?.executedSteps ?? []) {
    const declared = workflow.steps.find((candidate) => candidate.stepId === step.stepId);
    const operationId = declared?.operationId;
    const request = stepRequest(step.request, known.prefix);
    const at = {
      stepId: step.stepId,
      operationId,
      request:
        request === undefined
          ? undefined
          : requestLine(known.baseUrl, request.method, request.target, step.request?.body, redact),
    };
    steps.push({ stepId: step.stepId, operationId, status: step.response?.statusCode });
    const operation = operationId === undefined ? undefined : known.operations.get(operationId);
    const proxiedStep = known.answered.get(step);
    // A request the proxy refused is reported as such (`refused`); Respect's checks of the 403 it got are its consequence.
    const refused = proxiedStep?.event?.kind === 'refused';
    refusedStep ||= refused;
    const judged = refused ? [] : (proxiedStep?.findings ?? []);
    const reading = readStep(step, declared, operation, proxiedStep?.handed, judged.length > 0);
    const failedChecks = operationId === undefined ? undefined : known.failedChecks.get(operationId);
    const departures = [...(refused ? [] : reading.failed), ...schemaCheck(judged, redact)];
    if (stepFailed && departures.length > 0) {
      // Respect goes on after a step whose body departs (its own schema check is off): what the later steps
      // answer to what the failed one gave is its consequence, not another problem.
      notes.push(
        `${step.stepId} ran after the failed step; its ${departures.map((check) => check.name).join(', ')} not counted`,
      );
      continue;
    }
    for (const check of departures) {
      stepFailed = true;
      if (alreadyCounted(check.name, failedChecks)) {
        failedAsCounted ??= { stepId: step.stepId, operationId, check: check.name };
        continue;
      }
      findings.push({ check: 'step', ...at, name: check.name, condition: check.condition, message: check.message });
    }
    if (reading.stop?.kind === 'declared-status') {
      stopped = true;
      observations.push({
        operationId: operationId ?? workflow.workflowId,
        point: `A status the contract declares, answered in the flow ${workflow.workflowId} (step ${step.stepId}).`,
        request: request === undefined ? step.stepId : `${request.method} ${request.target}`,
        observed: `${reading.stop.status}${reading.stop.description ? ` (${excerpt(reading.stop.description, redact, 120)})` : ''}: the flow ends at this step`,
      });
    } else if (reading.stop?.kind === 'empty-list') {
      stopped = true;
      notes.push(
        `${step.stepId} answered an empty list at ${reading.stop.pointer}: nothing for the next step to follow`,
      );
    }
    const body = step.response?.body;
    if (body && typeof body === 'object' && FEE_FIELDS.some((field) => field in body)) {
      const value = transactionValue(body as Record<string, unknown>);
      if ('field' in value)
        findings.push({ check: 'transaction value', ...at, field: value.field, value: value.found });
      else notes.push(`transaction value (updateFee + verifition_fee): ${value.value} wei`);
    }
  }
  const notRun = workflow.steps.slice(steps.length).map((step) => step.stepId);
  if (run && notRun.length > 0) {
    // A failed step ends the flow: the steps after it are its consequence, not another problem.
    if (stopped && !stepFailed) notes.push(`not run, as allowed: ${notRun.join(', ')}`);
    else if (!stepFailed && !refusedStep)
      findings.push({ check: 'steps', declared: workflow.steps.length, run: steps.length });
    else notes.push(`not run after the failed step: ${notRun.join(', ')}`);
  }
  findings.push(...proxied.findings);
  if (findings.length === 0 && failedAsCounted) {
    // The flow did not pass, though its cause is its operation's problem too: it fails with one problem of its own.
    findings.push({ check: 'steps', declared: workflow.steps.length, run: steps.length, failed: failedAsCounted });
  }
  const problems = findings.map((finding) => workflowProblem(finding, redact));
  // The keys in the order every report has written them. A flow that stopped where the contract allows it to
  // (a declared status, an empty list) did not show its later steps: incomplete, neither a pass nor a failure.
  const result: WorkflowResult = {
    workflowId: workflow.workflowId,
    file,
    status: problems.length > 0 ? 'fail' : stopped ? 'incomplete' : 'pass',
    steps,
    problems,
    notes,
  };
  return { result, observations };
}

/** The runner's own findings in a step's body as one schema check of the step (the first, and how many more). */
function schemaCheck(
  judged: readonly OperationFinding[],
  redact: Redact,
): { name: string; condition: string; message: string }[] {
  const [first] = judged;
  if (!first) return [];
  const problem = operationProblem(first, redact);
  const more = judged.length > 1 ? `; and ${judged.length - 1} more` : '';
  return [{ name: 'schema check', condition: problem.expected, message: `${problem.observed}${more}` }];
}

/**
 * The method and target (`/path?query`) of a step's request, from Respect's log: its URL is the proxy's,
 * whose own path (the run's token, `prefix`) is left out.
 */
function stepRequest(request: { method?: string; url?: string } | undefined, prefix: string) {
  if (!request?.method || !request.url || !URL.canParse(request.url)) return undefined;
  const url = new URL(request.url);
  const path = url.pathname.startsWith(`${prefix}/`) ? url.pathname.slice(prefix.length) : url.pathname;
  return { method: request.method.toUpperCase(), target: `${path}${url.search}` };
}

/** `METHOD /path?query` of a request, as the proxy saw it. */
const requestKey = (method: string, target: string) => `${method.toUpperCase()} ${target}`;

/**
 * The workflow each request Respect made belongs to: Respect's log lists each step's request, and the proxy
 * saw them in the same order. A request no step made (a redirect Respect followed) belongs to the workflow
 * of the step before it, or the first one.
 */
function eventsByWorkflow(requests: readonly ProxiedRequest[], runs: readonly ExecutedWorkflow[], prefix: string) {
  const steps = runs.flatMap((run) =>
    (run.executedSteps ?? []).map((step) => {
      const request = stepRequest(step.request, prefix);
      return { workflowId: run.workflowId, step, key: request && requestKey(request.method, request.target) };
    }),
  );
  const events = new Map<string, ProxyEvent[]>();
  const answered = new Map<RespectStep, ProxiedRequest>();
  let next = 0;
  let current = runs[0]?.workflowId;
  for (const request of requests) {
    const matched = steps.findIndex(
      (step, index) => index >= next && step.key === requestKey(request.method, request.target),
    );
    const found = steps[matched];
    if (found) {
      current = found.workflowId;
      next = matched + 1;
      answered.set(found.step, request);
    }
    if (!request.event || current === undefined) continue;
    events.set(current, [...(events.get(current) ?? []), request.event]);
  }
  return { events, answered };
}

/** What the proxy did to a workflow's requests, in the report's words (what the service sent redacted). */
function proxied(events: readonly ProxyEvent[], baseUrl: string, timeoutMs: number, redact: Redact): Proxied {
  const notes: string[] = [];
  const findings: WorkflowFinding[] = [];
  for (const event of events) {
    const request = `${event.method} ${excerpt(event.target, redact, 200)}`;
    switch (event.kind) {
      case 'refused':
        findings.push({
          check: 'refused',
          method: event.method,
          target: event.target,
          reason: event.reason,
          request: requestLine(baseUrl, event.method, event.target, undefined, redact),
        });
        break;
      case 'redirect':
        notes.push(
          `${request} was answered ${event.status} to ${event.location === null ? 'no Location' : excerpt(event.location, redact, 200)}: passed to Respect without its Location, as the runner follows no redirect`,
        );
        break;
      case 'timeout':
        notes.push(`${request}: no answer within ${timeoutMs} ms (shown to Respect as 504)`);
        break;
      case 'oversized':
        notes.push(
          `${request}: ${event.status} with a body over ${event.maxBodyBytes} bytes, left unread (shown to Respect as 502)`,
        );
        break;
      case 'network':
        notes.push(`${request}: network error ${excerpt(event.error, redact, 200)} (shown to Respect as 502)`);
        break;
      case 'withheld':
        notes.push(`${request}: ${event.status} with ${event.reason}; not handed to Respect (shown to it as 502)`);
        break;
    }
  }
  return { notes, findings };
}

/** The Arazzo files, read, each with the workflows whose every operation is selected (--only, --skip). */
async function readWorkflows(files: readonly string[], selected: (operationId: string) => boolean) {
  return Promise.all(
    files.map(async (file) => {
      const whole = parse(await readFile(file, 'utf8')) as ArazzoDocument;
      const workflows = whole.workflows.filter((workflow) =>
        workflow.steps.every((step) => step.operationId === undefined || selected(step.operationId)),
      );
      return { file, whole, document: { ...whole, workflows } };
    }),
  );
}

/**
 * The workflows a run would have given Respect, each reported `skipped` with `reason` and nothing sent: a run
 * without the flows (`--no-workflows`) says which it left out, and counts none of them as conforming.
 */
export async function skippedWorkflows(
  files: readonly string[],
  selected: (operationId: string) => boolean,
  reason: string,
): Promise<{ workflows: WorkflowResult[]; observations: Observation[] }> {
  const documents = await readWorkflows(files, selected);
  const workflows = documents.flatMap(({ file, document }) =>
    document.workflows.map(
      (workflow): WorkflowResult => ({
        workflowId: workflow.workflowId,
        file: path.basename(file),
        status: 'skipped',
        reason,
        steps: [],
        notes: [],
        problems: [],
      }),
    ),
  );
  return { workflows, observations: [] };
}

/** Runs every workflow of the files; resolves with one result per workflow, in file order, and their observations. */
export async function runWorkflows({
  files,
  baseUrl,
  selected,
  failedChecks,
  operations,
  allowWrites,
  forward,
  inputs,
  timeoutMs,
  respectWaitMs,
  screen,
  judge,
  redact,
  secrets,
}: WorkflowRunOptions): Promise<{ workflows: WorkflowResult[]; observations: Observation[] }> {
  const byId = new Map(operations.map((entry) => [entry.operationId, entry]));
  const observations: Observation[] = [];
  const documents = await readWorkflows(files, selected);
  const named = new Set(
    documents.flatMap(({ whole: document }) =>
      document.workflows.flatMap((workflow) => workflow.steps.flatMap((step) => step.operationId ?? [])),
    ),
  );
  const proxy = await startProxy(forward, flowAdmission(operations, named, allowWrites), screen, judge);
  const prefix = new URL(proxy.url).pathname;
  const scratch = await mkdtemp(path.join(tmpdir(), 'conformance-'));
  const results: WorkflowResult[] = [];
  try {
    for (const { file, whole, document } of documents) {
      if (document.workflows.length === 0) continue;
      const chosen =
        document.workflows.length === whole.workflows.length
          ? []
          : ['--workflow', ...document.workflows.map((workflow) => workflow.workflowId)];
      const sourceName = document.sourceDescriptions[0]?.name;
      const name = path.basename(file);
      const jsonFile = path.join(scratch, `${name}.json`);
      const firstRequest = proxy.requests.length;
      const steps = document.workflows.reduce((total, workflow) => total + workflow.steps.length, 0);
      const { output } = await runRespect(
        [
          file,
          '--json-output',
          jsonFile,
          '--max-fetch-timeout',
          String(respectWaitMs),
          // The runner judges each body with its own validator (see proxy-screen.ts): one verdict per answer.
          '--severity',
          JSON.stringify({ SCHEMA_CHECK: 'off' }),
          ...inputArguments(document, inputs),
          ...chosen,
        ],
        {
          proxyUrl: proxy.url,
          sourceName: sourceName ?? '',
          secrets,
          deadlineMs: Math.min(MAX_TIMER_MS, steps * respectWaitMs + RESPECT_MARGIN_MS),
        },
      );
      let log: RespectLog;
      try {
        log = JSON.parse(await readFile(jsonFile, 'utf8')) as RespectLog;
      } catch {
        // The proxy's token is of no use once the run ends, but it is the run's own: not shown either.
        const lastLines = output.replaceAll(prefix, '').trim().split('\n').slice(-3).join(' ');
        // With no log to place them by, what the proxy did goes to the file's first workflow.
        const events = proxy.requests.slice(firstRequest).flatMap((request) => request.event ?? []);
        document.workflows.forEach((workflow, index) => {
          const done = proxied(index === 0 ? events : [], baseUrl, timeoutMs, redact);
          const findings: WorkflowFinding[] = [{ check: 'respect', output: lastLines }, ...done.findings];
          const problems = findings.map((finding) => workflowProblem(finding, redact));
          results.push({
            workflowId: workflow.workflowId,
            file: name,
            status: 'fail',
            steps: [],
            notes: done.notes,
            problems,
          });
        });
        continue;
      }
      const runs = Object.values(log.files)[0]?.executedWorkflows ?? [];
      const failed = await failedChecks;
      const { events, answered } = eventsByWorkflow(proxy.requests.slice(firstRequest), runs, prefix);
      for (const workflow of document.workflows) {
        const run = runs.find((candidate) => candidate.workflowId === workflow.workflowId);
        const done = proxied(events.get(workflow.workflowId) ?? [], baseUrl, timeoutMs, redact);
        const read = workflowResult(
          workflow,
          name,
          run,
          done,
          { baseUrl, operations: byId, answered, failedChecks: failed, prefix },
          redact,
        );
        results.push(read.result);
        observations.push(...read.observations);
      }
    }
  } finally {
    await proxy.close();
    await rm(scratch, { recursive: true, force: true });
  }
  return { workflows: results, observations };
}
