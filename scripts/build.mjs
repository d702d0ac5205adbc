// `npm run build`: every step from the hand-written contract to what is derived from it, in order,
// stopping at the first failure.
import { bundle } from './bundle.mjs';
import { buildDocs } from './docs.mjs';
import { generate } from './generate.mjs';
import { lintBundle, lintSource } from './lint.mjs';
import { runSteps } from './lib/steps.mjs';

await runSteps([
  ['lint source', lintSource],
  ['bundle', () => bundle()],
  ['lint bundle', lintBundle],
  ['generate types', () => generate()],
  ['workflows', async () => (await import('./workflows.mjs')).buildWorkflows()],
  ['docs', () => buildDocs()],
]);
