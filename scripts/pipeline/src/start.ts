// `npm start` (scripts/start.mjs): the whole service on this machine for frontend work. Rebuilds what is stale,
// then serves the mock (packages/mock) and the rendered docs side by side until Ctrl-C, which stops both. With
// --watch it is `npm run dev` (dev-loop.ts), with the same flags.
import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import path from 'node:path';
import { messageOf } from '@trading-analytics/core';
import type { MockServer } from '@trading-analytics/mock';
import { startMock } from '@trading-analytics/mock';
import { sandboxHint, scenarioHint } from '@trading-analytics/mock/cli';
import { runDev } from './dev-loop.js';
import { scenariosLine, type startOptions, usageExit } from './flags.js';
import { docsAreStale, modifiedAt, staleGeneratedFiles } from './freshness.js';
import { bundlePath, root } from './paths.js';
import { boundPort, closeServer, serveDocs, stopOnSignals, urlHost } from './serve.js';
import { runSteps, StepError } from './steps.js';

/** A path as a person reads it: relative to the repository when inside it. */
function shown(file: string) {
  const relative = path.relative(root, file);
  return relative.startsWith('..') ? file : relative;
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
async function buildWhatIsStale(docsFile: string) {
  let generatedStale: string[] = [];
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
          const { buildDocs } = await import('./docs.js');
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
 * `npm start` with its options read (startOptions): serves until Ctrl-C. A value of the command line the mock
 * cannot use ends it with `usage` and exit code 2.
 */
export async function runStart(options: ReturnType<typeof startOptions>, usage: string) {
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

  let mock: MockServer | undefined;
  let docs: Server | undefined;
  try {
    mock = await startMock({
      // This repository's bundle, just brought up to date: the copy inside the mock package is the build's.
      contract: bundlePath,
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
