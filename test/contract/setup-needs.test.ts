// The global setup makes the tarballs, the shared mocks and their answers only for a run with a file that can ask
// for them (test/support/injects.ts): the browser files cannot (.ci/run runs them again alone, with the system's
// Chromium, and that run skips them); the files that inject, directly or through a support module, can.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { browserFiles } from '../support/file-groups';
import { reachesInject } from '../support/injects';

const root = fileURLToPath(new URL('../../', import.meta.url));
const at = (file: string) => path.join(root, file);

describe('what a run needs of the global setup', () => {
  it.each(browserFiles)('%s asks for nothing it shares', (file) => {
    expect(reachesInject(at(file))).toBe(false);
  });

  it.each([
    'packages/mock/test/operations.test.ts', // inject() itself
    'packages/types/test/package.test.ts', // through test/support/packing.js, read as packing.ts
  ])('%s can ask for it', (file) => {
    expect(reachesInject(at(file))).toBe(true);
  });

  it.each([
    ['packages/client/test/sandbox-control.test.ts', true],
    ['packages/conformance/test/behaviour.test.ts', true],
    ['packages/mock/test/operations.test.ts', false], // inject('mockUrl') only
  ])('%s asks for the sandboxed mock: %s', (file, asks) => {
    expect(reachesInject(at(file), 'sandboxMockUrl')).toBe(asks);
  });

  it('reads a missing file as one that asks for nothing', () => {
    expect(reachesInject(at('test/support/no-such-module.ts'))).toBe(false);
  });
});
