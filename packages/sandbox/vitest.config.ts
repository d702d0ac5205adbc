import { defineConfig } from 'vitest/config';
import { builtModules } from '../../test/support/file-groups.ts';

// The sandbox's tests: pure functions of a seed and a clock value, so no server and no global setup.
export default defineConfig({
  test: {
    name: 'sandbox',
    // The packages' dist/ loads natively (test/support/file-groups.ts).
    server: { deps: { external: builtModules } },
    // One process runs several of the files, each module loaded once (test/support/sequencer.ts keeps the files
    // together): they keep nothing between them, no module mock, fake timer left on, stubbed global, environment
    // variable or working-folder change. The default world (test/support/world.ts) is then shared by the files of a
    // process as by the tests of a file: every file only reads it, and writes go to worlds of their own.
    isolate: false,
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    // The package test packs and installs the package.
    hookTimeout: 180_000,
  },
});
