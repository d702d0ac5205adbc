// The flags of `npm start` and `npm run dev` (startOptions, devOptions), read one way: where the mock and the
// docs listen (flags win over MOCK_PORT, MOCK_HOST and DOCS_PORT), the mock's CORS mode and control origins,
// its scenario choices and its sandbox, and the project the dev loop watches.
import path from 'node:path';
import type { ParseArgsConfig } from 'node:util';
import { parseArgs } from 'node:util';
import { messageOf } from '@trading-analytics/core';
import type { SandboxSettings } from '@trading-analytics/mock';
import {
  ANY_FREE_PORT,
  choiceFlagOptions,
  parsePort,
  readSandboxFlags,
  readScenarioChoices,
} from '@trading-analytics/mock/cli';
import { root } from './paths.js';

/** The options of `node:util`'s parseArgs that both commands take. */
const serveFlags = {
  port: { type: 'string' },
  host: { type: 'string' },
  'docs-port': { type: 'string' },
  ...choiceFlagOptions,
  project: { type: 'string' },
  help: { type: 'boolean', default: false },
} satisfies ParseArgsConfig['options'];

export const serveUsage = `  --port <port>        port of the mock (default 4010, or MOCK_PORT; 0 picks a free one)
  --docs-port <port>   port of the docs (default: the mock's port + 1, or DOCS_PORT; 0 picks a free one)
  --host <address>     address the mock and the docs listen on (default 127.0.0.1, or MOCK_HOST)
  --cors-credentials   the mock reflects the calling origin with Access-Control-Allow-Credentials: true
                       (default: any origin, no credentials)
  --control-origin <origin>  an origin whose pages may drive the mock's /__sandbox and /__scenarios, besides
                       pages on localhost, 127.0.0.1 and [::1] (repeatable), e.g. https://app.example.com
  --scenario <operationId>=<key>  the mock answers that operation with that case until changed (repeatable);
                       change it while it runs with PUT /__scenarios
  --scenarios <file>   the same from a JSON file: {"getUnrealizedPnl": "503"}
  --sandbox            the mock answers from the sandbox's seeded world (every parameter takes effect);
                       GET /__sandbox describes it, DELETE /__sandbox resets it, POST /__sandbox/clock
                       moves its clock
  --seed <n>           the world's seed, 0 to 4294967295 (default 1; with --sandbox)
  --now <ISO-8601>     where the world's clock starts (default 2026-11-21T12:00:00Z, where the cast's
                       figures hold); wall for the machine's time (with --sandbox)
  --clock fixed|live   fixed (default): now moves only when told (POST /__sandbox/clock); live: it
                       follows the wall clock (with --sandbox)
  --clock-rate <n>     with --clock live: world seconds per second (default 1)`;

export const projectUsage = `  --project <dir>      (watching) a copy of this repository's layout (openapi/, generated/, redocly.yaml,
                       .spectral.yaml, scripts/spectral/) to work on instead of this one; it must lie inside
                       the repository so the lint rulesets find their packages`;

export interface ServeOptions {
  help: boolean;
  host: string;
  /** the mock's port; 0 for any free one */
  port: number;
  /** the docs' port; 0 for any free one */
  docsPort: number;
  corsCredentials: boolean;
  /** origins besides the loopback ones whose pages may drive the mock's controls */
  controlOrigins: string[];
  /** the mock's scenario choices, by operationId */
  scenarios: Record<string, string>;
  /** the mock's sandbox, or false */
  sandbox: SandboxSettings | false;
  /** the folder whose openapi/ the dev loop watches */
  project: string;
}

/**
 * Reads the shared flags, then the environment, then the defaults; throws a message naming a bad value and
 * where it came from. The docs take the mock's port + 1 unless told otherwise (any free port when the mock's is).
 * @param values what parseArgs read
 */
function serveOptions(
  values: { [flag: string]: string | boolean | string[] | undefined },
  env: NodeJS.ProcessEnv,
): ServeOptions {
  const port = portFrom(values.port, '--port', env.MOCK_PORT, 'MOCK_PORT', '4010');
  const docsPort = portFrom(
    values['docs-port'],
    '--docs-port',
    env.DOCS_PORT,
    'DOCS_PORT',
    String(port === ANY_FREE_PORT ? ANY_FREE_PORT : port + 1),
  );
  if (port !== ANY_FREE_PORT && docsPort === port)
    throw new Error(`The docs need a port of their own; both are ${port}.`);
  const scenariosFile = typeof values.scenarios === 'string' ? path.resolve(values.scenarios) : undefined;
  return {
    help: values.help === true,
    host: stringFlag(values.host) ?? env.MOCK_HOST ?? '127.0.0.1',
    port,
    docsPort,
    corsCredentials: values['cors-credentials'] === true,
    controlOrigins: Array.isArray(values['control-origin']) ? values['control-origin'] : [],
    scenarios: readScenarioChoices({
      scenario: Array.isArray(values.scenario) ? values.scenario : undefined,
      scenariosFile,
    }),
    sandbox: readSandboxFlags({
      sandbox: values.sandbox === true,
      seed: stringFlag(values.seed),
      now: stringFlag(values.now),
      clock: stringFlag(values.clock),
      clockRate: stringFlag(values['clock-rate']),
    }),
    project: path.resolve(stringFlag(values.project) ?? root),
  };
}

const stringFlag = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * A port from a flag, else a variable, else the default, with the name of where it came from in the error.
 */
function portFrom(
  flag: unknown,
  flagName: string,
  variable: string | undefined,
  variableName: string,
  fallback: string,
) {
  const text = stringFlag(flag);
  if (text !== undefined) return parsePort(text, flagName);
  return parsePort(variable ?? fallback, variableName);
}

/** The `Scenarios: a=b, c=d` line both commands print, or undefined when none is chosen. */
export function scenariosLine(scenarios: Record<string, string>) {
  const chosen = Object.entries(scenarios).map(([operationId, key]) => `${operationId}=${key}`);
  return chosen.length > 0 ? `Scenarios: ${chosen.join(', ')}` : undefined;
}

/**
 * What `read` makes of the command line; when the flags are wrong, their problem and the usage on stderr, and
 * exit code 2.
 * @template T
 */
export function optionsOrExit<T>(read: () => T, usage: string): T {
  try {
    return read();
  } catch (error) {
    usageExit(error, usage);
  }
}

/**
 * A value of the command line that could not be used, found once the mock starts (startMock's TypeError: a
 * seed or now the sandbox refuses): its problem and the usage on stderr, and exit code 2.
 */
export function usageExit(error: unknown, usage: string): never {
  console.error(`${messageOf(error).replace(/^startMock: /, '')}\n\n${usage}`);
  process.exit(2);
}

/** `npm run dev`'s options: reads the flags, then the environment, then the defaults; throws a message naming a bad value. */
export function devOptions(argv = process.argv.slice(2), env = process.env) {
  const { values } = parseArgs({ args: argv, options: serveFlags });
  return serveOptions(values, env);
}

/** `npm start`'s options: reads the flags, then the environment, then the defaults; throws a message naming a bad value. */
export function startOptions(argv = process.argv.slice(2), env = process.env) {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...serveFlags,
      'docs-file': { type: 'string' },
      'skip-build': { type: 'boolean', default: false },
      watch: { type: 'boolean', default: false },
    },
  });
  if (values.project !== undefined && !values.watch) throw new Error('--project goes with --watch.');
  return {
    ...serveOptions(values, env),
    docsFile: path.resolve(root, values['docs-file'] ?? 'dist/docs/index.html'),
    build: !values['skip-build'],
    watch: values.watch,
  };
}
