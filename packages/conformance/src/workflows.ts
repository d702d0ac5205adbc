// The multi-step flows: Redocly Respect runs the Arazzo workflows (it carries values from step to step and
// checks each step's status, content type and body against the contract). Respect talks to the runner's
// proxy, never to the service, so the run's caps, timeout and --header values hold for it too.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import type { RequestSpec, Sent } from './http.js';
import { type WorkflowFinding, workflowProblem } from './problems.js';
import { startProxy } from './proxy.js';
import type { WorkflowResult, WorkflowStep } from './report.js';
import { type ArazzoDocument, type RespectLog, runRespect } from './respect.js';

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
  /** Sends a request Respect made to the proxy on to the service. */
  forward: (spec: RequestSpec) => Promise<Sent>;
  /** Workflow inputs by name (the --params `parameters`). */
  inputs: Record<string, unknown>;
  timeoutMs: number;
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

/** One workflow's result from Respect's log of its file. */
function workflowResult(workflow: ArazzoDocument['workflows'][number], file: string, log: RespectLog): WorkflowResult {
  const run = Object.values(log.files)[0]?.executedWorkflows?.find(
    (candidate) => candidate.workflowId === workflow.workflowId,
  );
  const findings: WorkflowFinding[] = [];
  const notes: string[] = [];
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
  const problems = findings.map(workflowProblem);
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

/** Runs every workflow of the files; resolves with one result per workflow, in file order. */
export async function runWorkflows({
  files,
  forward,
  inputs,
  timeoutMs,
}: WorkflowRunOptions): Promise<WorkflowResult[]> {
  const proxy = await startProxy(forward);
  const scratch = await mkdtemp(path.join(tmpdir(), 'conformance-'));
  const results: WorkflowResult[] = [];
  try {
    for (const file of files) {
      const document = parse(await readFile(file, 'utf8')) as ArazzoDocument;
      const sourceName = document.sourceDescriptions[0]?.name;
      const name = path.basename(file);
      const jsonFile = path.join(scratch, `${name}.json`);
      const { output } = await runRespect([
        file,
        '--server',
        `${sourceName}=${proxy.url}`,
        '--json-output',
        jsonFile,
        '--max-fetch-timeout',
        String(timeoutMs + 5_000),
        ...inputArguments(document, inputs),
      ]);
      let log: RespectLog;
      try {
        log = JSON.parse(await readFile(jsonFile, 'utf8')) as RespectLog;
      } catch {
        const lastLines = output.trim().split('\n').slice(-3).join(' ');
        for (const workflow of document.workflows) {
          const problems = [workflowProblem({ check: 'respect', output: lastLines })];
          results.push({ workflowId: workflow.workflowId, file: name, status: 'fail', steps: [], notes: [], problems });
        }
        continue;
      }
      for (const workflow of document.workflows) results.push(workflowResult(workflow, name, log));
    }
    // A timed-out request shows in Respect as an undeclared 504; say what really happened.
    if (proxy.timeouts.length > 0) {
      for (const result of results.filter((candidate) => candidate.status === 'fail')) {
        result.notes.push(
          `requests with no answer within ${timeoutMs} ms (shown by Respect as 504): ${proxy.timeouts.join(', ')}`,
        );
      }
    }
  } finally {
    proxy.server.close();
    await rm(scratch, { recursive: true, force: true });
  }
  return results;
}
