import { configDefaults, defineConfig } from 'vitest/config';
import { serialFilesOf } from '../../test/support/serial-files.ts';

// The client package's tests. The root global setup compiles and packs the packages and starts the mock
// (`inject('strictMockUrl')`) the files call; the file that measures time runs in the root's serial project.
export default defineConfig({
  test: {
    name: 'client',
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...serialFilesOf('packages/client')],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
