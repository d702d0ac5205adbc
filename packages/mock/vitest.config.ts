import { defineConfig } from 'vitest/config';

// The mock package's tests. The global setup starts one mock, configured as a frontend developer gets it,
// on a port of the mock's range (4200-4299) for the files that only send requests; the files about
// starting and stopping start their own on ports of the same range.
export default defineConfig({
  test: {
    name: 'mock',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
