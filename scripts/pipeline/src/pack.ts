// Packing the packages: every package under packages/ packed by one `npm pack` into one folder, with its
// lifecycle scripts off. What a package ships is built before (`npm run compile`: dist/, and the contract
// copied into the mock and the runner), so a pack never rebuilds what other work may be reading. `npm run
// release` packs this way, and so does the test suite's global setup, once per run.
import path from 'node:path';
import { messageOf } from '@trading-analytics/core';
import { root } from './paths.js';
import { outputOf, outsideNpmEnv } from './run-command.js';
import { StepError } from './steps.js';
import type { WorkspacePackage } from './versions.js';
import { workspacePackages } from './versions.js';

export interface PackedPackage {
  /** the package's name */
  name: string;
  /** its folder, relative to the repository: `packages/mock` */
  dir: string;
  version: string;
  /** whether its package.json says `private` (packed all the same, never released) */
  private: boolean;
  /** the tarball's absolute path */
  tarball: string;
  /** the files in it, relative to the package root, sorted */
  files: string[];
}

/**
 * Packs every package under packages/ (those `include` keeps) into `outDir` (which must exist) with `npm pack
 * --ignore-scripts`; resolves with each package's tarball and file list, in folder order.
 */
export async function packWorkspaces(
  outDir: string,
  { repoRoot = root, include = () => true }: { repoRoot?: string; include?: (pkg: WorkspacePackage) => boolean } = {},
): Promise<PackedPackage[]> {
  const packages = (await workspacePackages(repoRoot)).filter(include);
  const args = ['pack', '--json', '--ignore-scripts', '--pack-destination', outDir];
  for (const pkg of packages) args.push('--workspace', pkg.dir);
  // npm run sets npm_* variables (the workspace among them) that would steer this npm.
  const stdout = await outputOf('npm', args, { cwd: repoRoot, env: outsideNpmEnv() }).catch((error) => {
    throw new StepError(`npm pack failed:\n${messageOf(error)}`);
  });
  const reported: { name: string; version: string; filename: string; files: { path: string }[] }[] = JSON.parse(stdout);
  return packages.map((pkg) => {
    const entry = reported.find((candidate) => candidate.name === pkg.name);
    if (!entry) throw new StepError(`npm pack reported nothing for ${pkg.name} (${pkg.dir}).`);
    return {
      name: pkg.name,
      dir: pkg.dir,
      version: entry.version,
      private: pkg.json.private === true,
      tarball: path.join(outDir, entry.filename),
      files: entry.files.map((file) => file.path).sort(),
    };
  });
}
