import { defineConfig } from 'vitest/config';
import { builtModules } from '../../test/support/file-groups.ts';

// The types package's tests: the packed package, installed as a user gets it (the root global setup packs it).
export default defineConfig({
  test: {
    name: 'types',
    // The packages' dist/ loads natively (test/support/file-groups.ts).
    server: { deps: { external: builtModules } },
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
