import { configDefaults, defineConfig } from 'vitest/config';
import { apartFilesOf, builtModules } from '../../test/support/file-groups.ts';

// The client package's tests. The root global setup compiles and packs the packages and starts the mock
// (`inject('strictMockUrl')`) the files call; the browser test and the file that measures time run in the root's
// browser and serial groups.
export default defineConfig({
  test: {
    name: 'client',
    // The packages' dist/ loads natively (test/support/file-groups.ts).
    server: { deps: { external: builtModules } },
    // One process runs several of the files, each module loaded once (test/support/sequencer.ts keeps the files
    // together): they keep nothing between them, no module mock, fake timer left on, stubbed global, environment
    // variable or working-folder change. retry.test.ts puts real timers back after each test; each file stops the
    // servers it starts.
    isolate: false,
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...apartFilesOf('packages/client')],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
