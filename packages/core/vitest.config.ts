import { defineConfig } from 'vitest/config';
import { builtModules } from '../../test/support/file-groups.ts';

// The core's tests: its pure functions over the repository's bundle, and its platform neutrality.
export default defineConfig({
  test: {
    name: 'core',
    // The packages' dist/ loads natively (test/support/file-groups.ts).
    server: { deps: { external: builtModules } },
    // One process runs several of the files, each module loaded once (test/support/sequencer.ts keeps the files
    // together): they keep nothing between them, no module mock, fake timer left on, stubbed global, environment
    // variable or working-folder change. They share the bundle's validators (test/support/bundle.ts), which keep
    // nothing a test could see but their compiled schemas.
    isolate: false,
    include: ['test/**/*.test.ts'],
    // The package test packs and installs the package: slower than a unit test.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
