// `npm pack` for the packaged-install tests: a folder's tarball, written where the test says, with the files
// it holds. Lifecycle scripts stay off: what a package builds (the client's dist/) is built by the global setup.
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

/** publint's messages for a tarball, suggestions included, in strict mode; empty when it is clean. */
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
 * @arethetypeswrong/cli's problems for an ESM-only tarball (its `esm-only` profile), node10 resolution included.
 * The require() of an ESM-only package stays a problem attw reports under node16-cjs; it is left out, by design.
 */
export async function typesProblems(tarball: string): Promise<unknown[]> {
  const attw = join(dirname(require.resolve('@arethetypeswrong/cli/package.json')), 'dist/index.js');
  // attw exits non-zero on any problem in the profile; its JSON report is on stdout either way.
  const stdout = await run(process.execPath, [attw, tarball, '--profile', 'esm-only', '--format', 'json'], {
    cwd: dirname(tarball),
  })
    .then((result) => result.stdout)
    .catch((error: { stdout?: string }) => error.stdout ?? '{"problems":{"attw":[{"failed":true}]}}');
  const { problems } = JSON.parse(stdout) as { problems: Record<string, { resolutionKind?: string }[]> };
  return Object.values(problems)
    .flat()
    .filter((problem) => problem.resolutionKind !== 'node16-cjs');
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
