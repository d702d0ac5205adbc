// @ts-check
// `npm run compile` (also run by `npm ci` through `prepare`, and first by `npm test`): compiles every workspace
// (the packages under packages/ and the pipeline) to its dist/, each after those it depends on
// (@trading-analytics/pipeline/compile), skipped while nothing it reads changed since the last success (`--
// --force` compiles all). It runs before anything else is compiled: `npm run compile` first compiles the few
// modules it imports (scripts/pipeline/tsconfig.bootstrap.json), which import no package of the repository.
import { parseArgs } from 'node:util';
import { compileStep } from '@trading-analytics/pipeline/compile';
import { runSteps } from '@trading-analytics/pipeline/steps';

let force = false;
try {
  ({
    values: { force },
  } = parseArgs({ options: { force: { type: 'boolean', default: false } } }));
} catch (error) {
  // parseArgs throws a TypeError naming the flag. The packages are not compiled yet, so no messageOf here.
  console.error(`${/** @type {Error} */ (error).message}\n\nUsage: npm run compile [-- --force]`);
  process.exit(2);
}
await runSteps([compileStep], { force });
