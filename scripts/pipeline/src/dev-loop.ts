// The maintainer's loop behind `npm run dev` and `npm start -- --watch`: serves the mock and the docs like
// `npm start`, then watches openapi/: on each save it lints the source (both linters) while Redocly bundles
// it, and as soon as the bundle is there, lints it and renders its docs page. When the bundle differs from
// the one served and both lints pass, it writes generated/, the mock swaps its contract in place (same
// port, same scenario choices), the docs page reloads itself, and the types are regenerated. A save that
// changes nothing in the bundle stops after the lints. A lint problem is printed here and shown over the docs
// page, and the last good contract stays served by both. A save that brings the source back to a state that
// linted clean in this loop (an undo, a save without an edit) is served without linting or bundling it again.
//
// It is ready as soon as it serves the last good bundle on disk (generated/openapi.json) and its page: a first
// pass over the source then runs like a save, so what changed while nothing watched is served once it lints.
// Waiting for that pass before serving cost the start a full lint, bundle and docs render (half a minute on a
// busy machine), while the mock and the page were there to serve already.
import { watch } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { messageOf } from '@trading-analytics/core';
import type { MockServer, SandboxSettings } from '@trading-analytics/mock';
import { startMock } from '@trading-analytics/mock';
import { sandboxHint, scenarioHint } from '@trading-analytics/mock/cli';
import { bundleDocument, writeBundle } from './bundle.js';
import { buildDocs } from './docs.js';
import { scenariosLine, usageExit } from './flags.js';
import { generate } from './generate.js';
import { lintSource, lintSourceStep, lintSpectral } from './lint.js';
import { createLiveReload, pageFor } from './live-reload.js';
import { root } from './paths.js';
import { boundPort, closeServer, serveDocs, stopOnSignals, urlHost } from './serve.js';
import { inputsKey } from './step-cache.js';
import { failureText } from './steps.js';

/** Where everything of a project is: this repository, or a copy of its layout. */
function projectPaths(projectRoot = root) {
  return {
    root: projectRoot,
    sourceDir: path.join(projectRoot, 'openapi'),
    source: path.join(projectRoot, 'openapi/openapi.yaml'),
    generatedDir: path.join(projectRoot, 'generated'),
    bundle: path.join(projectRoot, 'generated/openapi.json'),
    docsFile: path.join(projectRoot, 'dist/docs/index.html'),
    // What the dev loop serves: the page of the latest good save (see pageFor in live-reload.ts).
    devDocsFile: path.join(projectRoot, 'dist/docs/dev.html'),
    ruleset: path.join(projectRoot, '.spectral.yaml'),
    redoclyConfig: path.join(projectRoot, 'redocly.yaml'),
    houseRules: path.join(projectRoot, 'scripts/spectral'),
  };
}

/** How many source states that linted clean a loop keeps, with their bundles. */
const keptStates = 8;

const since = (started: number) => `${((performance.now() - started) / 1000).toFixed(2)} s`;

export interface DevOptions {
  /** the folder whose openapi/ is watched (default: this repository) */
  project?: string;
  host?: string;
  /** the mock's port; 0 for any free one */
  port?: number;
  /** the docs' port; 0 for any free one */
  docsPort?: number;
  corsCredentials?: boolean;
  /** origins besides the loopback ones whose pages may drive the mock's controls */
  controlOrigins?: string[];
  /** the mock's scenario choices, kept across reloads */
  scenarios?: Record<string, string>;
  /** the mock's sandbox (its world and joins are kept across reloads), or false for the examples */
  sandbox?: SandboxSettings | false;
  /** progress */
  log?: (line: string) => void;
  /** problems */
  warn?: (line: string) => void;
}

