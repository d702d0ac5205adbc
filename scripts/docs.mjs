// @ts-check
// `npm run docs`: renders the docs page, dist/docs/index.html (@trading-analytics/pipeline/docs).
import { buildDocs } from '@trading-analytics/pipeline/docs';
import { runSteps } from '@trading-analytics/pipeline/steps';

await runSteps([['docs', () => buildDocs()]]);
