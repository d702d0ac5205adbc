// The package as published: the tarball holds the contract's types and an empty module, no dependency, lints
// clean (publint, attw), and installed into an empty project the types check code written against them, a
// misuse included, and an import of them runs.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeBuildOnlyTarball, installBeforeAll, typeCheckProject } from '../../../test/support/packing.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const installed = installBeforeAll(packageDir);

describeBuildOnlyTarball(installed, ['dist/index.d.ts', 'dist/index.js']);

describe('installed into an empty project', () => {
  it('depends on nothing, and its module is empty', async () => {
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    expect(manifest.dependencies ?? {}).toEqual({});
    const script = `const types = await import('@trading-analytics/types'); console.log(JSON.stringify(Object.keys(types)));`;
    expect(JSON.parse(await installed.runModule(script))).toEqual([]);
  });

  it('types code written against the contract, and refuses a field the contract does not have', {
    tags: ['static'],
  }, async () => {
    writeFileSync(
      join(installed.app, 'use.ts'),
      `import type { LeaderboardEntry, components, operations, paths } from '@trading-analytics/types';
type Page = paths['/v1/leaderboard']['get']['responses']['200']['content']['application/json'];
export const first = (page: Page): LeaderboardEntry | undefined => page.content[0];
export const address = (entry: components['schemas']['LeaderboardEntry']): string => entry.userAddress;
export type Query = operations['listLeaderboard']['parameters']['query'];
// @ts-expect-error the contract names no such field
export const nothing = (entry: LeaderboardEntry) => entry.noSuchField;
`,
    );
    expect(await typeCheckProject(installed.app, ['use.ts'])).toBe('');
  });
});
