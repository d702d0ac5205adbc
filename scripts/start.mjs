// `npm start`: the whole service on this machine for frontend work. Rebuilds what is stale, then serves the
// mock (packages/mock) and the rendered docs side by side until Ctrl-C, which stops both.
//
//   npm start [-- --port 4010] [--host 127.0.0.1] [--docs-port 4011] [--docs-file dist/docs/index.html] [--skip-build] [--cors-credentials] [--watch]
//             [--scenario <operationId>=<key>]... [--scenarios <file.json>]
//   (or MOCK_PORT, MOCK_HOST, DOCS_PORT in the environment; flags win)
import { spawn } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readScenarioChoices, scenarioHint, startMock } from '@trading-analytics/mock';
import { staleGeneratedFiles } from './check-generated.mjs';
import { bundlePath, isEntryPoint, root, runSteps, StepError } from './lib/steps.mjs';

const usage = `Usage: npm start -- [--port <port>] [--host <address>] [--docs-port <port>] [--docs-file <file>] [--skip-build] [--cors-credentials] [--watch]
                    [--scenario <operationId>=<key>]... [--scenarios <file.json>]

  --port <port>        port of the mock (default 4010, or MOCK_PORT)
  --host <address>     address the mock and the docs listen on (default 127.0.0.1, or MOCK_HOST)
  --docs-port <port>   port of the docs (default: the mock's port + 1, or DOCS_PORT)
  --docs-file <file>   the rendered docs page (default dist/docs/index.html)
  --skip-build         serve what is there without checking that it is up to date
  --cors-credentials   the mock reflects the calling origin with Access-Control-Allow-Credentials: true
                       (default: any origin, no credentials)
  --scenario <operationId>=<key>  the mock answers that operation with that case until changed (repeatable);
                       change it while it runs with PUT /__scenarios
  --scenarios <file>   the same from a JSON file: {"getUnrealizedPnl": "503"}
  --watch              npm run dev: rebuild on each save of openapi/, reload the mock and the docs page`;

/** Reads the flags, then the environment, then the defaults; throws a message naming a bad value. */
export function startOptions(argv = process.argv.slice(2), env = process.env) {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'docs-port': { type: 'string' },
      'docs-file': { type: 'string' },
      'skip-build': { type: 'boolean', default: false },
      'cors-credentials': { type: 'boolean', default: false },
      scenario: { type: 'string', multiple: true },
      scenarios: { type: 'string' },
      watch: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const port = portNumber(values.port ?? env.MOCK_PORT ?? '4010', values.port !== undefined ? '--port' : 'MOCK_PORT');
  const docsPort = portNumber(
    values['docs-port'] ?? env.DOCS_PORT ?? String(port + 1),
    values['docs-port'] !== undefined ? '--docs-port' : 'DOCS_PORT',
  );
  if (docsPort === port) throw new Error(`The docs need a port of their own; both are ${port}.`);
  return {
    help: values.help,
    host: values.host ?? env.MOCK_HOST ?? '127.0.0.1',
    port,
    docsPort,
    docsFile: path.resolve(root, values['docs-file'] ?? 'dist/docs/index.html'),
    build: !values['skip-build'],
    corsCredentials: values['cors-credentials'],
    scenarios: readScenarioChoices({
      scenario: values.scenario,
      scenariosFile: values.scenarios === undefined ? undefined : path.resolve(values.scenarios),
    }),
    watch: values.watch,
  };
}

function portNumber(text, name) {
  const port = Number(text);
  if (!/^[0-9]+$/.test(text) || port < 1 || port > 65535)
    throw new Error(`${name} must be a port number from 1 to 65535, got "${text}".`);
  return port;
}

/** A path as a person reads it: relative to the repository when inside it. */
function shown(file) {
  const relative = path.relative(root, file);
  return relative.startsWith('..') ? file : relative;
}

async function modifiedAt(file) {
  return (await stat(file).catch(() => undefined))?.mtimeMs;
}

