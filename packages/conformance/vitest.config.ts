import { defineConfig } from 'vitest/config';

// The conformance package's tests: the runner against the project's mock (must conform), against a test
// server with known departures (each flagged, nothing else), its command line, caps and reports, the packed
// package, and the types of its public API (test/types.test-d.ts, type-checked, never run). The global setup
// builds dist/ once: the command line tests run the built bin.
export default defineConfig({
  test: {
    name: 'conformance',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: 'test/tsconfig.json' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
