// The package as published: the `npm pack` tarball holds the built modules and their declarations only,
// lints clean (publint, attw), and installed into an empty project answers from its world in plain Node.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packTarball, publintMessages, typesProblems } from '../../../test/support/packing.js';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let work: string;
let tarball: string;
let packedFiles: string[];
let app: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'trading-analytics-sandbox-'));
  ({ path: tarball, files: packedFiles } = await packTarball(packageDir, work));
  app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'empty-app', private: true, type: 'module' }));
  await run(npm, ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: app });
}, 180_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('holds the built modules with their declarations, the README and the LICENSE; no source or tests', () => {
    expect(packedFiles).toContain('dist/index.js');
    expect(packedFiles).toContain('dist/index.d.ts');
    expect(packedFiles.filter((file) => !file.startsWith('dist/')).sort()).toEqual([
      'LICENSE',
      'README.md',
      'package.json',
    ]);
    expect(packedFiles.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toEqual([]);
  });

  it('passes publint, suggestions included', async () => {
    expect(await publintMessages(tarball)).toEqual([]);
  });

  it('passes @arethetypeswrong/cli for an ESM-only package', async () => {
    expect(await typesProblems(tarball)).toEqual([]);
  });
});

describe('installed into an empty project', () => {
  it('answers the second leaderboard page of ten from the default world', async () => {
    const script = `
      import { createSandbox } from '@trading-analytics/sandbox';
      const sandbox = createSandbox();
      const { status, body } = sandbox.answer({ operationId: 'listLeaderboard', path: {}, query: { page: '1', size: '10' } });
      console.log(JSON.stringify([status, body.pageNumber, body.pageSize, body.content.map((row) => row.rank)]));`;
    writeFileSync(join(app, 'page.mjs'), script);
    const { stdout } = await run(process.execPath, ['page.mjs'], { cwd: app });
    expect(JSON.parse(stdout)).toEqual([200, 1, 10, [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]]);
  });
});
