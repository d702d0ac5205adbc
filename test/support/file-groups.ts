// The test files that run apart from the others (the root vitest.config.ts gives each list a project of its own;
// each package's vitest.config.ts leaves its own out of its project, so no file runs twice):
// - `browserFiles` drive a Chromium or wait on a rebuild with a wall-clock limit: they run after the main group,
//   at most two at a time, so the main group's workers cannot starve a page of the CPU it needs to render. The
//   docs click-through (a 10 s limit per click) is one of them: its one miss beside the dev loop's rebuilds came
//   from a 1 s trial click, which it no longer makes, and it has passed beside the dev loop on a machine loaded
//   twenty-fold, its slowest click recorded in test-output/docs-metrics.json. Run beside the main group, started
//   first (tried in issue 28), they kept both cores busy to the end but made no fresh run measurably shorter
//   (368-369 s against 354-399 s: the run is bound by its CPU), and under a heavy outside load their setup
//   hooks (a docs build and a Chromium launch, a scratch project's first build) missed the hook limit there.
// - `serialFiles` measure time (a limit must fire within 1.5x its value): they run last, one at a time, so a
//   busy neighbour cannot make them late.
export const browserFiles = [
  'packages/client/test/browser.test.ts',
  'packages/msw/test/browser.test.ts',
  'test/contract/dev-loop.test.ts',
  'test/docs/browser.test.ts',
  'test/release/deprecation.test.ts',
];

export const serialFiles = [
  'packages/client/test/time-limit.test.ts',
  'packages/conformance/test/hostile-answers.test.ts',
  'packages/conformance/test/time-limit.test.ts',
];

/**
 * The workspace's built JavaScript (each package's `dist/`, the pipeline's `dist/`), which the projects' tests
 * reach through the packages' exports: vitest would transform it in the main process once per project and run
 * it through its module runner, as it does the TypeScript under test; Node loads it natively instead, as it loads
 * `node_modules` (`server.deps.external` in each project's config). No test mocks a module of it.
 */
export const builtModules: RegExp[] = [/\/(?:packages\/[^/]+|scripts\/pipeline)\/dist\//];

/** The files under `dir` (`packages/client`, `test/docs`) that run apart, relative to it: what its project excludes. */
export const apartFilesOf = (dir: string): string[] =>
  [...browserFiles, ...serialFiles]
    .filter((file) => file.startsWith(`${dir}/`))
    .map((file) => file.slice(dir.length + 1));

/**
 * The files that take longest, with their wall time in seconds (a fresh clone on 2 cores, 3 workers): the
 * sequencer (./sequencer.ts) starts them first, the longest first, where vitest's cache has no time of its own
 * for them. A file missing here starts after them; a time here that has gone stale only reorders the start.
 */
export const longFiles: Record<string, number> = {
  'test/docs/browser.test.ts': 66.5,
  'test/release/release.test.ts': 64.1,
  'packages/conformance/test/behaviour.test.ts': 51.9,
  'test/contract/dev-loop.test.ts': 31.2,
  'packages/mock/test/answer-bounds.test.ts': 21.7,
  'packages/mock/test/repros.test.ts': 20.4,
  'packages/conformance/test/cli.test.ts': 20.1,
  'packages/mock/test/bin.test.ts': 19.4,
  'packages/conformance/test/package.test.ts': 19.2,
  'packages/conformance/test/reports.test.ts': 17.8,
  'packages/mock/test/lifecycle.test.ts': 17.5,
  'test/contract/build-steps.test.ts': 17.1,
  'test/contract/pipeline.test.ts': 16.0,
  'packages/msw/test/sandbox-parity.test.ts': 15.8,
  'packages/sandbox/test/timeline.test.ts': 14.8,
  'test/release/deprecation.test.ts': 14.3,
  'packages/conformance/test/allowed.test.ts': 14.3,
  'packages/conformance/test/redirects.test.ts': 11.9,
  'packages/conformance/test/faulty.test.ts': 11.8,
  'test/release/rating.test.ts': 11.5,
  'test/release/gate.test.ts': 11.4,
  'packages/msw/test/package.test.ts': 10.3,
  'packages/mock/test/sandbox.test.ts': 8.8,
  'test/docs/code-samples.test.ts': 8.2,
};
