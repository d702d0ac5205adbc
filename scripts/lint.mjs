// @ts-check
// `node scripts/lint.mjs`: both lints of the contract (lib/lint.mjs). Run alone, the linters always run: a lint
// is asked for, not a build.
import { lintBundle, lintSource } from './lib/lint.mjs';
import { runSteps } from './lib/steps.mjs';

await runSteps([
  ['lint source', () => lintSource()],
  ['lint bundle', () => lintBundle()],
]);
