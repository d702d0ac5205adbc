// The package as published: the `npm pack` tarball holds the built modules and their declarations only,
// lints clean (publint, attw), and installed into an empty project answers from its world in plain Node.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeBuildOnlyTarball, installBeforeAll } from '../../../test/support/packing.js';

// The contract's types, a dependency npm cannot fetch, come from their own tarball.
const installed = installBeforeAll(fileURLToPath(new URL('..', import.meta.url)), {
  beside: [fileURLToPath(new URL('../../types/', import.meta.url))],
});

describeBuildOnlyTarball(installed, ['dist/index.js', 'dist/index.d.ts']);

describe('installed into an empty project', () => {
  it('answers the second leaderboard page of ten from the default world', async () => {
    const script = `
      import { createSandbox } from '@trading-analytics/sandbox';
      const sandbox = createSandbox();
      const { status, body } = sandbox.answer({ operationId: 'listLeaderboard', path: {}, query: { page: '1', size: '10' } });
      console.log(JSON.stringify([status, body.pageNumber, body.pageSize, body.content.map((row) => row.rank)]));`;
    expect(JSON.parse(await installed.runModule(script))).toEqual([
      200,
      1,
      10,
      [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
    ]);
  });
});
