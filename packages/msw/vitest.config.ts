import { defineConfig } from 'vitest/config';

// The MSW package's tests. The global setup builds the client's dist/ (the tests call the handlers through
// the published client) and starts one Prism mock on a free port for the parity test; the browser and
// package tests use this package's and the core's dist/, compiled by `npm run compile`.
export default defineConfig({
  test: {
    name: 'msw',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
