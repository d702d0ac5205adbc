import { defineConfig } from 'vitest/config';

// The types package's tests: the packed package, installed as a user gets it (the root global setup packs it).
export default defineConfig({
  test: {
    name: 'types',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
