import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { apartFilesOf, builtModules } from '../../test/support/file-groups.ts';

// The MSW package's tests. The root global setup compiles the packages (the browser and package tests use the
// built dist/), packs them, and starts the Prism mock on a free port that the parity test compares the handlers
// with (`inject('mockUrl')`). The browser test runs in the root's browser group.
export default defineConfig({
  // The handlers' data module is generated and copied into dist/ by the build, not written into src/
  // (tsconfig.json's rootDirs does the same for tsc).
  resolve: {
    alias: [
      {
        find: /^\.\/contract-data\.js$/,
        replacement: fileURLToPath(new URL('dist/contract-data.js', import.meta.url)),
      },
    ],
  },
  test: {
    name: 'msw',
    // The packages' dist/ loads natively (test/support/file-groups.ts).
    server: { deps: { external: builtModules } },
    // One process runs several of the files, each module loaded once (test/support/sequencer.ts keeps the files
    // together): they keep nothing between them, no module mock, fake timer left on, stubbed global, environment
    // variable or working-folder change. Each file closes its setupServer in its afterAll, which gives fetch back for
    // the next file.
    isolate: false,
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...apartFilesOf('packages/msw')],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
