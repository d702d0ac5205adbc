// Where the parts of this repository are, for every script and for the tests that read them: one place, so a
// script never works out the repository's root from its own location on its own.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const sourceSpec = path.join(root, 'openapi/openapi.yaml');
export const generatedDir = path.join(root, 'generated');
export const bundlePath = path.join(generatedDir, 'openapi.json');

/** What the docs page is rendered from (relative to the root): it is stale once one of them is newer. */
export const docsInputs = [
  'generated/openapi.json',
  'CHANGELOG.md',
  'scripts/pipeline/src/docs.ts',
  'scripts/pipeline/src/docs-scenarios.ts',
  'scripts/pipeline/src/changelog.ts',
  'scripts/pipeline/src/markdown.ts',
  'scripts/spectral/walk.js',
];
