// @ts-check
// `node scripts/workflows.mjs`: lints and bundles the Arazzo workflows into generated/ (@trading-analytics/pipeline/workflows).

import { runSteps } from '@trading-analytics/pipeline/steps';
import { buildWorkflows } from '@trading-analytics/pipeline/workflows';

await runSteps([['workflows', buildWorkflows]]);
