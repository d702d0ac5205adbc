// @ts-check
// The maintainer's loop behind `npm run dev` and `npm start -- --watch`: serves the mock and the docs like
// `npm start`, then watches openapi/: on each save it lints the source (both linters) while Redocly bundles
// it, and as soon as the bundle is there, lints it and renders its docs page. When the bundle differs from
// the one served and both lints pass, it writes generated/, the mock swaps its contract in place (same
// port, same scenario choices), the docs page reloads itself, and the types are regenerated. A save that
// changes nothing in the bundle stops after the lints. A lint problem is printed here and shown over the docs
// page, and the last good contract stays served by both.
import { watch } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sandboxHint, scenarioHint, startMock } from '@trading-analytics/mock';
import { bundleDocument, writeBundle } from '../bundle.mjs';
import { buildDocs } from '../docs.mjs';
import { generate } from '../generate.mjs';
import { lintSource, lintSpectral } from '../lint.mjs';
import { scenariosLine, usageExit } from './flags.mjs';
import { createLiveReload, pageFor } from './live-reload.mjs';
import { root } from './paths.mjs';
import { boundPort, closeServer, serveDocs, stopOnSignals, urlHost } from './serve.mjs';
import { failureText, messageOf } from './steps.mjs';

/** Where everything of a project is: this repository, or a copy of its layout. */
function projectPaths(projectRoot = root) {
  return {
    root: projectRoot,
    sourceDir: path.join(projectRoot, 'openapi'),
    source: path.join(projectRoot, 'openapi/openapi.yaml'),
    generatedDir: path.join(projectRoot, 'generated'),
    bundle: path.join(projectRoot, 'generated/openapi.json'),
    docsFile: path.join(projectRoot, 'dist/docs/index.html'),
    // What the dev loop serves: the page of the latest good save (see pageFor in lib/live-reload.mjs).
    devDocsFile: path.join(projectRoot, 'dist/docs/dev.html'),
    ruleset: path.join(projectRoot, '.spectral.yaml'),
    redoclyConfig: path.join(projectRoot, 'redocly.yaml'),
  };
}

const since = (/** @type {number} */ started) => `${((performance.now() - started) / 1000).toFixed(2)} s`;

/**
 * @typedef {object} DevOptions
 * @property {string} [project] the folder whose openapi/ is watched (default: this repository)
 * @property {string} [host]
 * @property {number} [port] the mock's port; 0 for any free one
 * @property {number} [docsPort] the docs' port; 0 for any free one
 * @property {boolean} [corsCredentials]
 * @property {string[]} [controlOrigins] origins besides the loopback ones whose pages may drive the mock's controls
 * @property {Record<string, string>} [scenarios] the mock's scenario choices, kept across reloads
 * @property {import('@trading-analytics/mock').SandboxSettings | false} [sandbox] the mock's sandbox (its world
 *   and joins are kept across reloads), or false for the examples
 * @property {(line: string) => void} [log] progress
 * @property {(line: string) => void} [warn] problems
 */

/**
 * Starts the loop; resolves once the mock and the docs are served and openapi/ is watched, with
 * `{ mockUrl, docsUrl, close() }`. Progress goes to `log`, problems to `warn`.
 * @param {DevOptions} [options]
 */
