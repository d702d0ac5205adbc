// The suite's one global setup (vitest.config.ts), run once per `vitest run` before any test file: what the
// tiers share is made here, once, and nothing a test runs rebuilds or repacks it.
// - The packages compiled (`npm run compile`'s step: skipped when nothing changed since its last success).
// - A temp folder for the run: TMPDIR for every worker and what it starts, removed at the end, pass or fail,
//   so nothing a test (or a tool it runs) made in the temp directory outlives the run. What a file left there
//   (every file removes what it made, pass or fail) is named on stderr before it goes, so a leak shows.
// - Every package packed once, with its scripts off, into one folder: `inject('packed')`, read by the package,
//   licence and release tests.
// - The shared mocks, each on a port the OS picks: `inject('mockUrl')` as `npm start` and the bin serve it,
//   `inject('strictMockUrl')` with `errors: true` (an answer that breaks the contract becomes a 500), for the
//   files that only send requests. A file that stops, reloads, floods or reconfigures a mock starts its own.
//   Each is held to startMock's ready limit, which on Linux counts the mock's own time, not the time it waits for
//   a CPU: on a loaded machine a wall-time limit failed whole runs of mocks that were only waiting.
// - `inject('sandboxMockUrl')`, the mock with `sandbox: true` (the default seed and now) as `--sandbox` serves it,
//   started only when a file of the run asks for it: those files read its default world as built or drive
//   worlds of their own (`X-Sandbox-World`), and none changes what the mock was started with.
// - The mock's answer to every documented case of every operation, asked once (`inject('prismAnswers')`, see
//   prism-answers.ts): the suites that hold the mock and MSW to the contract read them instead of asking again.
// The tarballs, the mocks and the answers are made only when a file of the run can ask for them (reachesInject):
// a run of files that cannot (.ci/run's second run of the browser files) gets the compile and the temp folder.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MockOptions } from '@trading-analytics/mock';
import { compileStep } from '@trading-analytics/pipeline/compile';
import { type PackedPackage, packWorkspaces } from '@trading-analytics/pipeline/pack';
import { runSteps } from '@trading-analytics/pipeline/steps';
import { installedTool } from '@trading-analytics/pipeline/tools';
import type { TestProject } from 'vitest/node';
import { loadBundle } from './contract';
import { reachesInject } from './injects';
import { type RecordedAnswer, recordPrismAnswers } from './prism-answers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The mock as `npm start` serves it (no `errors` option). */
    mockUrl: string;
    /** The mock with `errors: true`. */
    strictMockUrl: string;
    /** Every package under packages/, packed once for the run. */
    packed: PackedPackage[];
    /** The `mockUrl` mock's answer to every documented case. */
    prismAnswers: RecordedAnswer[];
    /** The mock with `sandbox: true`, started only for a run with a file that asks for it. */
    sandboxMockUrl: string;
  }
}

// The files that read `sandboxMockUrl` (found by reachesInject) share it side by side: conformance's
// `behaviour.test.ts` joins and resets in the default world and never moves its clock or trades; the client's
// `sandbox-control.test.ts` drives worlds of its own and reads the default one's trade count (0). A file that
// needs the mock's process, its start options or a default world of its own (its clock, its trades, its
// scenarios) starts its own.

export default async function setup(project: TestProject) {
  const runTemp = await mkdtemp(path.join(tmpdir(), 'trading-analytics-test-'));
  const previousTemp = process.env.TMPDIR;
  process.env.TMPDIR = runTemp;
  const stops: (() => Promise<unknown>)[] = [];
  let packedDir: string | undefined;
  const teardown = async () => {
    await Promise.allSettled(stops.map((stop) => stop()));
    // On Node 22 and later, tsc and npm turn on Node's compile cache, which lives in the temp directory: Node's,
    // not a test's, and removed with the folder like the packed tarballs.
    const left = (await readdir(runTemp).catch(() => [])).filter(
      (name) => path.join(runTemp, name) !== packedDir && name !== 'node-compile-cache',
    );
    if (left.length) console.warn(`Left in the run's temp folder by the tests: ${left.sort().join(', ')}`);
    if (previousTemp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTemp;
    await rm(runTemp, { recursive: true, force: true, maxRetries: 3 });
  };
  // The release test's tools install on first use (tools/README.md): started now when that file is in the run
  // (vitest's state API, experimental: pinned), so that a fresh clone's install overlaps the rest; the test waits
  // for it (tools.ts), and a failure is the test's to report.
  const runFiles = project.vitest.state.getPaths();
  if (runFiles.some((file) => file.endsWith('test/release/release.test.ts')))
    for (const tool of ['verdaccio', 'cyclonedx-npm']) {
      const install = installedTool(tool).catch(() => undefined);
      stops.push(() => install);
    }
  try {
    if (!(await runSteps([compileStep]))) throw new Error('The packages do not compile; see above.');
    if (!runFiles.some((file) => reachesInject(file))) return teardown;
    // Loaded once compiled: the mock package runs from its dist/.
    const { startMock } = await import('@trading-analytics/mock');
    packedDir = await mkdtemp(path.join(runTemp, 'packed-'));
    const started = async (options: MockOptions) => {
      const mock = await startMock(options);
      stops.push(mock.close);
      return mock;
    };
    const needsSandbox = runFiles.some((file) => reachesInject(file, 'sandboxMockUrl'));
    const [packed, [mock, prismAnswers], strictMock, sandboxMock] = await Promise.all([
      packWorkspaces(packedDir),
      started({ port: 0 }).then(async (mock) => [mock, await recordPrismAnswers(mock.url, loadBundle())] as const),
      started({ port: 0, errors: true }),
      needsSandbox ? started({ port: 0, sandbox: true }) : undefined,
    ]);
    project.provide('mockUrl', mock.url);
    project.provide('prismAnswers', prismAnswers);
    project.provide('strictMockUrl', strictMock.url);
    if (sandboxMock) project.provide('sandboxMockUrl', sandboxMock.url);
    project.provide('packed', packed);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
