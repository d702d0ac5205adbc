import { configDefaults, defineConfig } from 'vitest/config';
import { browserFiles, builtModules, serialFiles } from './test/support/file-groups.ts';
import { LongestFirst } from './test/support/sequencer.ts';

// One project per part: the contract as a whole (test/contract), the rendered docs (test/docs), change
// management (test/release), each package under packages/ with its own vitest.config.ts; then two groups that
// run after those (test/support/file-groups.ts): `browser`, the files that drive a Chromium or wait on a rebuild,
// two at a time, and `serial`, the files that measure time, one at a time. One global setup
// (test/support/global-setup.ts) compiles, packs and starts the shared mocks once per run.
// Every project whose files make temp folders (test/support/temp.ts) removes them per file with its setup file.
const shared = { testTimeout: 60_000, hookTimeout: 60_000, setupFiles: ['test/support/temp-cleanup.ts'] };
// The packages' dist/ loads natively, not through vitest's transform (test/support/file-groups.ts).
const native = { server: { deps: { external: builtModules } } };
// Each file runs in one project only: the parts' projects leave out the files of the later groups.
const exclude = [...configDefaults.exclude, ...browserFiles, ...serialFiles];
const browserGroup = { sequence: { groupOrder: 1 }, maxWorkers: 2 };
const packageBrowserFiles = browserFiles.filter((file) => file.startsWith('packages/'));

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    // vitest would run one worker on a 2-core machine; most files wait on servers and child processes.
    maxWorkers: 3,
    // The longest files first, whatever their project (test/support/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    // Tags that runs after npm test filter on (--tags-filter): the Node matrix (npm run test:node-matrix) leaves the
    // tests tagged `static` to npm test; .ci/run's system-Chromium pass leaves out those tagged `no-browser`.
    tags: [
      {
        name: 'no-browser',
        description:
          "a test that starts no browser, in a file whose other tests drive Chromium (.ci/run's second pass over those files, with the system's Chromium, leaves it out)",
      },
      {
        name: 'static',
        description:
          'a check whose result cannot depend on the Node running it: types, a tarball, a bundle, a page in Chromium (npm test runs it; the Node matrix does not)',
      },
    ],
    projects: [
      {
        test: {
          ...shared,
          ...native,
          name: 'contract',
          // One process runs several of the files (test/support/sequencer.ts keeps them together): they keep no
          // module state, stubs, env or servers between them; build-steps.test.ts gives back the stdout and console
          // it silences, and the linters' Spectral workers (one per ruleset, unref'd) serve the next file too.
          isolate: false,
          include: ['test/contract/**/*.test.ts'],
          exclude,
        },
      },
      {
        test: {
          ...shared,
          ...native,
          name: 'docs',
          // One process runs several of the files (test/support/sequencer.ts keeps them together): they keep
          // nothing between them; code-samples.test.ts gives back the fetch and console it stubs after each sample.
          isolate: false,
          include: ['test/docs/**/*.test.ts'],
          exclude,
        },
      },
      {
        test: {
          ...shared,
          ...native,
          name: 'release',
          // Several files per process, as in docs: they keep nothing between them (seeds.ts makes its folder per
          // file; release.test.ts stops its registry and removes its folder after its tests) and stub nothing.
          isolate: false,
          include: ['test/release/**/*.test.ts'],
          exclude,
        },
      },
      'packages/*/vitest.config.ts',
      {
        test: {
          ...shared,
          ...browserGroup,
          name: 'browser',
          include: browserFiles.filter((file) => !packageBrowserFiles.includes(file)),
        },
      },
      // The packages' browser files keep their packages' hook limit (they bundle a page and start servers first).
      {
        test: {
          ...shared,
          ...browserGroup,
          name: 'browser-packages',
          include: packageBrowserFiles,
          hookTimeout: 120_000,
        },
      },
      // maxWorkers 1 at the default group order: vitest runs these last, alone (its sequential group).
      { test: { ...shared, ...native, name: 'serial', include: serialFiles, maxWorkers: 1 } },
    ],
  },
});
