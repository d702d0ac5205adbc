import { configDefaults, defineConfig } from 'vitest/config';
import { apartFilesOf } from '../../test/support/file-groups.ts';

// The conformance package's tests: the runner against the project's mock (must conform), against a test
// server with known departures (each flagged, nothing else), its command line, caps and reports, the packed
// package, and the types of its public API (test/types.test-d.ts, type-checked, never run). The root global
// setup compiles dist/ (the command line tests run the built bin) and packs the package; the files that
// measure time run in the root's serial group.
// One process runs several of the files (the root sequencer keeps them together): each closes the servers it
// starts and removes its temp folders (the setup file), none stubs a global or changes the environment, and what
// a module keeps (the contract read once, src/setup/contract-files.ts) is meant to be reused.
export default defineConfig({
  test: {
    name: 'conformance',
    isolate: false,
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...apartFilesOf('packages/conformance')],
    // Off in the Node matrix, which sets TRADING_ANALYTICS_NODE_MATRIX: types cannot depend on the Node running
    // tsc (npm test checks them).
    typecheck: {
      enabled: !process.env.TRADING_ANALYTICS_NODE_MATRIX,
      include: ['test/**/*.test-d.ts'],
      tsconfig: 'test/tsconfig.json',
    },
    setupFiles: ['../../test/support/temp-cleanup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
