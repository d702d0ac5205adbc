// @ts-check
// `node scripts/workflows.mjs`: lints and bundles the Arazzo workflows into generated/ (lib/workflows.mjs).

import { runSteps } from './lib/steps.mjs';
import { buildWorkflows } from './lib/workflows.mjs';

await runSteps([['workflows', buildWorkflows]]);
