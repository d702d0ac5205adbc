// @ts-check
// Fails when generated/ is stale (lib/freshness.mjs): what `.ci/run` checks after `npm ci`.
import { checkGenerated } from './lib/freshness.mjs';
import { runSteps } from './lib/steps.mjs';

await runSteps([['check generated/', checkGenerated]]);
