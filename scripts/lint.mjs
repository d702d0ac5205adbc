// @ts-check
// `node scripts/lint.mjs`: both lints of the contract (@trading-analytics/pipeline/lint). Run alone, the linters always run: a lint
// is asked for, not a build.
import { lintBundle, lintSource } from '@trading-analytics/pipeline/lint';
import { runSteps } from '@trading-analytics/pipeline/steps';

await runSteps([
  ['lint source', () => lintSource()],
  ['lint bundle', () => lintBundle()],
]);
