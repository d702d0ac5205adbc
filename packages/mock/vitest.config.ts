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
    // One process runs several of the files (test/support/sequencer.ts keeps them together), so each file does not
    // load vitest, the mock's source and the test support again: they keep nothing between them. Every mock a file
    // starts is closed in its afterAll or its test; the one change to process.env (lifecycle's NODE_OPTIONS) is
    // undone before the call that spawns with it returns; no file stubs a global or fakes timers.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
