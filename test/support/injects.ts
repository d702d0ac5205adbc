// Which test files can ask for what the global setup provides (global-setup.ts): the setup makes the tarballs,
// the shared mocks and their recorded answers only for a run where one can.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Whether a test file can ask for what the global setup provides: it, or a module it imports by a relative
 * path (and what that one imports, and so on), calls vitest's inject(), with `key` when one is given. Read as
 * text, so a doubt counts as a yes.
 */
export function reachesInject(file: string, key?: string, seen = new Set<string>()): boolean {
  if (seen.has(file) || !existsSync(file) || !statSync(file).isFile()) return false;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  const call = key === undefined ? /\binject\(/ : new RegExp(`\\binject\\(\\s*['"]${key}['"]`);
  if (call.test(text)) return true;
  for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const base = path.resolve(path.dirname(file), specifier!);
    if ([base, base.replace(/\.js$/, '.ts'), `${base}.ts`].some((candidate) => reachesInject(candidate, key, seen)))
      return true;
  }
  return false;
}
