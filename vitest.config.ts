import { defineConfig } from 'vitest/config';

// One project per part: the contract as a whole (test/contract), the rendered docs (test/docs), change
// management (test/release), and each package under packages/ with its own vitest.config.ts.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'contract', include: ['test/contract/**/*.test.ts'] } },
      { extends: true, test: { name: 'docs', include: ['test/docs/**/*.test.ts'] } },
      // Runs after every other project (groupOrder 1): its release test packs the packages, which rebuilds
      // packages/client/dist that the client's tests read.
      { extends: true, test: { name: 'release', include: ['test/release/**/*.test.ts'], sequence: { groupOrder: 1 } } },
      'packages/*/vitest.config.ts',
    ],
  },
});
