// @ts-check
// `node scripts/bundle.mjs`: bundles openapi/ into generated/openapi.json and .yaml (lib/bundle.mjs).
import { bundle } from './lib/bundle.mjs';
import { runSteps } from './lib/steps.mjs';

await runSteps([['bundle', () => bundle()]]);
