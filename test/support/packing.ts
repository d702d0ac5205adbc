// The packaged-install tests' set-up and checks: a package's tarball (packed once per run by the global setup,
// `inject('packed')`) installed into an empty project as a user gets it, publint and attw over the tarball, and
// a type check of code written in the installed project.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { outputOf, runCommand } from './commands';

const require = createRequire(import.meta.url);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The environment for npm commands run in a scratch project: under `npm test` the npm_* variables (the
 * repository as prefix, the workspace...) would steer them. The cache setting stays.
 */
export const scratchEnv: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !name.toLowerCase().startsWith('npm_') || name.toLowerCase() === 'npm_config_cache',
  ),
);

interface Packed {
  /** Absolute path of the tarball. */
  path: string;
  /** The files in it, relative to the package root. */
  files: string[];
}

/** The tarball the global setup packed of the workspace package in `directory`, if it is one. */
function packedWorkspace(directory: string): Packed | undefined {
  const found = inject('packed').find((pkg) => resolve(root, pkg.dir) === resolve(directory));
  return found && { path: found.tarball, files: found.files };
}

/**
 * The tarballs of the packages in `directories`, in their order: the one packed for the run for a workspace
 * package, else (a dependency, from node_modules) packed into `destination` now, all of those by one `npm pack`,
 * with their scripts off.
 */
async function tarballsOf(directories: string[], destination: string): Promise<Packed[]> {
  const others = directories.filter((directory) => !packedWorkspace(directory));
  const packedNow = new Map<string, Packed>();
  if (others.length > 0) {
    const flags = ['pack', ...others, '--json', '--pack-destination', destination, '--ignore-scripts'];
    const stdout = await outputOf(npm, flags, { cwd: destination, env: scratchEnv });
    const entries = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
    if (entries.length !== others.length) throw new Error(`npm pack packed ${entries.length} of ${others.length}`);
    for (const [index, entry] of entries.entries())
      packedNow.set(others[index]!, {
        path: join(destination, entry.filename),
        files: entry.files.map((file) => file.path),
      });
  }
  return directories.map((directory) => packedWorkspace(directory) ?? packedNow.get(directory)!);
}

export interface Installed {
  /** The scratch folder: the tarballs, the app and, when the install has one of its own, npm's cache. */
  work: string;
  /** The package's tarball and the files in it, relative to the package root. */
  tarball: string;
  files: string[];
  /** The project the tarball is installed into, empty before. */
  app: string;
  /** Runs an ES module's code in the app with Node, resolving with what it printed. */
  runModule(code: string): Promise<string>;
}

export interface InstallOptions {
  /**
   * Folders of packages whose tarballs are installed beside the package's: a sibling the registry does not have
   * (the core), or a dependency packed from node_modules at the version the other tests ran.
   */
  beside?: string[];
  /** More fields of the app's package.json: the peers an MSW user declares, say. */
  manifest?: Record<string, unknown>;
  /** Gives npm a cache of the install's own that starts empty, so nothing comes from the user's cache. */
  ownCache?: boolean;
}

/**
 * The package in `directory` packed and installed (see packAndInstall) before the test file's tests, and removed
 * after them; its fields are there once the tests run.
 */
export function installBeforeAll(directory: string, options: InstallOptions = {}): Installed {
  const installed = {} as Installed;
  beforeAll(async () => {
    Object.assign(installed, await packAndInstall(directory, options));
    return () => rm(installed.work, { recursive: true, force: true });
  }, 300_000);
  return installed;
}

/**
 * Packs the package in `directory` and installs its tarball into an empty project, as a user of the published
 * package gets it: the dependencies not packed beside it come from the registry, or npm's cache when that holds
 * them. --prefer-offline, never --offline: a new machine's cache holds no registry metadata, the data an install
 * resolves versions with, so npm may have to ask the registry. Scripts stay off in the install.
 */
