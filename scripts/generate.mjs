// @ts-check
// `node scripts/generate.mjs`: the types of generated/schema.d.ts from the bundle (lib/generate.mjs).
import { generate } from './lib/generate.mjs';
import { runSteps } from './lib/steps.mjs';

await runSteps([['generate types', () => generate()]]);
