import { defineConfig } from 'vitest/config';

// The core's tests: its pure functions over the repository's bundle, and its platform neutrality.
export default defineConfig({
  test: {
    name: 'core',
    include: ['test/**/*.test.ts'],
  },
});