export async function startDev({
  project = root,
  host = '127.0.0.1',
  port = 4010,
  docsPort = 4011,
  corsCredentials = false,
  controlOrigins = [],
  scenarios = {},
  sandbox = false,
  log = console.log,
  warn = console.error,
} = {}) {
  const paths = projectPaths(project);
  const live = createLiveReload();
  const relative = (/** @type {string} */ file) => path.relative(paths.root, file);
  const mockOptions = {
    host,
    port,
    contract: paths.bundle,
    logLevel: /** @type {const} */ ('error'),
    corsCredentials,
    controlOrigins,
    scenarios,
    sandbox,
  };
  /** @type {import('@trading-analytics/mock').MockServer | undefined} */
  let mock;
  /** @type {string | undefined} the JSON text of the bundle the mock and the docs show */
  let served;
  // A page rendered by `npm run docs`, any version: the dev pages are made from it (pageFor). The first
  // cycle renders one when there is none.
  let template = await readFile(paths.docsFile, 'utf8').catch(() => undefined);
  let busy = false;
  let again = false;
  /** @type {Set<string>} */
  const changed = new Set();

  /** Reports a failed pass (terminal and page); returns false, what the pass then returns. */
  const problem = (/** @type {string} */ what, /** @type {unknown} */ error, /** @type {number} */ started) => {
    const text = failureText(error);
    warn(
      `[dev] ${what} failed (${since(started)}); ${served ? 'still serving the last good contract' : 'nothing served yet'}:\n${text}`,
    );
    live.problem(`${what}:\n${text}`);
    return false;
  };

  /**
   * One pass from the source to what is served; returns true when the mock and the docs serve it. What needs
   * only the bundle (its lint, the docs page) starts as soon as Redocly has bundled, while the source is
   * still being linted; nothing is written or shown before both lints pass.
   */
  async function cycle() {
    const started = performance.now();
    const staging = `${paths.devDocsFile}.next`;
    const linted = lintSource(paths.source, { ruleset: paths.ruleset, config: paths.redoclyConfig });
    const bundled = bundleDocument(paths.source);
    const text = bundled.then((document) => `${JSON.stringify(document, null, 2)}\n`);
    const bundleLinted = text.then((json) =>
      json === served ? undefined : lintSpectral(paths.bundle, paths.ruleset, json),
    );
    const docs = text.then(async (json) => {
      if (json === served) return;
      const page = template === undefined ? undefined : pageFor(template, await bundled);
      if (page === undefined) {
        await buildDocs(staging, await bundled);
        template = await readFile(staging, 'utf8');
      } else {
        await mkdir(path.dirname(staging), { recursive: true });
        await writeFile(staging, page);
      }
    });
    const all = [linted, bundled, text, bundleLinted, docs];
    // Each is awaited below, or settled when an earlier failure ends the cycle.
    for (const promise of all) promise.catch(() => {});
    const fail = async (/** @type {string} */ what, /** @type {unknown} */ error) => {
      await Promise.allSettled(all);
      return problem(what, error, started);
    };

    try {
      await linted;
    } catch (error) {
      return fail('lint source', error);
    }
    let document;
    try {
      document = await bundled;
    } catch (error) {
      return fail('bundle', error);
    }
    if ((await text) === served) {
      log(`[dev] lint ok, bundle unchanged (${since(started)})`);
      // A page showing a problem that is now fixed reloads, and the problem goes.
      if (live.hasProblem) live.reload();
      return true;
    }
    try {
      await bundleLinted;
    } catch (error) {
      return fail('lint bundle', error);
    }
    await writeBundle(document, paths.generatedDir);
    const mockServes = (async () => {
      if (mock) await mock.reload(paths.bundle);
      else mock = await startMock(mockOptions);
      log(`[dev] lint ok; the mock serves the change (${since(started)})`);
    })();
    const docsShow = docs.then(async () => {
      await rename(staging, paths.devDocsFile);
      live.reload();
      log(`[dev] docs reloaded (${since(started)})`);
    });
    const outcomes = await Promise.allSettled([mockServes, docsShow]);
    const failed = outcomes.find((result) => result.status === 'rejected');
    if (failed) return problem('serving the new contract', failed.reason, started);
    served = await text;
    // Last: nothing served waits for the types, and generating them holds this process for a moment.
    try {
      log(`[dev] types regenerated: ${await generate(paths.generatedDir, paths.bundle)} (${since(started)})`);
    } catch (error) {
      return problem('generate types', error, started);
    }
    return true;
  }

  /** Runs cycles one at a time; saves made during a cycle are picked up by one more cycle after it. */
  async function onChange() {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      do {
        again = false;
        const files = [...changed].map(relative).join(', ');
        changed.clear();
        if (files) log(`[dev] changed: ${files}`);
        await cycle();
      } while (again);
    } finally {
      busy = false;
    }
  }

  // The contract served at start is the last good bundle on disk, until the first cycle brings a newer one.
  busy = true;
  const first = await cycle();
  busy = false;
  if (!first && !mock) {
    try {
      mock = await startMock(mockOptions);
      served = await readFile(paths.bundle, 'utf8');
      log(`[dev] the mock serves the last bundle on disk, ${relative(paths.bundle)}`);
      const page = template === undefined ? undefined : pageFor(template, JSON.parse(served));
      if (page !== undefined) await writeFile(paths.devDocsFile, page);
    } catch (error) {
      // A seed or now the sandbox refuses is the command line's fault, not the contract's: no save mends it.
      if (error instanceof TypeError) throw error;
      warn(
        `[dev] no contract to serve yet (${messageOf(error)}); the mock starts with the first save that lints clean.`,
      );
    }
  }
  const docsServer = await serveDocs(paths.devDocsFile, host, docsPort, live);

  /** @type {NodeJS.Timeout | undefined} */
  let debounce;
  const watcher = watch(paths.sourceDir, { recursive: true }, (_event, file) => {
    if (file) changed.add(path.join(paths.sourceDir, file));
    // Editors write a file in several steps; one cycle follows the last of them.
    clearTimeout(debounce);
    debounce = setTimeout(onChange, 25);
  });

  return {
    get mockUrl() {
      return mock?.url;
    },
    docsUrl: `http://${urlHost(host)}:${boundPort(docsServer)}`,
    watching: paths.sourceDir,
    async close() {
      watcher.close();
      clearTimeout(debounce);
      await Promise.all([mock?.close(), closeServer(docsServer)]);
    },
    get exited() {
      return mock?.exited;
    },
    get sandbox() {
      return mock?.sandbox;
    },
  };
}

/**
 * The loop as a command: prints where everything is served, then runs until Ctrl-C or SIGTERM. A value of
 * the command line the mock cannot use ends it with the usage and exit code 2.
 * @param {DevOptions} options
 * @param {string} usage
 */
export async function runDev(options, usage) {
  const dev = await startDev(options).catch((error) =>
    error instanceof TypeError ? usageExit(error, usage) : Promise.reject(error),
  );
  console.log(`\nMock: ${dev.mockUrl ?? 'not started yet (no contract builds cleanly)'}`);
  console.log(`Docs: ${dev.docsUrl} (reloads itself on each good save)`);
  if (dev.sandbox) console.log(sandboxHint(dev.sandbox));
  console.log(scenarioHint);
  const chosen = scenariosLine(options.scenarios ?? {});
  if (chosen) console.log(chosen);
  console.log(`Watching ${path.relative(process.cwd(), dev.watching) || dev.watching}/ for changes. Ctrl-C stops.`);
  stopOnSignals(() => dev.close(), dev.exited);
}
