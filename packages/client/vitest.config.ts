import { defineConfig } from 'vitest/config';

// The client package's tests. The global setup builds dist/ once (the README and packaging tests run the
// built package) and starts one mock, on a port the OS picks, for every test file.
export default defineConfig({
  test: {
    name: 'client',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
