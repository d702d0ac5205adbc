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
 * The variables Respect's process inherits of the runner's environment: the system's own (the search path,
 * the home and temporary folders, the locale and time zone, Windows' system folder) and NODE_OPTIONS, the
 * settings a pipeline gives every Node process (a memory cap, say). No other: neither a `--header-env`
 * variable nor any other secret of the pipeline reaches Respect.
 */
const INHERITED = [
  'PATH',
  'HOME',
  'USERPROFILE',
  'TMPDIR',
  'TMP',
  'TEMP',
  'SystemRoot',
  'windir',
  'LANG',
  'TZ',
  'NODE_OPTIONS',
];

/**
 * Respect's environment: the INHERITED variables (a value holding one of `secrets`, the run's header values,
 * left out too), Respect's quiet settings, and where the proxy is, through Respect's own variable for its
 * `--server`, so the proxy's URL and its token are on no command line.
 */
function respectEnvironment(proxyUrl: string, sourceName: string, secrets: readonly string[]): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = {};
  for (const name of INHERITED) {
    const value = process.env[name];
    if (value !== undefined && !secrets.some((secret) => secret !== '' && value.includes(secret)))
      environment[name] = value;
  }
  return {
    ...environment,
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
    NO_COLOR: '1',
    REDOCLY_CLI_RESPECT_SERVER: `${sourceName}=${proxyUrl}`,
  };
}

/**
 * Runs `redocly respect <args>` against the runner's proxy (`proxyUrl`, the server of the source
 * `sourceName`), stopped after `deadlineMs`; resolves with its exit code and the end of what it printed
 * (the last RESPECT_OUTPUT_CHARS characters: it can print a step's whole answer), never rejects.
 */
export function runRespect(
  args: string[],
  {
    proxyUrl,
    sourceName,
    secrets,
    deadlineMs,
  }: { proxyUrl: string; sourceName: string; secrets: readonly string[]; deadlineMs: number },
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [respectBin(), 'respect', ...args], {
      env: respectEnvironment(proxyUrl, sourceName, secrets),
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
