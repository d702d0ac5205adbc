import { defineConfig } from 'vitest/config';

// The core's tests: its pure functions over the repository's bundle, and its platform neutrality.
export default defineConfig({
  test: {
    name: 'core',
    include: ['test/**/*.test.ts'],
    // The package test packs and installs the package: slower than a unit test.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
