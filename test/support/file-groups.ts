// The test files that run apart from the others (the root vitest.config.ts gives each list a project of its own;
// each package's vitest.config.ts leaves its own out of its project, so no file runs twice):
// - `browserFiles` drive a Chromium or wait on a rebuild with a wall-clock limit: they run after the main group,
//   at most two at a time, so the main group's workers cannot starve a page of the CPU it needs to render.
// - `serialFiles` measure time (a limit must fire within 1.5x its value), or click through the docs page with a
//   10 s wait per step beside nothing else of the run (beside the dev loop's rebuilds it missed one): they run
//   last, one at a time, so a busy neighbour cannot make them late.
export const browserFiles = [
  'packages/client/test/browser.test.ts',
  'packages/msw/test/browser.test.ts',
  'test/contract/dev-loop.test.ts',
  'test/release/deprecation.test.ts',
];

export const serialFiles = [
  'packages/client/test/time-limit.test.ts',
  'packages/conformance/test/hostile-answers.test.ts',
  'packages/conformance/test/time-limit.test.ts',
  'test/docs/browser.test.ts',
];

/** The files under `dir` (`packages/client`, `test/docs`) that run apart, relative to it: what its project excludes. */
export const apartFilesOf = (dir: string): string[] =>
  [...browserFiles, ...serialFiles]
    .filter((file) => file.startsWith(`${dir}/`))
    .map((file) => file.slice(dir.length + 1));