async function packAndInstall(directory: string, options: InstallOptions): Promise<Installed> {
  const work = await mkdtemp(join(tmpdir(), `trading-analytics-${basename(directory)}-`));
  try {
    const [packed, ...besides] = await tarballsOf([directory, ...(options.beside ?? [])], work);
    if (!packed) throw new Error(`nothing packed for ${directory}`);
    const beside = besides.map((tarball) => tarball.path);
    const app = join(work, 'app');
    await mkdir(app);
    const manifest = { name: 'empty-app', private: true, type: 'module', ...options.manifest };
    await writeFile(join(app, 'package.json'), JSON.stringify(manifest));
    const cache = options.ownCache ? ['--cache', join(work, 'cache')] : [];
    await outputOf(
      npm,
      ['install', packed.path, ...beside, '--prefer-offline', ...cache, '--no-audit', '--no-fund', '--ignore-scripts'],
      { cwd: app, env: scratchEnv },
    );
    const runModule = async (code: string) =>
      outputOf(process.execPath, ['--input-type=module', '-e', code], { cwd: app, env: scratchEnv });
    return { work, tarball: packed.path, files: packed.files, app, runModule };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}

/**
 * What publint (suggestions included, strict) and @arethetypeswrong/cli (ESM only, node10 resolution included)
 * find in a tarball; both lists are empty when it is clean. node10 (`moduleResolution: node`) finds a package's
 * declarations through its top-level `types`.
 */
export async function lintTarball(tarball: string): Promise<{ publint: string[]; attw: unknown[] }> {
  const [publint, attw] = await Promise.all([publintMessages(tarball), typesProblems(tarball)]);
  return { publint, attw };
}

const PACKAGE_DOCS = ['LICENSE', 'README.md', 'package.json'];

/**
 * The tests of a tarball that ships only its build (`built`, files under dist/, among them), its README, its
 * LICENSE and package.json: no other file, no TypeScript source; and it lints clean.
 */
export function describeBuildOnlyTarball(installed: Installed, built: string[]): void {
  describe('the packed package', { tags: ['static'] }, () => {
    it(`holds ${built.join(', ')}, the README and the LICENSE; nothing else but the build, no source`, () => {
      const { files } = installed;
      expect(files).toEqual(expect.arrayContaining([...built, ...PACKAGE_DOCS]));
      expect(files.filter((file) => !file.startsWith('dist/') && !PACKAGE_DOCS.includes(file))).toEqual([]);
      expect(files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toEqual([]);
    });

    it('passes publint (suggestions included) and @arethetypeswrong/cli for an ESM-only package', async () => {
      expect(await lintTarball(installed.tarball)).toEqual({ publint: [], attw: [] });
    });
  });
}

/** publint's messages for a tarball, suggestions included, in strict mode; empty when it is clean. */
async function publintMessages(tarball: string): Promise<string[]> {
  const buffer = readFileSync(tarball);
  const { messages, pkg } = await publint({
    pack: { tarball: buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer },
    level: 'suggestion',
    strict: true,
  });
  return messages.map((message) => formatMessage(message, pkg) ?? message.code);
}

const attwReport = fileURLToPath(new URL('./attw-report.mjs', import.meta.url));

/** attw's problems (see attw-report.mjs) for each of `tarballs`, from one process. */
async function attwProblems(tarballs: string[]): Promise<Record<string, unknown[]>> {
  // The analysis the CLI runs, from the @arethetypeswrong/core the CLI itself depends on.
  const cli = require.resolve('@arethetypeswrong/cli/package.json');
  const core = join(dirname(createRequire(cli).resolve('@arethetypeswrong/core/package.json')), 'dist/index.js');
  return JSON.parse(await outputOf(process.execPath, [attwReport, core, ...tarballs], { timeoutMs: 120_000 }));
}

/**
 * attw's problems for every tarball the global setup packed, found once per run: the first file to ask runs the
 * analysis over them all and leaves the report beside them (written aside, then renamed); the others wait for
 * it. A failed analysis leaves its error there, so no file waits in vain.
 */
async function packedTypesProblems(): Promise<Record<string, unknown[]>> {
  const tarballs = inject('packed').map((pkg) => pkg.tarball);
  const folder = dirname(tarballs[0]!);
  const report = join(folder, 'attw-report.json');
  try {
    await writeFile(join(folder, 'attw-report.lock'), '', { flag: 'wx' });
  } catch {
    for (const deadline = Date.now() + 180_000; !existsSync(report); ) {
      if (Date.now() > deadline) throw new Error(`No attw report in ${folder} within 180 s.`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const { problems, error } = JSON.parse(readFileSync(report, 'utf8'));
    if (error !== undefined) throw new Error(`attw failed in another test file: ${error}`);
    return problems;
  }
  const outcome = await attwProblems(tarballs).then(
    (problems) => ({ problems }),
    (error: unknown) => ({ error: String(error) }),
  );
  await writeFile(`${report}.partial`, JSON.stringify(outcome));
  await rename(`${report}.partial`, report);
  if ('error' in outcome) throw new Error(outcome.error);
  return outcome.problems;
}

/**
 * @arethetypeswrong/cli's problems for an ESM-only tarball (its `esm-only` profile), node10 resolution included.
 * The require() of an ESM-only package stays a problem attw reports under node16-cjs; it is left out, by design.
 * No report for the tarball (attw itself failed) is a problem too, never a clean bill.
 */
async function typesProblems(tarball: string): Promise<unknown[]> {
  const packed = inject('packed').some((pkg) => pkg.tarball === tarball);
  const problems = packed ? await packedTypesProblems() : await attwProblems([tarball]);
  return problems[tarball] ?? [{ failed: `no attw report for ${tarball}` }];
}

/**
 * Type-checks `files` of a project folder (an installed app) with the repository's TypeScript, strict, NodeNext,
 * no ambient types, every declaration file checked but TypeScript's own libs; resolves with tsc's report, empty
 * when it finds nothing.
 */
export async function typeCheckProject(
  directory: string,
  files: string[],
  lib: string[] = ['ES2022'],
): Promise<string> {
  const compilerOptions = {
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    target: 'ES2022',
    lib,
    types: [],
    strict: true,
    noEmit: true,
    // Every declaration file is checked, ours and the dependencies' alike, but TypeScript's own lib files
    // (lib.dom.d.ts and the rest, checked by TypeScript's release): they held a third of the check's time.
    skipLibCheck: false,
    skipDefaultLibCheck: true,
  };
  writeFileSync(join(directory, 'tsconfig.json'), JSON.stringify({ compilerOptions, files }));
  const tsc = require.resolve('typescript/bin/tsc');
  const { code, stdout, stderr } = await runCommand(process.execPath, [tsc, '-p', directory]);
  return code === 0 ? '' : stdout || stderr || `tsc exited with ${code}`;
}
