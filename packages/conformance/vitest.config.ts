import { defineConfig } from 'vitest/config';

// The conformance package's tests: the runner against the project's mock (must conform), against a test
// server with known departures (each flagged, nothing else), and its command line, caps and reports.
export default defineConfig({
  test: {
    name: 'conformance',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
