// @ts-check
// `npm run compile` (also run by `npm ci` through `prepare`, and first by `npm test`, `npm start` and `npm run
// dev`): compiles every package under packages/ to its dist/ (lib/compile.mjs), skipped while nothing it
// reads changed since the last success (`-- --force` compiles all).
import { parseArgs } from 'node:util';
import { compileStep } from './lib/compile.mjs';
import { runSteps } from './lib/steps.mjs';

let force = false;
try {
  ({
    values: { force },
  } = parseArgs({ options: { force: { type: 'boolean', default: false } } }));
} catch (error) {
  // parseArgs throws a TypeError naming the flag. This command runs before any package is compiled, so it
  // imports nothing from them.
  console.error(`${/** @type {Error} */ (error).message}\n\nUsage: npm run compile [-- --force]`);
  process.exit(2);
}
await runSteps([compileStep], { force });
