// @ts-check
// `npm run build`: every step from the hand-written contract to what is derived from it. Steps run as soon
// as the steps they need are done (the two lints and the bundle at once, then what reads the bundle), and a
// step whose inputs are unchanged since its last success is skipped (`-- --force` runs them all). A step
// given as `[name, action]` runs after every step above it.
import { parseArgs } from 'node:util';
import { messageOf } from '@trading-analytics/core';
import { bundleStep } from '@trading-analytics/pipeline/bundle';
import { docsStep } from '@trading-analytics/pipeline/docs';
import { generateStep } from '@trading-analytics/pipeline/generate';
import { lintBundleStep, lintSourceStep } from '@trading-analytics/pipeline/lint';
import { mswDataStep } from '@trading-analytics/pipeline/msw-data';
import { runSteps } from '@trading-analytics/pipeline/steps';
import { workflowsStep } from '@trading-analytics/pipeline/workflows';

let values;
try {
  ({ values } = parseArgs({ options: { force: { type: 'boolean', default: false } } }));
} catch (error) {
  console.error(
    `${messageOf(error)}\n\nUsage: npm run build [-- --force]   (--force: run every step, even those whose inputs are unchanged)`,
  );
  process.exit(2);
}

await runSteps(
  [
    { ...lintSourceStep, needs: [] },
    { ...bundleStep, needs: ['lint source'] },
    { ...lintBundleStep, needs: ['bundle'] },
    { ...generateStep, needs: ['bundle'] },
    { ...workflowsStep, needs: ['bundle'] },
    { ...mswDataStep, needs: ['bundle'] },
    { ...docsStep, needs: ['bundle'] },
  ],
  { force: values.force },
);
