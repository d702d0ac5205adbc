// The multi-step flows: Redocly Respect runs the Arazzo workflows (it carries values from step to step and
// checks each step's status, content type and body against the contract). Respect talks to a local proxy
// of ours, not to the service: every request then goes through the run's limiter, timeout and --header
// values, so the caps hold and the header values never reach Respect, its logs or its arguments.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { excerpt } from './checks.js';

const require = createRequire(import.meta.url);
const hopByHop = new Set(['connection', 'content-length', 'content-encoding', 'transfer-encoding', 'keep-alive']);

function startProxy(forward) {
  const timeouts = [];
  const server = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const rawBody = chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : undefined;
    const answer = await forward({ method: request.method, target: request.url, rawBody });
    if (answer.timedOut || answer.error) {
      if (answer.timedOut) timeouts.push(`${request.method} ${request.url.split('?')[0]}`);
      response.writeHead(answer.timedOut ? 504 : 502, { 'content-type': 'text/plain' });
      response.end(answer.timedOut ? 'no answer within the timeout' : `network error: ${answer.error}`);
      return;
    }
    const headers = {};
    answer.headers.forEach((value, name) => {
      if (!hopByHop.has(name)) headers[name] = value;
    });
    response.writeHead(answer.status, headers);
    response.end(answer.text);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}`, timeouts })));
}

function respectBin() {
  const manifest = require.resolve('@redocly/cli/package.json');
  return path.join(path.dirname(manifest), require(manifest).bin.redocly);
}

function runRespect(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [respectBin(), 'respect', ...args], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: -1, output: error.message }));
    child.on('close', (code) => resolve({ code, output }));
  });
}

const isIntegerString = (value) => typeof value === 'string' && /^-?[0-9]+$/.test(value);

/** `updateFee + verifition_fee` as bigint (each 0 when absent), or a problem when one is not an integer string. */
export function transactionValue(body) {
  let total = 0n;
  for (const field of ['updateFee', 'verifition_fee']) {
    if (body?.[field] === undefined) continue;
    if (!isIntegerString(body[field])) return { problem: { check: 'transaction value', expected: `${field} an integer string (wei)`, observed: excerpt(body[field]) } };
    total += BigInt(body[field]);
  }
  return { value: total };
}

/**
 * Runs every workflow of the files; resolves with one result per workflow:
 * `{workflowId, file, status: 'pass'|'fail', steps, problems, notes}`.
 */
export async function runWorkflows({ files, forward, inputs, timeoutMs }) {
  const proxy = await startProxy(forward);
  const scratch = await mkdtemp(path.join(tmpdir(), 'conformance-'));
  const results = [];
  try {
    for (const file of files) {
      const document = parse(await readFile(file, 'utf8'));
      const sourceName = document.sourceDescriptions[0].name;
      const jsonFile = path.join(scratch, `${path.basename(file)}.json`);
      const inputArgs = [];
      for (const workflow of document.workflows) {
        for (const name of Object.keys(workflow.inputs?.properties ?? {})) {
          if (inputs[name] !== undefined && !inputArgs.includes(`${name}=${inputs[name]}`)) inputArgs.push('--input', `${name}=${inputs[name]}`);
        }
      }
      const { output } = await runRespect([file, '--server', `${sourceName}=${proxy.url}`, '--json-output', jsonFile, '--max-fetch-timeout', String(timeoutMs + 5_000), ...inputArgs]);
      let log;
      try {
        log = JSON.parse(await readFile(jsonFile, 'utf8'));
      } catch {
        for (const workflow of document.workflows) {
          results.push({ workflowId: workflow.workflowId, file: path.basename(file), status: 'fail', steps: [], notes: [], problems: [{ check: 'respect', expected: 'Respect runs the workflow', observed: excerpt(output.trim().split('\n').slice(-3).join(' ')) }] });
        }
        continue;
      }
      const executed = Object.values(log.files)[0]?.executedWorkflows ?? [];
      for (const workflow of document.workflows) {
        const run = executed.find((candidate) => candidate.workflowId === workflow.workflowId);
        const problems = [];
        const notes = [];
        const steps = [];
        if (!run) problems.push({ check: 'respect', expected: 'the workflow is run', observed: 'not run' });
        for (const step of run?.executedSteps ?? []) {
          const operationId = workflow.steps.find((candidate) => candidate.stepId === step.stepId)?.operationId;
          steps.push({ stepId: step.stepId, operationId, status: step.response?.statusCode });
          for (const check of step.checks ?? []) {
            if (check.passed) continue;
            problems.push({ check: `${step.stepId} (${operationId}): ${check.name}`, expected: check.condition ?? 'pass', observed: excerpt(check.message ?? '') });
          }
          const body = step.response?.body;
          if (body && typeof body === 'object' && ('updateFee' in body || 'verifition_fee' in body)) {
            const value = transactionValue(body);
            if (value.problem) problems.push({ ...value.problem, check: `${step.stepId} (${operationId}): transaction value` });
            else notes.push(`transaction value (updateFee + verifition_fee): ${value.value} wei`);
          }
        }
        if (run && steps.length < workflow.steps.length) problems.push({ check: 'steps', expected: `${workflow.steps.length} steps run`, observed: `${steps.length} run` });
        results.push({ workflowId: workflow.workflowId, file: path.basename(file), status: problems.length > 0 ? 'fail' : 'pass', steps, problems, notes });
      }
    }
    // A timed-out request shows in Respect as an undeclared 504; say what really happened.
    if (proxy.timeouts.length > 0) notesTimeouts(results, proxy.timeouts, timeoutMs);
  } finally {
    proxy.server.close();
    await rm(scratch, { recursive: true, force: true });
  }
  return results;
}

function notesTimeouts(results, timeouts, timeoutMs) {
  for (const result of results.filter((candidate) => candidate.status === 'fail')) {
    result.notes.push(`requests with no answer within ${timeoutMs} ms (shown by Respect as 504): ${timeouts.join(', ')}`);
  }
}
