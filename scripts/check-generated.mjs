// @ts-check
// Fails when generated/ is stale (@trading-analytics/pipeline/freshness): what `.ci/run` checks after `npm ci`.
import { checkGenerated } from '@trading-analytics/pipeline/freshness';
import { runSteps } from '@trading-analytics/pipeline/steps';

await runSteps([['check generated/', checkGenerated]]);
