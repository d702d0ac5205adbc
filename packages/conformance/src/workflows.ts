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
import { flowAdmission } from './admission.js';
import { excerpt } from './excerpt.js';
import type { RequestSpec, Sent } from './http.js';
import { MAX_TIMER_MS, RESPECT_MARGIN_MS } from './limits.js';
import { type WorkflowFinding, workflowProblem } from './problems.js';
import { type ProxiedRequest, type ProxyEvent, startProxy } from './proxy.js';
import type { Redact } from './redact.js';
import type { WorkflowResult, WorkflowStep } from './report.js';
import { type ArazzoDocument, type RespectLog, runRespect } from './respect.js';
import type { Screen } from './screen.js';

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
  redact: Redact;
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

/** What the proxy did to the requests of one workflow, as notes and (for a refused request) findings. */
interface Proxied {
  notes: string[];
  findings: WorkflowFinding[];
}

/** One workflow's result from Respect's log of its file. */
function workflowResult(
  workflow: ArazzoDocument['workflows'][number],
  file: string,
  run: ExecutedWorkflow | undefined,
  proxied: Proxied,
  redact: Redact,
): WorkflowResult {
  const findings: WorkflowFinding[] = [];
  const notes: string[] = [...proxied.notes];
  const steps: WorkflowStep[] = [];
  if (!run) findings.push({ check: 'respect' });
  for (const step of run?.executedSteps ?? []) {
    const operationId = workflow.steps.find((candidate) => candidate.stepId === step.stepId)?.operationId;
    const at = { stepId: step.stepId, operationId };
    steps.push({ ...at, status: step.response?.statusCode });
    for (const check of step.checks ?? []) {
      if (check.passed) continue;
      findings.push({ check: 'step', ...at, name: check.name, condition: check.condition, message: check.message });
    }
    const body = step.response?.body;
    if (body && typeof body === 'object' && FEE_FIELDS.some((field) => field in body)) {
      const value = transactionValue(body as Record<string, unknown>);
      if ('field' in value)
        findings.push({ check: 'transaction value', ...at, field: value.field, value: value.found });
      else notes.push(`transaction value (updateFee + verifition_fee): ${value.value} wei`);
    }
  }
  if (run && steps.length < workflow.steps.length) {
    findings.push({ check: 'steps', declared: workflow.steps.length, run: steps.length });
  }
  findings.push(...proxied.findings);
  const problems = findings.map((finding) => workflowProblem(finding, redact));
  // The keys in the order every report has written them.
  return {
    workflowId: workflow.workflowId,
    file,
    status: problems.length > 0 ? 'fail' : 'pass',
    steps,
    problems,
    notes,
  };
}

/** `METHOD /path?query` of a request, as the proxy saw it. */
const requestKey = (method: string, target: string) => `${method.toUpperCase()} ${target}`;

/** The key of a step's request from Respect's log (its URL is the proxy's). */
function stepKey(request: { method?: string; url?: string } | undefined): string | undefined {
  if (!request?.method || !request.url || !URL.canParse(request.url)) return undefined;
  const url = new URL(request.url);
  return requestKey(request.method, `${url.pathname}${url.search}`);
}

/**
 * The workflow each request Respect made belongs to: Respect's log lists each step's request, and the proxy
 * saw them in the same order. A request no step made (a redirect Respect followed) belongs to the workflow
 * of the step before it, or the first one.
 */
function eventsByWorkflow(requests: readonly ProxiedRequest[], runs: readonly ExecutedWorkflow[]) {
  const steps = runs.flatMap((run) =>
    (run.executedSteps ?? []).map((step) => ({ workflowId: run.workflowId, key: stepKey(step.request) })),
  );
  const events = new Map<string, ProxyEvent[]>();
  let next = 0;
  let current = runs[0]?.workflowId;
  for (const request of requests) {
    const matched = steps.findIndex(
      (step, index) => index >= next && step.key === requestKey(request.method, request.target),
    );
    if (matched >= 0) {
      current = steps[matched]?.workflowId;
      next = matched + 1;
    }
    if (!request.event || current === undefined) continue;
    events.set(current, [...(events.get(current) ?? []), request.event]);
  }
  return events;
}

/** What the proxy did to a workflow's requests, in the report's words (what the service sent redacted). */
function proxied(events: readonly ProxyEvent[], timeoutMs: number, redact: Redact): Proxied {
  const notes: string[] = [];
  const findings: WorkflowFinding[] = [];
  for (const event of events) {
    const request = `${event.method} ${excerpt(event.target, redact, 200)}`;
    switch (event.kind) {
      case 'refused':
        findings.push({ check: 'refused', method: event.method, target: event.target, reason: event.reason });
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

/** Runs every workflow of the files; resolves with one result per workflow, in file order. */
export async function runWorkflows({
  files,
  operations,
  allowWrites,
  forward,
  inputs,
  timeoutMs,
  respectWaitMs,
  screen,
  redact,
}: WorkflowRunOptions): Promise<WorkflowResult[]> {
  const documents = await Promise.all(
    files.map(async (file) => ({ file, document: parse(await readFile(file, 'utf8')) as ArazzoDocument })),
  );
  const named = new Set(
    documents.flatMap(({ document }) =>
      document.workflows.flatMap((workflow) => workflow.steps.flatMap((step) => step.operationId ?? [])),
    ),
  );
  const proxy = await startProxy(forward, flowAdmission(operations, named, allowWrites), screen);
  const scratch = await mkdtemp(path.join(tmpdir(), 'conformance-'));
  const results: WorkflowResult[] = [];
  try {
    for (const { file, document } of documents) {
      const sourceName = document.sourceDescriptions[0]?.name;
      const name = path.basename(file);
      const jsonFile = path.join(scratch, `${name}.json`);
      const firstRequest = proxy.requests.length;
      const steps = document.workflows.reduce((total, workflow) => total + workflow.steps.length, 0);
      const { output } = await runRespect(
        [
          file,
          '--server',
          `${sourceName}=${proxy.url}`,
          '--json-output',
          jsonFile,
          '--max-fetch-timeout',
          String(respectWaitMs),
          ...inputArguments(document, inputs),
        ],
        Math.min(MAX_TIMER_MS, steps * respectWaitMs + RESPECT_MARGIN_MS),
      );
      let log: RespectLog;
      try {
        log = JSON.parse(await readFile(jsonFile, 'utf8')) as RespectLog;
      } catch {
        const lastLines = output.trim().split('\n').slice(-3).join(' ');
        // With no log to place them by, what the proxy did goes to the file's first workflow.
        const events = proxy.requests.slice(firstRequest).flatMap((request) => request.event ?? []);
        document.workflows.forEach((workflow, index) => {
          const done = proxied(index === 0 ? events : [], timeoutMs, redact);
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
      const events = eventsByWorkflow(proxy.requests.slice(firstRequest), runs);
      for (const workflow of document.workflows) {
        const run = runs.find((candidate) => candidate.workflowId === workflow.workflowId);
        const done = proxied(events.get(workflow.workflowId) ?? [], timeoutMs, redact);
        results.push(workflowResult(workflow, name, run, done, redact));
      }
    }
  } finally {
    await proxy.close();
    await rm(scratch, { recursive: true, force: true });
  }
  return results;
}
