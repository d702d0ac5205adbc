// The package as published: the `npm pack` tarball holds the built modules and their declarations only,
// lints clean (publint, attw), and installed into an empty project checks a request in plain Node.
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
  work = mkdtempSync(join(tmpdir(), 'trading-analytics-core-'));
  ({ path: tarball, files: packedFiles } = await packTarball(packageDir, work));
  app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'empty-app', private: true, type: 'module' }));
  // --prefer-offline, never --offline: a new machine's npm cache lacks the registry metadata of Ajv.
  await run(npm, ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: app });
}, 180_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('holds the built modules with their declarations, the README and the LICENSE; no source or tests', () => {
    expect(packedFiles).toContain('dist/index.js');
    expect(packedFiles).toContain('dist/index.d.ts');
    const others = packedFiles.filter((file) => !file.startsWith('dist/'));
    expect(others.sort()).toEqual(['LICENSE', 'README.md', 'package.json']);
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
  it('refuses a hex page number as the mock does', async () => {
    const script = `
      import { checkRequest, createContract, refusal } from '@trading-analytics/core';
      const document = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/items': { get: {
        operationId: 'listItems', parameters: [{ name: 'page', in: 'query', schema: { type: 'integer' } }],
        responses: { 200: { description: 'ok' } } } } } };
      const checked = checkRequest(createContract(document), { method: 'GET', rawPath: '/items', rawSearch: '?page=0x1',
        accept: undefined, prefer: undefined, contentType: undefined, body: { kind: 'none' } });
      const answer = refusal(checked.operation, checked.violations);
      console.log(JSON.stringify([checked.outcome, answer.status, JSON.parse(answer.body).detail]));`;
    writeFileSync(join(app, 'check.mjs'), script);
    const { stdout } = await run(process.execPath, ['check.mjs'], { cwd: app });
    expect(JSON.parse(stdout)).toEqual([
      'refused',
      400,
      'page must be a decimal integer (digits only: no hex, exponent or fraction), got "0x1"',
    ]);
  });
});
