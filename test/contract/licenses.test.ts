// Both the repository and every package say MIT, and every package tarball carries the LICENSE text that
// says so: npm packs a package-root LICENSE whatever `files` lists. Written over packages/*, so a new
// package is held to it the day it arrives; the tarballs are those the global setup packed for the run.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

const packages = readdirSync(join(root, 'packages'))
  .map((name) => join(root, 'packages', name))
  .filter((directory) => existsSync(join(directory, 'package.json')));

const license = readFileSync(join(root, 'LICENSE'), 'utf8');

describe('the license', () => {
  it('is the MIT text at the root, for the contributors, and the root package says MIT', () => {
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) 2026 trading-analytics-api contributors\n/);
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).license).toBe('MIT');
    expect(JSON.parse(readFileSync(join(root, 'generated/openapi.json'), 'utf8')).info.license.identifier).toBe('MIT');
  });

  it('covers at least the client and the mock', () => {
    expect(packages.map((directory) => directory.split(/[\\/]/).at(-1))).toEqual(
      expect.arrayContaining(['client', 'mock']),
    );
  });

  it.each(packages.map((directory) => [directory.split(/[\\/]/).at(-1)!, directory]))(
    'packages/%s says MIT and its tarball carries the same LICENSE',
    (_name, directory) => {
      expect(JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')).license).toBe('MIT');
      expect(readFileSync(join(directory, 'LICENSE'), 'utf8')).toBe(license);
      const packed = inject('packed').find((pkg) => resolve(root, pkg.dir) === resolve(directory));
      expect(packed?.files).toContain('LICENSE');
    },
  );
});
