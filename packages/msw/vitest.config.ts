import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The MSW package's tests. The root global setup compiles the packages (the browser and package tests use the
// built dist/), packs them, and starts the Prism mock on a free port that the parity test compares the handlers
// with (`inject('mockUrl')`).
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
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
