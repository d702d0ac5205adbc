// @ts-check
// `npm run compile` (also run by `npm ci` through `prepare`, and first by `npm test`, `npm start` and `npm run
// dev`): compiles every package under packages/ to its dist/, in the order they depend on each other, with
// each package's own `build` script. Skipped while no package source, tsconfig or the generated types changed
// since the last success (`-- --force` compiles all).
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { isEntryPoint, root, runSteps, StepError } from './lib/steps.mjs';

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

const compileStep = {
  name: 'compile packages',
  run: async () => {
    const names = compiledPackages();
    for (const name of names) {
      try {
        await run('npm', ['run', '--silent', 'build'], { cwd: path.join(root, 'packages', name) });
      } catch (error) {
        const { stdout = '', stderr = '' } = /** @type {{ stdout?: string, stderr?: string }} */ (error);
        throw new StepError(`packages/${name} does not compile:\n${`${stdout}${stderr}`.trim()}`);
      }
    }
    return names.join(', ');
  },
  inputs: [
    'generated/schema.d.ts',
    ...compiledPackages().flatMap((name) => [
      `packages/${name}/src`,
      `packages/${name}/tsconfig.json`,
      `packages/${name}/package.json`,
    ]),
  ],
  tools: ['typescript'],
  outputs: compiledPackages().map((name) => `packages/${name}/dist`),
};

if (isEntryPoint(import.meta.url)) {
  let force = false;
  try {
    ({
      values: { force },
    } = parseArgs({ options: { force: { type: 'boolean', default: false } } }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n\nUsage: npm run compile [-- --force]`);
    process.exit(2);
  }
  await runSteps([compileStep], { force });
}
