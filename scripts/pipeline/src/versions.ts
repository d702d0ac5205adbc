// The version rule, in one place: the contract (`info.version` of openapi/openapi.yaml) and every package
// under packages/* carry one and the same version, and a bump moves all of them together. This module reads
// those versions, compares them, and rewrites them (the text of each file, so nothing else in it moves).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import type { PackageManifest } from './compile.js';
import { StepError } from './steps.js';

export type Bump = 'patch' | 'minor' | 'major';

const bumps: readonly Bump[] = ['patch', 'minor', 'major'];
const rank = (bump: Bump | null) => (bump ? bumps.indexOf(bump) + 1 : 0);

/**
 * Whether a word names a bump.
 */
export function isBump(word: unknown): word is Bump {
  return bumps.some((bump) => bump === word);
}

/**
 * The larger of two bumps (`null` means no bump).
 */
export const largerBump = (a: Bump | null, b: Bump | null) => (rank(a) >= rank(b) ? a : b);
export const isAtLeast = (bump: Bump | null, needed: Bump | null) => rank(bump) >= rank(needed);

/**
 * `1.2.3` -> [1, 2, 3]; anything else (ranges, pre-releases) is refused: the rule uses plain versions.
 */
function parseVersion(version: unknown): [major: number, minor: number, patch: number] {
  const match = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/.exec(String(version));
  if (!match) throw new StepError(`"${version}" is not a plain MAJOR.MINOR.PATCH version.`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/**
 * The version `bump` moves `version` to; throws on anything but a bump.
 */
export function nextVersion(version: string, bump: string | null) {
  const [major, minor, patch] = parseVersion(version);
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  if (bump === 'patch') return `${major}.${minor}.${patch + 1}`;
  throw new StepError(`"${bump}" is not a bump: use one of ${bumps.join(', ')}.`);
}

/**
 * The bump that moving from `from` to `to` announces: null when equal; throws when `to` is lower.
 */
export function announcedBump(from: string, to: string): Bump | null {
  const [a, b] = [parseVersion(from), parseVersion(to)];
  const index = a.findIndex((part, i) => part !== b[i]);
  if (index === -1) return null;
  if ((b[index] as number) < (a[index] as number)) {
    throw new StepError(`The version went backwards, from ${from} to ${to}.`);
  }
  return bumps[2 - index] as Bump;
}

export interface WorkspacePackage {
  /** its folder, relative to the repository: `packages/mock` */
  dir: string;
  /** its package.json, absolute */
  file: string;
  name: string;
  version: string;
  json: PackageManifest;
}

/**
 * Every package under packages/* (whatever its name), sorted by folder.
 */
export async function workspacePackages(repoRoot: string): Promise<WorkspacePackage[]> {
  const packagesDir = path.join(repoRoot, 'packages');
  const folders = (await readdir(packagesDir, { withFileTypes: true })).filter((entry) => entry.isDirectory());
  const found = [];
  for (const folder of folders.map((entry) => entry.name).sort()) {
    const file = path.join(packagesDir, folder, 'package.json');
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text === null) continue;
    const json: PackageManifest = JSON.parse(text);
    found.push({ dir: `packages/${folder}`, file, name: json.name, version: json.version, json });
  }
  return found;
}

const contractFile = (repoRoot: string) => path.join(repoRoot, 'openapi/openapi.yaml');

/** The contract's version: `info.version` of openapi/openapi.yaml. */
export async function contractVersion(repoRoot: string) {
  const version = parse(await readFile(contractFile(repoRoot), 'utf8'))?.info?.version;
  if (typeof version !== 'string') throw new StepError('openapi/openapi.yaml has no info.version.');
  return version;
}

/** The contract's version and every package's, and whether they agree as the rule says. */
export async function versions(repoRoot: string) {
  const contract = await contractVersion(repoRoot);
  const packages = await workspacePackages(repoRoot);
  const disagreeing = packages.filter((pkg) => pkg.version !== contract);
  return { contract, packages, disagreeing };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces the version in the text of openapi.yaml: only the `version:` line of the `info:` block changes. */
function withContractVersion(text: string, from: string, to: string) {
  const pattern = new RegExp(
    `^(info:\\n(?:[ \\t]+.*\\n|\\n)*?[ \\t]+version:[ \\t]*)(['"]?)${escapeRegExp(from)}\\2[ \\t]*$`,
    'm',
  );
  if (!pattern.test(text))
    throw new StepError(`Cannot find \`version: ${from}\` in the info block of openapi/openapi.yaml.`);
  return text.replace(pattern, `$1$2${to}$2`);
}

const dependencyFields: readonly ('dependencies' | 'devDependencies' | 'peerDependencies' | 'optionalDependencies')[] =
  ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

/** The file name `npm pack` gives a package's tarball, without the version: `@scope/name` -> `scope-name`. */
const tarballStem = (name: string) => name.replace(/^@/, '').replace('/', '-');

/** A README's text with every `<tarball stem>-X.Y.Z.tgz` it names moved to `to`. */
function withTarballVersion(text: string, name: string, to: string) {
  return text.replace(new RegExp(`(${escapeRegExp(tarballStem(name))}-)\\d+\\.\\d+\\.\\d+(\\.tgz)`, 'g'), `$1${to}$2`);
}

/** Writes `to` as the version of the contract, of every package, of their lockfile entries, of the ranges by
 * which one package depends on another, and of the packed tarball a package's README names. Returns the
 * files it changed (relative paths). */
export async function setVersion(repoRoot: string, to: string) {
  parseVersion(to);
  const changed: string[] = [];
  const { contract, packages } = await versions(repoRoot);
  const names = new Set(packages.map((pkg) => pkg.name));

  const yamlFile = contractFile(repoRoot);
  const yamlText = await readFile(yamlFile, 'utf8');
  const newYaml = withContractVersion(yamlText, contract, to);
  if (newYaml !== yamlText) {
    await writeFile(yamlFile, newYaml);
    changed.push('openapi/openapi.yaml');
  }

  const retarget = (deps: Record<string, string> | undefined) => {
    for (const [name, range] of Object.entries(deps ?? {})) {
      if (deps && names.has(name)) deps[name] = range.replace(/\d+\.\d+\.\d+/, to);
    }
  };
  for (const pkg of packages) {
    const json = structuredClone(pkg.json);
    json.version = to;
    for (const field of dependencyFields) retarget(json[field]);
    const text = `${JSON.stringify(json, null, 2)}\n`;
    if (text !== (await readFile(pkg.file, 'utf8'))) {
      await writeFile(pkg.file, text);
      changed.push(`${pkg.dir}/package.json`);
    }
    const readmeFile = path.join(repoRoot, pkg.dir, 'README.md');
    const readme = await readFile(readmeFile, 'utf8').catch(() => null);
    if (readme !== null && withTarballVersion(readme, pkg.name, to) !== readme) {
      await writeFile(readmeFile, withTarballVersion(readme, pkg.name, to));
      changed.push(`${pkg.dir}/README.md`);
    }
  }

  const lockFile = path.join(repoRoot, 'package-lock.json');
  const lockText = await readFile(lockFile, 'utf8').catch(() => null);
  if (lockText !== null) {
    const lock = JSON.parse(lockText);
    for (const pkg of packages) {
      const entry = lock.packages?.[pkg.dir];
      if (!entry) continue;
      entry.version = to;
      for (const field of dependencyFields) retarget(entry[field]);
    }
    const text = `${JSON.stringify(lock, null, 2)}\n`;
    if (text !== lockText) {
      await writeFile(lockFile, text);
      changed.push('package-lock.json');
    }
  }
  return changed;
}

/**
 * Moves every version of the repository at `repoRoot` by `bump` (`major`, `minor`, `patch`) or to an exact
 * version; returns { from, to, changed } where `changed` lists the files written.
 */
export async function bumpVersions(repoRoot: string, bump: string) {
  const from = await contractVersion(repoRoot);
  if (!isBump(bump)) parseVersion(bump);
  const to = isBump(bump) ? nextVersion(from, bump) : bump;
  const changed = await setVersion(repoRoot, to);
  return { from, to, changed };
}
