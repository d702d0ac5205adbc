// The core's index names only what is used elsewhere: every name it exports is imported by another package,
// the repository's scripts or their tests. A helper the core's own modules share, or that only its own tests
// reach, stays unexported (the tests import it from its module), so the surface other packages build on is
// what they use.
// @module-tag static (the Node matrix leaves this file to npm test: its result cannot depend on the Node)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const coreDir = path.join(root, 'packages/core');
const coreIndex = path.join(coreDir, 'src/index');

/** The names the index exports: the lists of its `export { ... } from` statements (it has no `export *`). */
function exportedNames(text: string): string[] {
  return [...text.matchAll(/export\s*\{([^}]*)\}\s*from/g)].flatMap((match) => namesIn(match[1]!));
}

/** `a, type B, c as d` → the names as exported: a, B, d. */
const namesIn = (list: string) =>
  list
    .split(',')
    .map((item) => item.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((item) => item.split(/\s+as\s+/).at(-1)!);

const skipped = new Set(['node_modules', 'dist', 'contract', 'generated', 'test-output', '.git']);

/** The TypeScript and JavaScript sources of the repository outside the core. */
function sourcesOutsideCore(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) || file === coreDir ? [] : sourcesOutsideCore(file);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

/** The names a file imports from the core: by package name, or by a relative path to the core's index. */
function importedFromCore(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const fromCore = (specifier: string) =>
    specifier === '@trading-analytics/core' ||
    (specifier.startsWith('.') && path.resolve(path.dirname(file), specifier).replace(/\.(js|ts)$/, '') === coreIndex);
  const names: string[] = [];
  // import { a, type B } from '…', export { a } from '…', and JSDoc's @import { A } from '…'
  for (const [, list, specifier] of text.matchAll(
    /(?:import|export|@import)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g,
  ))
    if (fromCore(specifier!)) names.push(...namesIn(list!));
  // JSDoc's import('…').Name
  for (const [, specifier, name] of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)\.(\w+)/g))
    if (fromCore(specifier!)) names.push(name!);
  return names;
}

describe("the core's public surface", () => {
  const exported = exportedNames(readFileSync(`${coreIndex}.ts`, 'utf8'));
  const used = new Set(sourcesOutsideCore().flatMap(importedFromCore));

  it('reads the names the index exports', () => {
    expect(exported).toContain('checkRequest');
    expect(readFileSync(`${coreIndex}.ts`, 'utf8')).not.toMatch(/export\s*\*/);
  });

  it('exports no name that nothing outside the core imports', () => {
    expect(exported.filter((name) => !used.has(name))).toEqual([]);
  });
});
