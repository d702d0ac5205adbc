import { defineConfig } from 'vitest/config';

// The mock package's tests. The root global setup starts one mock, configured as a frontend developer gets it,
// on a free port for the files that only send requests (`inject('mockUrl')`); the files about starting and
// stopping start their own, on ports the OS picks (never a fixed one: the suite runs beside `npm start` and in
// parallel).
export default defineConfig({
  test: {
    name: 'mock',
    include: ['test/**/*.test.ts'],
    setupFiles: ['../../test/support/temp-cleanup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
