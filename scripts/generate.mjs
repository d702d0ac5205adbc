// @ts-check
// `node scripts/generate.mjs`: the types of generated/schema.d.ts from the bundle (@trading-analytics/pipeline/generate).
import { generate } from '@trading-analytics/pipeline/generate';
import { runSteps } from '@trading-analytics/pipeline/steps';

await runSteps([['generate types', () => generate()]]);
