// @ts-check
// `npm run docs`: renders the docs page, dist/docs/index.html (lib/docs.mjs).
import { buildDocs } from './lib/docs.mjs';
import { runSteps } from './lib/steps.mjs';

await runSteps([['docs', () => buildDocs()]]);
