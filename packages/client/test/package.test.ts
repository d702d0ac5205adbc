// The package as published: the `npm pack` tarball lints clean (publint, attw), installs into an empty
// project, type-checks and runs its README quick start there, and stays within its size budget when bundled
// from that install.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { packTarball, publintMessages, typeCheckProject, typesProblems } from '../../../test/support/packing.js';
import { expectedOutput, quickStartCode, runQuickStart } from './support/quick-start.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Bytes of the esbuild-minified, gzipped ESM bundle of `entry`, resolved from the installed project. */
async function bundleSize(app: string, entry: string): Promise<number> {
  const { outputFiles } = await build({
    stdin: { contents: entry, resolveDir: app, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
  });
  return gzipSync(outputFiles[0]!.contents, { level: 9 }).length;
}

let work: string;
let tarball: string;
let packedFiles: string[];
let app: string;

const pack = (directory: string) => packTarball(directory, work);

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'trading-analytics-client-'));
  ({ path: tarball, files: packedFiles } = await pack(packageDir));
  // The dependencies are packed from node_modules too, at the versions the other tests ran, and npm gets a
  // cache of the test's own that starts empty, so nothing comes from the user's cache. --prefer-offline, not
  // --offline: should the client gain a dependency this list lacks, npm fetches it instead of failing.
  const dependencies = await Promise.all(
    ['openapi-fetch', 'openapi-typescript-helpers'].map(
      async (name) => (await pack(join(require.resolve(`${name}/package.json`), '..'))).path,
    ),
  );
  app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'empty-app', private: true, type: 'module' }));
  await run(
    npm,
    [
      'install',
      tarball,
      ...dependencies,
      '--prefer-offline',
      '--cache',
      join(work, 'cache'),
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
    ],
    {
      cwd: app,
    },
  );
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('holds the built module, its declarations with the contract types, the README and the LICENSE; no source', () => {
    expect(packedFiles).toContain('dist/index.js');
    expect(packedFiles).toContain('dist/index.d.ts');
    expect(packedFiles).toContain('dist/schema.d.ts');
    expect(packedFiles).toContain('README.md');
    expect(packedFiles).toContain('LICENSE');
    expect(
      packedFiles.filter(
        (file) => !file.startsWith('dist/') && !['README.md', 'LICENSE', 'package.json'].includes(file),
      ),
    ).toEqual([]);
  });

  it('passes publint, suggestions included', async () => {
    expect(await publintMessages(tarball)).toEqual([]);
  });

  it('passes @arethetypeswrong/cli for an ESM-only package, node10 resolution included', async () => {
    // node10 (`moduleResolution: node`) finds the declarations through the top-level `types`.
    expect(await typesProblems(tarball)).toEqual([]);
  });
});

describe('installed into an empty project', () => {
  it('type-checks the README quick start against the installed declarations', async () => {
    writeFileSync(join(app, 'quick-start.ts'), quickStartCode());
    expect(await typeCheckProject(app, ['quick-start.ts'], ['ES2022', 'DOM'])).toBe('');
  });

  it('runs the README quick start against the mock', async () => {
    const lines = (await runQuickStart(inject('mockUrl'), app)).trim().split('\n');
    expect(lines).toHaveLength(expectedOutput.length);
    for (const [index, line] of lines.entries()) expect(line).toMatch(expectedOutput[index]!);
  });

  // The redirect rule, the body cap and the time limit (issue 18) took the client from 3484 to 4398 bytes.
  it('keeps the client, bundled with openapi-fetch, minified and gzipped, within 4450 bytes', async () => {
    const size = await bundleSize(app, "export { createClient, unwrap, ApiError } from '@trading-analytics/client';");
    expect(size).toBeLessThanOrEqual(4450);
  });

  it('keeps the whole package, every helper included, within 5400 bytes', async () => {
    const size = await bundleSize(app, "export * from '@trading-analytics/client';");
    expect(size).toBeLessThanOrEqual(5400);
  });
});