/** The docs page is stale when it is missing or older than the contract, its changelog or the script that renders it. */
export async function docsAreStale(
  docsFile,
  sources = [
    bundlePath,
    ...['CHANGELOG.md', 'scripts/docs.mjs', 'scripts/docs-scenarios.mjs', 'scripts/lib/changelog.mjs'].map((file) =>
      path.join(root, file),
    ),
  ],
) {
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
      code === 0 ? resolve() : reject(new StepError(`npm run build failed (exit code ${code}); see its output above.`)),
    );
  });
}

/**
 * Brings generated/ and the docs up to date: a full `npm run build` when generated/ differs from the
 * contract source (it renders the docs too), else only the docs when they are older than the contract.
 * Returns false when generated/ could not be brought up to date: the mock must not serve a stale contract.
 * A docs failure is reported and the mock still starts.
 */
async function buildWhatIsStale(docsFile) {
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
      console.error(error.message);
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

/**
 * Serves one self-contained HTML page at `/`; everything else is a 404. With `live` (npm run dev, see
 * lib/live-reload.mjs) it also serves the reload events, and the page with the reload script.
 */
export function serveDocs(docsFile, host, port, live) {
  const server = http.createServer(async (request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://docs');
    if (live?.handle(request, response, pathname)) return;
    if (!['GET', 'HEAD'].includes(request.method ?? '') || !['/', '/index.html'].includes(pathname)) {
      response
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end(`Not found: the docs are one page, at /.\n`);
      return;
    }
    try {
      const page = live ? live.page(await readFile(docsFile, 'utf8').catch(() => undefined)) : await readFile(docsFile);
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      response.end(request.method === 'HEAD' ? undefined : page);
    } catch (error) {
      response
        .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
        .end(`Cannot read ${docsFile}: ${error.message}\n`);
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', (error) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} on ${host} is already in use; pick another with --docs-port.`
            : error.message,
        ),
      ),
    );
    server.listen(port, host, () => resolve(server));
  });
}

async function main() {
  let options;
  try {
    options = startOptions();
  } catch (error) {
    console.error(`${error.message}\n\n${usage}`);
    process.exit(2);
  }
  if (options.help) {
    console.log(usage);
    return;
  }
  if (options.watch) {
    const { runDev } = await import('./dev.mjs');
    await runDev({
      host: options.host,
      port: options.port,
      docsPort: options.docsPort,
      corsCredentials: options.corsCredentials,
    });
    return;
  }
  if (options.build && !(await buildWhatIsStale(options.docsFile))) {
    console.error('Not starting: fix the build first, or start with --skip-build to serve what is there.');
    process.exit(1);
  }
  // A page left from an earlier build is served even when this build of it failed; the failure is above.
  const docsReady = (await modifiedAt(options.docsFile)) !== undefined;

  let mock;
  let docs;
  try {
    mock = await startMock({
      host: options.host,
      port: options.port,
      logLevel: 'error',
      corsCredentials: options.corsCredentials,
      scenarios: options.scenarios,
    });
    if (docsReady) docs = await serveDocs(options.docsFile, options.host, options.docsPort);
  } catch (error) {
    await mock?.close();
    console.error(error.message);
    process.exit(1);
  }

  const docsHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  console.log(`\nMock: ${mock.url}`);
  console.log(
    docsReady
      ? `Docs: http://${docsHost}:${options.docsPort}`
      : `Docs: not served, ${shown(options.docsFile)} does not exist (npm run docs builds it).`,
  );
  console.log(scenarioHint);
  if (Object.keys(options.scenarios).length > 0)
    console.log(
      `Scenarios: ${Object.entries(options.scenarios)
        .map(([operationId, key]) => `${operationId}=${key}`)
        .join(', ')}`,
    );
  console.log('Ctrl-C stops both.');

  let stopping = false;
  const stop = async (exitCode) => {
    stopping = true;
    docs?.closeAllConnections();
    await Promise.all([mock.close(), docs && new Promise((resolve) => docs.close(resolve))]);
    process.exit(exitCode);
  };
  process.once('SIGINT', () => stop(0));
  process.once('SIGTERM', () => stop(0));
  const { code, signal } = await mock.exited;
  if (!stopping) {
    console.error(`The mock stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping the docs too.`);
    await stop(1);
  }
}

if (isEntryPoint(import.meta.url)) await main();
