// @ts-check
// `node scripts/bundle.mjs`: bundles openapi/ into generated/openapi.json and .yaml (@trading-analytics/pipeline/bundle).
import { bundle } from '@trading-analytics/pipeline/bundle';
import { runSteps } from '@trading-analytics/pipeline/steps';

await runSteps([['bundle', () => bundle()]]);
