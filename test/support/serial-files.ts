// The test files that measure time (a limit must fire within 1.5x its value): they run after every other file,
// one at a time (the root vitest.config.ts's `serial` project), so a busy neighbour cannot make them late.
// Each package's vitest.config.ts leaves its own out of its project.
export const serialFiles = [
  'packages/client/test/time-limit.test.ts',
  'packages/conformance/test/hostile-answers.test.ts',
  'packages/conformance/test/time-limit.test.ts',
];

/** The serial files under `packageDir` (`packages/client`), relative to it: what that package's project excludes. */
export const serialFilesOf = (packageDir: string): string[] =>
  serialFiles.filter((file) => file.startsWith(`${packageDir}/`)).map((file) => file.slice(packageDir.length + 1));
