// @ts-check
// The version rule, in one place: the contract (`info.version` of openapi/openapi.yaml) and every package
// under packages/* carry one and the same version, and a bump moves all of them together. This module reads
// those versions, compares them, and rewrites them (the text of each file, so nothing else in it moves).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { StepError } from './steps.mjs';

/** @typedef {'patch' | 'minor' | 'major'} Bump */

/** @type {readonly Bump[]} */
const bumps = ['patch', 'minor', 'major'];
const rank = (/** @type {Bump | null} */ bump) => (bump ? bumps.indexOf(bump) + 1 : 0);

/**
 * Whether a word names a bump.
 * @param {unknown} word
 * @returns {word is Bump}
 */
export function isBump(word) {
  return bumps.some((bump) => bump === word);
}

/**
 * The larger of two bumps (`null` means no bump).
 * @param {Bump | null} a
 * @param {Bump | null} b
 */
export const largerBump = (a, b) => (rank(a) >= rank(b) ? a : b);
export const isAtLeast = (/** @type {Bump | null} */ bump, /** @type {Bump | null} */ needed) =>
  rank(bump) >= rank(needed);

/**
 * `1.2.3` -> [1, 2, 3]; anything else (ranges, pre-releases) is refused: the rule uses plain versions.
 * @param {unknown} version
 * @returns {[major: number, minor: number, patch: number]}
 */
export function parseVersion(version) {
  const match = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/.exec(String(version));
  if (!match) throw new StepError(`"${version}" is not a plain MAJOR.MINOR.PATCH version.`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/**
 * The version `bump` moves `version` to; throws on anything but a bump.
 * @param {string} version
 * @param {string | null} bump
 */
export function nextVersion(version, bump) {
  const [major, minor, patch] = parseVersion(version);
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  if (bump === 'patch') return `${major}.${minor}.${patch + 1}`;
  throw new StepError(`"${bump}" is not a bump: use one of ${bumps.join(', ')}.`);
}

/**
 * The bump that moving from `from` to `to` announces: null when equal; throws when `to` is lower.
 * @param {string} from
 * @param {string} to
 * @returns {Bump | null}
 */
export function announcedBump(from, to) {
  const [a, b] = [parseVersion(from), parseVersion(to)];
  const index = a.findIndex((part, i) => part !== b[i]);
  if (index === -1) return null;
  if (/** @type {number} */ (b[index]) < /** @type {number} */ (a[index])) {
    throw new StepError(`The version went backwards, from ${from} to ${to}.`);
  }
  return /** @type {Bump} */ (bumps[2 - index]);
}

/**
 * @typedef {object} PackageManifest a package.json, as far as the scripts read it
 * @property {string} name
 * @property {string} version
 * @property {string} [description]
 * @property {boolean} [private]
 * @property {Record<string, string>} [dependencies]
 * @property {Record<string, string>} [devDependencies]
 * @property {Record<string, string>} [peerDependencies]
 * @property {Record<string, string>} [optionalDependencies]
 */
/**
 * @typedef {object} WorkspacePackage
 * @property {string} dir its folder, relative to the repository: `packages/mock`
 * @property {string} file its package.json, absolute
 * @property {string} name
 * @property {string} version
 * @property {PackageManifest} json
 */

/**
 * Every package under packages/* (whatever its name), sorted by folder.
 * @param {string} repoRoot
 * @returns {Promise<WorkspacePackage[]>}
 */
export async function workspacePackages(repoRoot) {
  const packagesDir = path.join(repoRoot, 'packages');
  const folders = (await readdir(packagesDir, { withFileTypes: true })).filter((entry) => entry.isDirectory());
  const found = [];
  for (const folder of folders.map((entry) => entry.name).sort()) {
    const file = path.join(packagesDir, folder, 'package.json');
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text === null) continue;
    /** @type {PackageManifest} */
    const json = JSON.parse(text);
    found.push({ dir: `packages/${folder}`, file, name: json.name, version: json.version, json });
  }
  return found;
}

const contractFile = (/** @type {string} */ repoRoot) => path.join(repoRoot, 'openapi/openapi.yaml');

/** The contract's version: `info.version` of openapi/openapi.yaml. */
export async function contractVersion(/** @type {string} */ repoRoot) {
  const version = parse(await readFile(contractFile(repoRoot), 'utf8'))?.info?.version;
  if (typeof version !== 'string') throw new StepError('openapi/openapi.yaml has no info.version.');
  return version;
}

/** The contract's version and every package's, and whether they agree as the rule says. */
export async function versions(/** @type {string} */ repoRoot) {
  const contract = await contractVersion(repoRoot);
  const packages = await workspacePackages(repoRoot);
  const disagreeing = packages.filter((pkg) => pkg.version !== contract);
  return { contract, packages, disagreeing };
}

const escapeRegExp = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces the version in the text of openapi.yaml: only the `version:` line of the `info:` block changes. */
function withContractVersion(/** @type {string} */ text, /** @type {string} */ from, /** @type {string} */ to) {
  const pattern = new RegExp(
    `^(info:\\n(?:[ \\t]+.*\\n|\\n)*?[ \\t]+version:[ \\t]*)(['"]?)${escapeRegExp(from)}\\2[ \\t]*$`,
    'm',
  );
  if (!pattern.test(text))
    throw new StepError(`Cannot find \`version: ${from}\` in the info block of openapi/openapi.yaml.`);
  return text.replace(pattern, `$1$2${to}$2`);
}

/** @type {readonly ('dependencies' | 'devDependencies' | 'peerDependencies' | 'optionalDependencies')[]} */
const dependencyFields = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

/** The file name `npm pack` gives a package's tarball, without the version: `@scope/name` -> `scope-name`. */
const tarballStem = (/** @type {string} */ name) => name.replace(/^@/, '').replace('/', '-');

/** A README's text with every `<tarball stem>-X.Y.Z.tgz` it names moved to `to`. */
function withTarballVersion(/** @type {string} */ text, /** @type {string} */ name, /** @type {string} */ to) {
  return text.replace(new RegExp(`(${escapeRegExp(tarballStem(name))}-)\\d+\\.\\d+\\.\\d+(\\.tgz)`, 'g'), `$1${to}$2`);
}

/** Writes `to` as the version of the contract, of every package, of their lockfile entries, of the ranges by
 * which one package depends on another, and of the packed tarball a package's README names. Returns the
 * files it changed (relative paths). */
export async function setVersion(/** @type {string} */ repoRoot, /** @type {string} */ to) {
  parseVersion(to);
  /** @type {string[]} */
  const changed = [];
  const { contract, packages } = await versions(repoRoot);
  const names = new Set(packages.map((pkg) => pkg.name));

  const yamlFile = contractFile(repoRoot);
  const yamlText = await readFile(yamlFile, 'utf8');
  const newYaml = withContractVersion(yamlText, contract, to);
  if (newYaml !== yamlText) {
    await writeFile(yamlFile, newYaml);
    changed.push('openapi/openapi.yaml');
  }

  const retarget = (/** @type {Record<string, string> | undefined} */ deps) => {
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
