// What a package's published declarations import, it depends on: every package named by an import in a .d.ts
// its tarball ships (as packed for the run) is in that package's dependencies or peerDependencies, so a user's
// type check never meets a package npm did not install (a devDependency of ours, say). Node's own modules are
// the one exception: they are typed by @types/node, which a Node project has.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const packed = inject('packed');

/** The package part of a bare specifier: `@scope/name` or `name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The bare specifiers a declaration file imports or re-exports, `import('...')` types included. */
function bareImports(text: string): string[] {
  const specifiers = [
    ...text.matchAll(/\bfrom\s+['"]([^'"]+)['"]/g),
    ...text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
  ].map((match) => match[1]!);
  return specifiers.filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('/'));
}

describe('published declarations', () => {
  it('are packed for every package', () => {
    expect(packed.length).toBeGreaterThan(0);
    for (const pkg of packed)
      expect(
        pkg.files.some((file) => file.endsWith('.d.ts')),
        pkg.name,
      ).toBe(true);
  });

  it.each(packed.map((pkg) => [pkg.name, pkg] as const))('%s imports only what it depends on', (_name, pkg) => {
    const manifest = JSON.parse(readFileSync(path.join(root, pkg.dir, 'package.json'), 'utf8'));
    const declared = new Set([
      manifest.name,
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
    ]);
    const undeclared = pkg.files
      .filter((file) => file.endsWith('.d.ts'))
      .flatMap((file) =>
        bareImports(readFileSync(path.join(root, pkg.dir, file), 'utf8'))
          .filter((specifier) => !specifier.startsWith('node:') && !declared.has(packageOf(specifier)))
          .map((specifier) => `${file} imports ${specifier}`),
      );
    expect(undeclared).toEqual([]);
  });
});
