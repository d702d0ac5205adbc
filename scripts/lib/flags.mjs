// @ts-check
// The flags `npm start` and `npm run dev` share, read one way: where the mock and the docs listen (flags win
// over MOCK_PORT, MOCK_HOST and DOCS_PORT), the mock's CORS mode and control origins, its scenario choices and
// its sandbox, and
// the project the dev loop watches.
import path from 'node:path';
import { ANY_FREE_PORT, parsePort } from '@trading-analytics/core';
import { choiceFlagOptions, readSandboxFlags, readScenarioChoices } from '@trading-analytics/mock';
import { root } from './paths.mjs';
import { messageOf } from './steps.mjs';

/** The options of `node:util`'s parseArgs that both commands take. */
export const serveFlags = /** @satisfies {import('node:util').ParseArgsConfig['options']} */ ({
  port: { type: 'string' },
  host: { type: 'string' },
  'docs-port': { type: 'string' },
  ...choiceFlagOptions,
  project: { type: 'string' },
  help: { type: 'boolean', default: false },
});

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
                       GET /__sandbox describes it, DELETE /__sandbox resets it
  --seed <n>           the world's seed, 0 to 4294967295 (default 1; with --sandbox)
  --now <ISO-8601>     the world's now (default 2026-11-21T12:00:00Z; with --sandbox)`;

export const projectUsage = `  --project <dir>      (watching) a copy of this repository's layout (openapi/, generated/, redocly.yaml,
                       .spectral.yaml, scripts/spectral/) to work on instead of this one; it must lie inside
                       the repository so the lint rulesets find their packages`;

/**
 * @typedef {object} ServeOptions
 * @property {boolean} help
 * @property {string} host
 * @property {number} port the mock's port; 0 for any free one
 * @property {number} docsPort the docs' port; 0 for any free one
 * @property {boolean} corsCredentials
 * @property {string[]} controlOrigins origins besides the loopback ones whose pages may drive the mock's controls
 * @property {Record<string, string>} scenarios the mock's scenario choices, by operationId
 * @property {import('@trading-analytics/mock').SandboxSettings | false} sandbox the mock's sandbox, or false
 * @property {string} project the folder whose openapi/ the dev loop watches
 */

/**
 * Reads the shared flags, then the environment, then the defaults; throws a message naming a bad value and
 * where it came from. The docs take the mock's port + 1 unless told otherwise (any free port when the mock's is).
 * @param {{ [flag: string]: string | boolean | string[] | undefined }} values what parseArgs read
 * @param {NodeJS.ProcessEnv} env
 * @returns {ServeOptions}
 */
export function serveOptions(values, env) {
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
    }),
    project: path.resolve(stringFlag(values.project) ?? root),
  };
}

const stringFlag = (/** @type {unknown} */ value) => (typeof value === 'string' ? value : undefined);

/**
 * A port from a flag, else a variable, else the default, with the name of where it came from in the error.
 * @param {unknown} flag
 * @param {string} flagName
 * @param {string | undefined} variable
 * @param {string} variableName
 * @param {string} fallback
 */
function portFrom(flag, flagName, variable, variableName, fallback) {
  const text = stringFlag(flag);
  if (text !== undefined) return parsePort(text, flagName);
  return parsePort(variable ?? fallback, variableName);
}

/** The `Scenarios: a=b, c=d` line both commands print, or undefined when none is chosen. */
export function scenariosLine(/** @type {Record<string, string>} */ scenarios) {
  const chosen = Object.entries(scenarios).map(([operationId, key]) => `${operationId}=${key}`);
  return chosen.length > 0 ? `Scenarios: ${chosen.join(', ')}` : undefined;
}

/**
 * What `read` makes of the command line; when the flags are wrong, their problem and the usage on stderr, and
 * exit code 2.
 * @template T
 * @param {() => T} read
 * @param {string} usage
 * @returns {T}
 */
export function optionsOrExit(read, usage) {
  try {
    return read();
  } catch (error) {
    usageExit(error, usage);
  }
}

/**
 * A value of the command line that could not be used, found once the mock starts (startMock's TypeError: a
 * seed or now the sandbox refuses): its problem and the usage on stderr, and exit code 2.
 * @param {unknown} error
 * @param {string} usage
 * @returns {never}
 */
export function usageExit(error, usage) {
  console.error(`${messageOf(error).replace(/^startMock: /, '')}\n\n${usage}`);
  process.exit(2);
}
