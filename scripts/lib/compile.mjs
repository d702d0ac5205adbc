// @ts-check
// Compiling the packages: every package under packages/ to its dist/ (and, for those that ship it, the
// contract into contract/), each with its own `build` script, in the order they depend on each other. The
// step is skipped while no package source, tsconfig, package.json or file of generated/ changed since its last
// success; a package it does compile starts from an empty dist/, so no module of a removed source is left.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { root } from './paths.mjs';
import { StepError } from './steps.mjs';

const run = promisify(execFile);

/** Packages another package imports come first; the rest follow in name order. */
const dependencyOrder = ['core', 'client', 'sandbox', 'mock', 'msw', 'conformance'];

/** The packages that compile: a folder under packages/ whose package.json has a `build` script and a tsconfig. */
function compiledPackages() {
  const folders = readdirSync(path.join(root, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((name) => existsSync(path.join(root, 'packages', name, 'tsconfig.json')))
    .filter((name) => {
      const manifest = JSON.parse(readFileSync(path.join(root, 'packages', name, 'package.json'), 'utf8'));
      return typeof manifest.scripts?.build === 'string';
    });
  const rank = (/** @type {string} */ name) =>
    dependencyOrder.includes(name) ? dependencyOrder.indexOf(name) : dependencyOrder.length;
  return folders.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** `npm run compile`'s one step (see runSteps in steps.mjs). */
export const compileStep = {
  name: 'compile packages',
  run: async () => {
    const names = compiledPackages();
    for (const name of names) {
      const dir = path.join(root, 'packages', name);
      await rm(path.join(dir, 'dist'), { recursive: true, force: true });
      try {
        await run('npm', ['run', '--silent', 'build'], { cwd: dir });
      } catch (error) {
        const { stdout = '', stderr = '' } = /** @type {{ stdout?: string, stderr?: string }} */ (error);
        throw new StepError(`packages/${name} does not compile:\n${`${stdout}${stderr}`.trim()}`);
      }
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