/**
 * Starts the loop; resolves once the mock serves the last good bundle on disk (when there is one), the docs
 * are served and openapi/ is watched, with `{ mockUrl, docsUrl, firstPass, close() }`. `firstPass` settles
 * once the first pass over the source has ended, with whether it serves the source. Progress goes to `log`,
 * problems to `warn`.
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
}: DevOptions = {}) {
  const paths = projectPaths(project);
  const live = createLiveReload();
  const relative = (file: string) => path.relative(paths.root, file);
  const mockOptions = {
    host,
    port,
    contract: paths.bundle,
    logLevel: 'error' as const,
    corsCredentials,
    controlOrigins,
    scenarios,
    sandbox,
  };
  let mock: MockServer | undefined;
  /** the JSON text of the bundle the mock serves */
  let mockBundle: string | undefined;
  /** the JSON text of the bundle the mock and the docs show */
  let served: string | undefined;
  let closed = false;
  /** Ends the pass in flight when the loop is closed: its Redocly processes are stopped. */
  let passAbort = new AbortController();
  // A page rendered by `npm run docs`, any version: the dev pages are made from it (pageFor). The first
  // cycle renders one when there is none.
  let template = await readFile(paths.docsFile, 'utf8').catch(() => undefined);
  let busy = false;
  let again = false;
  const changed: Set<string> = new Set();
  /** what the watcher has seen so far */
  let saves = 0;
  /**
   * The bundles (JSON text) of the source states whose lints passed in this loop, the latest last, by the hash
   * of everything the lints and the bundle read: openapi/, both configs, the house rules and the tools' versions.
   */
  const linted: Map<string, string> = new Map();
  const sourceKey = () =>
    inputsKey({
      name: 'dev pass',
      inputs: [paths.sourceDir, paths.redoclyConfig, paths.ruleset, paths.houseRules],
      tools: lintSourceStep.tools,
    });
  /**
   * Keeps a state that linted clean, when the source is still what the pass read: the same hash, and no save
   * seen since the pass began (a state that changed and changed back under a pass is not kept).
   */
  const keep = async (key: string, savesBefore: number, json: string) => {
    if (saves !== savesBefore || (await sourceKey()) !== key) return;
    linted.delete(key);
    linted.set(key, json);
    for (const oldest of linted.keys()) if (linted.size > keptStates) linted.delete(oldest);
  };

  /** Reports a failed pass (terminal and page); returns false, what the pass then returns. */
  const problem = (what: string, error: unknown, started: number) => {
    const text = failureText(error);
    warn(
      `[dev] ${what} failed (${since(started)}); ${mockBundle ? 'still serving the last good contract' : 'nothing served yet'}:\n${text}`,
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
    passAbort = new AbortController();
    const { signal } = passAbort;
    const staging = `${paths.devDocsFile}.next`;
    const savesBefore = saves;
    const key = await sourceKey();
    // A state that linted clean before: its bundle, linted too, is served again as it was made.
    const known = linted.get(key);
    const sourceLinted =
      known === undefined
        ? lintSource(paths.source, { ruleset: paths.ruleset, config: paths.redoclyConfig, signal })
        : Promise.resolve('');
    const bundled = known === undefined ? bundleDocument(paths.source, { signal }) : Promise.resolve(JSON.parse(known));
    const text = bundled.then((document) => known ?? `${JSON.stringify(document, null, 2)}\n`);
    const bundleLinted = text.then((json) =>
      json === served || known !== undefined ? undefined : lintSpectral(paths.bundle, paths.ruleset, json),
    );
    const docs = text.then(async (json) => {
      if (json === served) return;
      const page = template === undefined ? undefined : pageFor(template, await bundled);
      if (page === undefined) {
        await buildDocs(staging, await bundled, { signal });
        template = await readFile(staging, 'utf8');
      } else {
        await mkdir(path.dirname(staging), { recursive: true });
        await writeFile(staging, page);
      }
    });
    const all = [sourceLinted, bundled, text, bundleLinted, docs];
    // Each is awaited below, or settled when an earlier failure ends the cycle.
    for (const promise of all) promise.catch(() => {});
    const fail = async (what: string, error: unknown) => {
      await Promise.allSettled(all);
      return closed ? false : problem(what, error, started);
    };

    try {
      await sourceLinted;
    } catch (error) {
      return fail('lint source', error);
    }
    let document: Awaited<typeof bundled>;
    try {
      document = await bundled;
    } catch (error) {
      return fail('bundle', error);
    }
    if ((await text) === served) {
      await keep(key, savesBefore, await text);
      const kept = known === undefined ? '' : ' (a pass before linted this source: not linted again)';
      log(`[dev] lint ok${kept}, bundle unchanged (${since(started)})`);
      // A page showing a problem that is now fixed reloads, and the problem goes.
      if (live.hasProblem) live.reload();
      return true;
    }
    try {
      await bundleLinted;
    } catch (error) {
      return fail('lint bundle', error);
    }
    await keep(key, savesBefore, await text);
    // Nothing is written or started once the loop is closed (its project may be gone).
    if (closed) return fail('the pass', new Error('closed'));
    await writeBundle(document, paths.generatedDir);
    const json = await text;
    const mockServes = (async () => {
      if (mock && mockBundle === json) return;
      if (mock) await mock.reload(paths.bundle);
      else {
        mock = await startMock(mockOptions);
        log(`[dev] the mock serves ${mock.url}`);
      }
      mockBundle = json;
      log(`[dev] lint ok; the mock serves the change (${since(started)})`);
    })();
    const docsShow = docs.then(async () => {
      await rename(staging, paths.devDocsFile);
      live.reload();
      log(`[dev] docs reloaded (${since(started)})`);
    });
    const outcomes = await Promise.allSettled([mockServes, docsShow]);
    const failed = outcomes.find((result) => result.status === 'rejected');
    if (failed) return closed ? false : problem('serving the new contract', failed.reason, started);
    served = json;
    if (closed) return true;
    // Last: nothing served waits for the types, and generating them holds this process for a moment.
    try {
      log(`[dev] types regenerated: ${await generate(paths.generatedDir, paths.bundle)} (${since(started)})`);
    } catch (error) {
      return problem('generate types', error, started);
    }
    return true;
  }

  /** the passes in flight (resolved when none is) */
  let passes: Promise<boolean | undefined> = Promise.resolve(undefined);

  /**
   * Runs cycles one at a time; saves made during a cycle are picked up by one more cycle after it. Resolves
   * with whether the last of them serves the source (undefined when a run of cycles was already going).
   */
  function onChange(): Promise<boolean | undefined> {
    if (busy) {
      again = true;
      return Promise.resolve(undefined);
    }
    busy = true;
    passes = (async () => {
      let ok = false;
      try {
        do {
          again = false;
          const files = [...changed].map(relative).join(', ');
          changed.clear();
          if (files) log(`[dev] changed: ${files}`);
          const started = performance.now();
          // A failure outside the steps a cycle reports itself (writing generated/, say) is reported the same way.
          ok = await cycle().catch((error) => (closed ? false : problem('the pass', error, started)));
        } while (again && !closed);
      } finally {
        busy = false;
      }
      return ok;
    })();
    return passes;
  }

  // The contract served at start is the last good bundle on disk, until a pass brings a newer one. The mock
  // starts on it before anything is linted, so a value it cannot use fails the start at once.
  const onDisk = await readFile(paths.bundle, 'utf8').catch(() => undefined);
  if (onDisk !== undefined) {
    try {
      mock = await startMock(mockOptions);
      mockBundle = onDisk;
    } catch (error) {
      // A seed or now the sandbox refuses is the command line's fault, not the contract's: no save mends it.
      if (error instanceof TypeError) throw error;
      warn(
        `[dev] the bundle on disk cannot be served (${messageOf(error)}); the mock waits for a save that lints clean.`,
      );
    }
  }
  // The page of what the mock serves, made from the last rendered page; without one, a placeholder until the
  // first pass renders it (the page of an earlier run may show another contract).
  const firstPage = mockBundle && template !== undefined ? pageFor(template, JSON.parse(mockBundle)) : undefined;
  if (firstPage !== undefined) {
    await mkdir(path.dirname(paths.devDocsFile), { recursive: true });
    await writeFile(paths.devDocsFile, firstPage);
    served = mockBundle;
  } else await rm(paths.devDocsFile, { force: true });
  // A docs port that cannot be had ends the start: the mock it started goes with it.
  const docsServer = await serveDocs(paths.devDocsFile, host, docsPort, live).catch(async (error) => {
    await mock?.close();
    throw error;
  });

  let debounce: NodeJS.Timeout | undefined;
  const watcher = watch(paths.sourceDir, { recursive: true }, (_event, file) => {
    saves += 1;
    if (file) changed.add(path.join(paths.sourceDir, file));
    // Editors write a file in several steps; one cycle follows the last of them.
    clearTimeout(debounce);
    debounce = setTimeout(onChange, 25);
  });

  // The first pass, like a save: it serves what changed in openapi/ while nothing watched. It starts once the
  // caller has had the loop (a timer's turn): loading the linters holds this process for seconds, and the
  // command says where everything is served before that.
  const firstPass = new Promise((resolve) => setTimeout(resolve, 0))
    .then(() => (closed ? false : onChange()))
    .then((ok) => {
      if (!ok && !mock && !closed)
        warn('[dev] no contract to serve yet; the mock starts with the first save that lints clean.');
      return Boolean(ok);
    });

  return {
    get mockUrl() {
      return mock?.url;
    },
    docsUrl: `http://${urlHost(host)}:${boundPort(docsServer)}`,
    watching: paths.sourceDir,
    firstPass,
    /** Stops watching, ends the pass in flight (nothing is written after), then stops the mock and the docs. */
    async close() {
      closed = true;
      watcher.close();
      clearTimeout(debounce);
      passAbort.abort();
      await passes;
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
 */
export async function runDev(options: DevOptions, usage: string) {
  const dev = await startDev(options).catch((error) =>
    error instanceof TypeError ? usageExit(error, usage) : Promise.reject(error),
  );
  console.log(`\nMock: ${dev.mockUrl ?? 'not started yet: it starts once the contract builds cleanly'}`);
  console.log(`Docs: ${dev.docsUrl} (reloads itself on each good save)`);
  if (dev.sandbox) console.log(sandboxHint(dev.sandbox));
  console.log(scenarioHint);
  const chosen = scenariosLine(options.scenarios ?? {});
  if (chosen) console.log(chosen);
  console.log(`Watching ${path.relative(process.cwd(), dev.watching) || dev.watching}/ for changes. Ctrl-C stops.`);
  stopOnSignals(() => dev.close(), dev.exited);
}
