import { defineConfig } from 'vitest/config';

// The sandbox's tests: pure functions of a seed and a clock value, so no server and no global setup.
export default defineConfig({
  test: {
    name: 'sandbox',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    // The package test packs and installs the package.
    hookTimeout: 180_000,
  },
});
