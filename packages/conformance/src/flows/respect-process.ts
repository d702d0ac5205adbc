// Redocly Respect, run as a child process on one Arazzo file, and the parts of the Arazzo file and of
// Respect's JSON log the runner reads.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { RESPECT_OUTPUT_CHARS } from '../setup/runner-caps.js';

const require = createRequire(import.meta.url);

/** The parts of an Arazzo document the runner reads. */
export interface ArazzoDocument {
  sourceDescriptions: { name: string }[];
  workflows: {
    workflowId: string;
    inputs?: { properties?: Record<string, unknown> };
    /** `outputs`: runtime expressions by name (`$response.body#/0/id`). */
    steps: { stepId: string; operationId?: string; outputs?: Record<string, unknown> }[];
  }[];
}

/** One check Respect made of a step. */
interface RespectCheck {
  name: string;
  passed: boolean;
  condition?: string;
  message?: string;
  /** `off` for a check the run turned off with `--severity` (its verdict is not read). */
  severity?: string;
}

interface RespectStep {
  stepId: string;
  /** The request as Respect sent it (to the runner's proxy); `method` in lower case. */
  request?: { method?: string; url?: string; body?: unknown };
  response?: { statusCode?: number; body?: unknown };
  checks?: RespectCheck[];
}

/** The parts of Respect's `--json-output` log the runner reads. */
export interface RespectLog {
  files: Record<string, { executedWorkflows?: { workflowId: string; executedSteps?: RespectStep[] }[] }>;
}

function respectBin(): string {
  const manifest = require.resolve('@redocly/cli/package.json');
  return path.join(path.dirname(manifest), (require(manifest) as { bin: { redocly: string } }).bin.redocly);
}

/**
 * Runs `redocly respect <args>`, stopped after `deadlineMs`; resolves with its exit code and the end of what
 * it printed (the last RESPECT_OUTPUT_CHARS characters: it can print a step's whole answer), never rejects.
 */
export function runRespect(args: string[], deadlineMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [respectBin(), 'respect', ...args], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk;
      if (output.length > 2 * RESPECT_OUTPUT_CHARS) output = output.slice(-RESPECT_OUTPUT_CHARS);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const deadline = setTimeout(() => {
      child.kill();
      output += `\nRespect was stopped: not done within ${deadlineMs} ms.`;
    }, deadlineMs);
    child.on('error', (error) => {
      clearTimeout(deadline);
      resolve({ code: -1, output: error.message });
    });
    child.on('close', (code) => {
      clearTimeout(deadline);
      resolve({ code, output: output.slice(-RESPECT_OUTPUT_CHARS) });
    });
  });
}
