// @ts-check
// `npm run build`: every step from the hand-written contract to what is derived from it. Steps run as soon
// as the steps they need are done (the two lints and the bundle at once, then what reads the bundle), and a
// step whose inputs are unchanged since its last success is skipped (`-- --force` runs them all). A step
// given as `[name, action]` runs after every step above it.
import { parseArgs } from 'node:util';
import { messageOf } from '@trading-analytics/core';
import { mswDataStep } from '../packages/msw/scripts/handler-data.mjs';
import { bundleStep } from './lib/bundle.mjs';
import { docsStep } from './lib/docs.mjs';
import { generateStep } from './lib/generate.mjs';
import { lintBundleStep, lintSourceStep } from './lib/lint.mjs';
import { runSteps } from './lib/steps.mjs';
import { workflowsStep } from './lib/workflows.mjs';

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
