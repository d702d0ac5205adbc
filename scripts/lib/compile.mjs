// @ts-check
// Compiling the packages: every package under packages/ to its dist/ (and, for those that ship it, the
// contract into contract/), each with its own `build` script, each after the packages it depends on. The
// step is skipped while no package source, tsconfig, package.json or file of generated/ changed since its last
// success; a package it does compile starts from an empty dist/, so no module of a removed source is left.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { root } from './paths.mjs';
import { runCommand } from './run-command.mjs';
import { StepError } from './steps.mjs';

/** @import { PackageManifest } from './versions.mjs' */

/** Whether a package declares another (by name) in any of its dependency fields. */
function dependsOn(/** @type {PackageManifest} */ manifest, /** @type {string} */ name) {
  const { dependencies = {}, devDependencies = {}, peerDependencies = {}, optionalDependencies = {} } = manifest;
  return [dependencies, devDependencies, peerDependencies, optionalDependencies].some((field) =>
    Object.hasOwn(field, name),
  );
}

/**
 * The packages that compile (a folder under packages/ whose package.json has a `build` script), each after the
 * packages it depends on, found from their package.json files; packages that do not depend on each other keep
 * their folder order. A dependency cycle among them cannot be compiled and is refused, naming the packages.
 */
function compiledPackages() {
  /** @type {{ folder: string, manifest: PackageManifest }[]} */
  const packages = readdirSync(path.join(root, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(root, 'packages', entry.name, 'package.json')))
    .map((entry) => ({
      folder: entry.name,
      manifest: JSON.parse(readFileSync(path.join(root, 'packages', entry.name, 'package.json'), 'utf8')),
    }))
    .filter(({ manifest }) => typeof manifest.scripts?.build === 'string')
    .sort((a, b) => a.folder.localeCompare(b.folder));
  /** @type {string[]} */
  const ordered = [];
  const left = [...packages];
  while (left.length > 0) {
    const ready = left.find(({ manifest }) =>
      left.every((other) => other.manifest.name === manifest.name || !dependsOn(manifest, other.manifest.name)),
    );
    if (!ready) {
      throw new StepError(
        `These packages depend on each other in a cycle: ${left.map((pkg) => pkg.folder).join(', ')}.`,
      );
    }
    ordered.push(ready.folder);
    left.splice(left.indexOf(ready), 1);
  }
  return ordered;
}

/** `npm run compile`'s one step (see runSteps in steps.mjs). */
export const compileStep = {
  name: 'compile packages',
  run: async () => {
    const names = compiledPackages();
    for (const name of names) {
      const dir = path.join(root, 'packages', name);
      // From nothing: tsc -b would keep the module of a removed source, and trusts its build info over dist/.
      await rm(path.join(dir, 'dist'), { recursive: true, force: true });
      await rm(path.join(dir, 'tsconfig.tsbuildinfo'), { force: true });
      const built = await runCommand('npm', ['run', '--silent', 'build'], { cwd: dir });
      if (built.code !== 0)
        throw new StepError(`packages/${name} does not compile:\n${`${built.stdout}${built.stderr}`.trim()}`);
    }
    return names.join(', ');
  },
  inputs: [
    'generated',
    ...compiledPackages().flatMap((name) => [
      `packages/${name}/src`,
      `packages/${name}/scripts`,
      `packages/${name}/tsconfig.json`,
      `packages/${name}/package.json`,
    ]),
  ],
  tools: ['typescript'],
  outputs: compiledPackages().flatMap((name) => [`packages/${name}/dist`, `packages/${name}/contract`]),
};
