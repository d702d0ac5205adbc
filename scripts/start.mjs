// @ts-check
// `npm start`: the whole service on this machine for frontend work. Rebuilds what is stale, then serves the
// mock (packages/mock) and the rendered docs side by side until Ctrl-C, which stops both. With --watch it is
// `npm run dev` (lib/dev-loop.mjs), with the same flags.
//
//   npm start [-- --port 4010] [--host 127.0.0.1] [--docs-port 4011] [--docs-file dist/docs/index.html]
//             [--skip-build] [--cors-credentials] [--control-origin <origin>]... [--scenario <operationId>=<key>]...
//             [--scenarios <file.json>] [--sandbox [--seed <n>] [--now <ISO-8601>]] [--watch [--project <dir>]]
//   (or MOCK_PORT, MOCK_HOST, DOCS_PORT in the environment; flags win)
import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sandboxHint, scenarioHint, startMock } from '@trading-analytics/mock';
import { staleGeneratedFiles } from './check-generated.mjs';
import { runDev } from './lib/dev-loop.mjs';
import {
  optionsOrExit,
  projectUsage,
  scenariosLine,
  serveFlags,
  serveOptions,
  serveUsage,
  usageExit,
} from './lib/flags.mjs';
import { docsInputs, root } from './lib/paths.mjs';
import { boundPort, closeServer, serveDocs, stopOnSignals, urlHost } from './lib/serve.mjs';
import { isEntryPoint, messageOf, runSteps, StepError } from './lib/steps.mjs';

const usage = `Usage: npm start -- [--port <port>] [--host <address>] [--docs-port <port>] [--docs-file <file>] [--skip-build]
                    [--cors-credentials] [--control-origin <origin>]... [--scenario <operationId>=<key>]...
                    [--scenarios <file.json>] [--sandbox [--seed <n>] [--now <ISO-8601>]] [--watch [--project <dir>]]

${serveUsage}
  --docs-file <file>   the rendered docs page (default dist/docs/index.html)
  --skip-build         serve what is there without checking that it is up to date
  --watch              npm run dev: rebuild on each save of openapi/, reload the mock and the docs page
${projectUsage}`;

/** Reads the flags, then the environment, then the defaults; throws a message naming a bad value. */
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

/** A path as a person reads it: relative to the repository when inside it. */
function shown(/** @type {string} */ file) {
  const relative = path.relative(root, file);
  return relative.startsWith('..') ? file : relative;
}

async function modifiedAt(/** @type {string} */ file) {
  return (await stat(file).catch(() => undefined))?.mtimeMs;
}

/**
 * The docs page is stale when it is missing or older than what it is rendered from: the contract, the
 * changelog and the scripts that render it (the docs step's inputs).
 * @param {string} docsFile
 * @param {readonly string[]} [sources] absolute paths
 */
export async function docsAreStale(docsFile, sources = docsInputs.map((file) => path.join(root, file))) {
  const built = await modifiedAt(docsFile);
  if (built === undefined) return true;
  for (const source of sources) {
    const changed = await modifiedAt(source);
    if (changed !== undefined && changed > built) return true;
  }
  return false;
}

function runBuild() {
  return new Promise((resolve, reject) => {
    const build = spawn(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
    build.once('error', reject);
    build.once('exit', (code) =>
      code === 0
        ? resolve(undefined)
        : reject(new StepError(`npm run build failed (exit code ${code}); see its output above.`)),
    );
  });
}

/**
 * Brings generated/ and the docs up to date: a full `npm run build` when generated/ differs from the
 * contract source (it renders the docs too), else only the docs when they are older than the contract.
 * Returns false when generated/ could not be brought up to date: the mock must not serve a stale contract.
 * A docs failure is reported and the mock still starts.
 */
async function buildWhatIsStale(/** @type {string} */ docsFile) {
  /** @type {string[]} */
  let generatedStale = [];
  const checked = await runSteps([
    [
      'check generated/',
      async () => {
        generatedStale = await staleGeneratedFiles();
        return generatedStale.length > 0 ? `stale: ${generatedStale.join(', ')}` : 'up to date';
      },
    ],
  ]);
  if (!checked) return false;
  if (generatedStale.length > 0) {
    try {
      await runBuild();
    } catch (error) {
      console.error(messageOf(error));
      return false;
    }
  }
  if (await docsAreStale(docsFile)) {
    await runSteps([
      [
        'docs',
        async () => {
          // Imported only here, so the mock still starts when the docs step cannot even be loaded.
          const { buildDocs } = await import('./docs.mjs');
          return shown(await buildDocs(docsFile));
        },
      ],
    ]);
    // runSteps marks a failed step for the exit code; the mock is still served, so this run is not a failure.
    process.exitCode = undefined;
  }
  return true;
}

async function main() {
  const options = optionsOrExit(() => startOptions(), usage);
  if (options.help) {
    console.log(usage);
    return;
  }
  if (options.watch) {
    await runDev(options, usage);
    return;
  }
  if (options.build && !(await buildWhatIsStale(options.docsFile))) {
    console.error('Not starting: fix the build first, or start with --skip-build to serve what is there.');
    process.exit(1);
  }
  // A page left from an earlier build is served even when this build of it failed; the failure is above.
  const docsReady = (await modifiedAt(options.docsFile)) !== undefined;

  /** @type {import('@trading-analytics/mock').MockServer | undefined} */
  let mock;
  /** @type {import('node:http').Server | undefined} */
  let docs;
  try {
    mock = await startMock({
      host: options.host,
      port: options.port,
      logLevel: 'error',
      corsCredentials: options.corsCredentials,
      controlOrigins: options.controlOrigins,
      scenarios: options.scenarios,
      sandbox: options.sandbox,
    });
    if (docsReady) docs = await serveDocs(options.docsFile, options.host, options.docsPort);
  } catch (error) {
    await mock?.close();
    // A TypeError is a value of the command line the mock cannot use (a seed or now the sandbox refuses).
    if (error instanceof TypeError) usageExit(error, usage);
    console.error(messageOf(error));
    process.exit(1);
  }

  console.log(`\nMock: ${mock.url}`);
  console.log(
    docs
      ? `Docs: http://${urlHost(options.host)}:${boundPort(docs)}`
      : `Docs: not served, ${shown(options.docsFile)} does not exist (npm run docs builds it).`,
  );
  if (mock.sandbox) console.log(sandboxHint(mock.sandbox));
  console.log(scenarioHint);
  const chosen = scenariosLine(options.scenarios);
  if (chosen) console.log(chosen);
  console.log('Ctrl-C stops both.');
  const served = mock;
  stopOnSignals(() => Promise.all([served.close(), docs && closeServer(docs)]), served.exited);
}

if (isEntryPoint(import.meta.url)) await main();
