// The README's TanStack Query recipe is the file the recipe test runs, word for word.
// @module-tag static (the Node matrix leaves this file to npm test: its result cannot depend on the Node)
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

it('shows test/recipes/react-query.ts as the recipe', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const block = /<!-- recipe:start[^\n]*-->\n```ts\n([\s\S]*?)```\n<!-- recipe:end -->/.exec(readme);
  expect(block, 'README.md has no recipe block between its markers').not.toBeNull();
  expect(block?.[1]).toBe(readFileSync(new URL('recipes/react-query.ts', import.meta.url), 'utf8'));
});
