// Compiling the workspaces: every workspace of the root package.json (the packages under packages/ and this
// pipeline) to its dist/ (and, for those that ship it, the contract into contract/), each with its own `build`
// script, each after the workspaces it depends on. The step is skipped while no source, tsconfig, package.json
// or file of generated/ changed since its last success; a workspace it does compile starts from an empty dist/,
// so no module of a removed source is left.
//
// One compile at a time in a checkout: the step holds a lock (a folder in node_modules/.cache) while it compiles,
// so two `vitest run`s, or `npm ci` beside one, never delete each other's dist/. One that had to wait finds the
// other's compile recorded, and skips its own when nothing changed since.
//
// `npm run compile` runs this before anything is compiled: it imports no package of the repository, and is
// compiled first, alone (tsconfig.bootstrap.json).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { root } from './paths.js';
import { isRunning, runCommand } from './run-command.js';
import { inputsKey, outputsHash, readStepCache, writeStepCache } from './step-cache.js';
import { type StepDefinition, StepError } from './steps.js';

/** A package.json, as far as the pipeline reads it. */
export interface PackageManifest {
  name: string;
  version: string;
  description?: string;
  private?: boolean;
  scripts?: Record<string, string>;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const readManifest = (dir: string): PackageManifest =>
  JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));

/**
 * The folders of the root package.json's `workspaces` (a path, or a path ending in `/*` for each folder in it
 * with a package.json), relative to the repository, sorted.
 */
function workspaceFolders() {
  const folders = (readManifest('.').workspaces ?? []).flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(path.join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`);
  });
  return folders.filter((dir) => existsSync(path.join(root, dir, 'package.json'))).sort();
}

/** Whether a package declares another (by name) in any of its dependency fields. */
function dependsOn(manifest: PackageManifest, name: string) {
  const { dependencies = {}, devDependencies = {}, peerDependencies = {}, optionalDependencies = {} } = manifest;
  return [dependencies, devDependencies, peerDependencies, optionalDependencies].some((field) =>
    Object.hasOwn(field, name),
  );
}

/**
 * The workspaces that compile (those whose package.json has a `build` script), each after the workspaces it
 * depends on, found from their package.json files; workspaces that do not depend on each other keep their
 * folder order. A dependency cycle among them cannot be compiled and is refused, naming the folders.
 */
function compileOrder(): string[] {
  const workspaces = workspaceFolders()
    .map((dir) => ({ dir, manifest: readManifest(dir) }))
    .filter(({ manifest }) => typeof manifest.scripts?.build === 'string');
  const ordered: string[] = [];
  const left = [...workspaces];
  while (left.length > 0) {
    const ready = left.find(({ manifest }) =>
      left.every((other) => other.manifest.name === manifest.name || !dependsOn(manifest, other.manifest.name)),
    );
    if (!ready) {
      throw new StepError(
        `These workspaces depend on each other in a cycle: ${left.map((pkg) => pkg.dir).join(', ')}.`,
      );
    }
    ordered.push(ready.dir);
    left.splice(left.indexOf(ready), 1);
  }
  return ordered;
}

const dirs = compileOrder();

const lockDir = path.join(root, 'node_modules/.cache/trading-analytics-api/compile.lock');
const ownerFile = path.join(lockDir, 'pid');

/**
 * Takes the checkout's compile lock: makes its folder (one process succeeds) and writes its pid in it. A lock
 * whose process has ended (killed mid-compile) is taken over; one with no pid yet is being taken, unless it has
 * had none for 10 s. Resolves with the process it had to wait for, if it had to.
 */
async function takeCompileLock(): Promise<number | undefined> {
  await mkdir(path.dirname(lockDir), { recursive: true });
  let waited: number | undefined;
  for (;;) {
    try {
      await mkdir(lockDir);
      await writeFile(ownerFile, String(process.pid));
      return waited;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number(await readFile(ownerFile, 'utf8').catch(() => Number.NaN));
    const age = Date.now() - ((await stat(lockDir).catch(() => undefined))?.mtimeMs ?? Date.now());
    if (Number.isInteger(owner) ? !isRunning(owner) : age > 10_000) {
      await rm(lockDir, { recursive: true, force: true });
      continue;
    }
    if (Number.isInteger(owner) && waited !== owner) {
      process.stdout.write(`- compile packages ... waiting for process ${owner}, which compiles them\n`);
      waited = owner;
    }
    await sleep(250);
  }
}

/** Compiles every workspace, in order, each from an empty dist/. */
async function compileAll() {
  for (const dir of dirs) {
    const at = path.join(root, dir);
    // From nothing: tsc -b would keep the module of a removed source, and trusts its build info over dist/.
    await rm(path.join(at, 'dist'), { recursive: true, force: true });
    for (const name of readdirSync(at).filter((file) => file.endsWith('.tsbuildinfo')))
      await rm(path.join(at, name), { force: true });
    const built = await runCommand('npm', ['run', '--silent', 'build'], { cwd: at });
    if (built.code !== 0) throw new StepError(`${dir} does not compile:\n${`${built.stdout}${built.stderr}`.trim()}`);
  }
  return dirs.map((dir) => path.basename(dir)).join(', ');
}

/** `npm run compile`'s one step (see runSteps in steps.ts), under the checkout's compile lock. */
export const compileStep: StepDefinition = {
  name: 'compile packages',
  run: async () => {
    const waited = await takeCompileLock();
    try {
      const key = await inputsKey(compileStep);
      const last = (await readStepCache())[compileStep.name];
      // The compile it waited for left what this one would make.
      if (waited !== undefined && last?.key === key && last.outputs === (await outputsHash(compileStep)))
        return last.note;
      const note = await compileAll();
      // Recorded before the lock goes, for a process waiting on it (runSteps then records the same).
      const outputs = await outputsHash(compileStep);
      await writeStepCache({ ...(await readStepCache()), [compileStep.name]: { key, outputs, note } });
      return note;
    } finally {
      await rm(lockDir, { recursive: true, force: true });
    }
  },
  inputs: [
    'generated',
    ...dirs.flatMap((dir) => [`${dir}/src`, `${dir}/scripts`, `${dir}/tsconfig.json`, `${dir}/package.json`]),
    'scripts/pipeline/tsconfig.bootstrap.json',
  ],
  tools: ['typescript'],
  outputs: dirs.flatMap((dir) => [`${dir}/dist`, `${dir}/contract`]),
};
