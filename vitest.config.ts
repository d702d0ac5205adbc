import { defineConfig } from 'vitest/config';
import { serialFiles } from './test/support/serial-files.ts';

// One project per part: the contract as a whole (test/contract), the rendered docs (test/docs), change
// management (test/release), each package under packages/ with its own vitest.config.ts, and `serial`: the
// files that measure time, run after the others one at a time. One global setup (test/support/global-setup.ts)
// compiles, packs and starts the shared mocks once per run; then the files run in parallel workers.
const shared = { testTimeout: 60_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    // vitest would run one worker on a 2-core machine; most files wait on servers and child processes.
    maxWorkers: 3,
    projects: [
      { test: { ...shared, name: 'contract', include: ['test/contract/**/*.test.ts'] } },
      { test: { ...shared, name: 'docs', include: ['test/docs/**/*.test.ts'] } },
      { test: { ...shared, name: 'release', include: ['test/release/**/*.test.ts'] } },
      'packages/*/vitest.config.ts',
      // maxWorkers 1 at the default group order: vitest runs these last, alone (its sequential group).
      { test: { ...shared, name: 'serial', include: serialFiles, maxWorkers: 1 } },
    ],
  },
});
