// `npm pack` for the packaged-install tests: a folder's tarball, written where the test says, with the files
// it holds. Lifecycle scripts stay off: what a package builds (the client's dist/) is built by the global setup.
// Beside it, what every package test runs on its tarball: publint, attw, and tsc in the project it installs into.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export interface Packed {
  /** Absolute path of the tarball. */
  path: string;
  /** The files in it, relative to the package root. */
  files: string[];
}

/** Packs `directory` into `destination` and returns the tarball's path and file list. */
export async function packTarball(directory: string, destination: string): Promise<Packed> {
  const { stdout } = await run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', destination], {
    cwd: directory,
  });
  const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  return { path: join(destination, packed!.filename), files: packed!.files.map((file) => file.path) };
}

/**
 * The environment for npm commands run in a scratch project: under `npm test` the npm_* variables (the
 * repository as prefix, the workspace...) would steer them. The cache setting stays.
 */
export const scratchEnv: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !name.toLowerCase().startsWith('npm_') || name.toLowerCase() === 'npm_config_cache',
  ),
);

/** publint's messages on a tarball, suggestions included and strict, as text; empty when it finds nothing. */
export async function publintMessages(tarball: string): Promise<string[]> {
  const buffer = readFileSync(tarball);
  const { messages, pkg } = await publint({
    pack: { tarball: buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer },
    level: 'suggestion',
    strict: true,
  });
  return messages.map((message) => formatMessage(message, pkg) ?? message.code);
}

/**
 * What @arethetypeswrong/cli finds in a tarball under its ESM-only profile, node10 resolution included. The
 * require() of an ESM-only package (resolution `node16-cjs`) is left out: that one is by design.
 */
export async function attwProblems(tarball: string): Promise<unknown[]> {
  const attw = join(require.resolve('@arethetypeswrong/cli/package.json'), '..', 'dist/index.js');
  // attw exits non-zero on any problem in the profile, which rejects here with its report.
  const { stdout } = await run(process.execPath, [attw, tarball, '--profile', 'esm-only', '--format', 'json'], {
    cwd: dirname(tarball),
  });
  const { problems } = JSON.parse(stdout) as { problems: Record<string, { resolutionKind?: string }[]> };
  return Object.values(problems)
    .flat()
    .filter((problem) => problem.resolutionKind !== 'node16-cjs');
}

/**
 * Type-checks `files` of a project folder (an installed app) with the repository's TypeScript, strict, NodeNext,
 * no ambient types; resolves with tsc's report, empty when it finds nothing.
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
    skipLibCheck: false,
  };
  writeFileSync(join(directory, 'tsconfig.json'), JSON.stringify({ compilerOptions, files }));
  const tsc = require.resolve('typescript/bin/tsc');
  return run(process.execPath, [tsc, '-p', directory]).then(
    () => '',
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
}
