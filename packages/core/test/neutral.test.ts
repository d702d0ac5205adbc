// The core runs wherever the MSW handlers do (a browser worker, a bundler's output): no Node module, no
// global clock or randomness, no platform global the language itself lacks.
// @module-tag static (the Node matrix leaves this file to npm test: its result cannot depend on the Node)
import { readdirSync, readFileSync } from 'node:fs';
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';

const sourceDir = new URL('../src/', import.meta.url);
const sources = readdirSync(sourceDir).filter((name) => name.endsWith('.ts'));

describe('the core is platform-neutral', () => {
  it.each(sources)('%s imports no Node module and reads no platform global', (name) => {
    const text = readFileSync(new URL(name, sourceDir), 'utf8');
    expect(text).not.toMatch(/from ['"]node:/);
    expect(text).not.toMatch(/\b(process|Buffer|require|setTimeout|setInterval|TextEncoder|TextDecoder)\b\s*[.(]/);
    expect(text).not.toMatch(/\bDate\.now\(|\bnew Date\(\)|\bMath\.random\(/);
  });

  it('bundles for a neutral platform with no Node built-in', () => {
    const result = buildSync({
      entryPoints: [new URL('index.ts', sourceDir).pathname],
      bundle: true,
      platform: 'neutral',
      mainFields: ['module', 'main'],
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    expect(result.outputFiles[0]?.text).not.toMatch(/require\(["']node:|from ["']node:/);
  });
});
