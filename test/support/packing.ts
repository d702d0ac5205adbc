// `npm pack` for the packaged-install tests: a folder's tarball, written where the test says, with the files
// it holds. Lifecycle scripts stay off: what a package builds (the client's dist/) is built by the global setup.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
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
