import { defineConfig } from 'vitest/config';

// One project per part: the contract as a whole (test/contract), the rendered docs (test/docs), and each
// package under packages/ with its own vitest.config.ts.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'contract', include: ['test/contract/**/*.test.ts'] } },
      { extends: true, test: { name: 'docs', include: ['test/docs/**/*.test.ts'] } },
      'packages/*/vitest.config.ts',
    ],
  },
});
