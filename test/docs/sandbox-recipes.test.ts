// The dashboard tests the docs show for the sandbox's clock, trades and faults (issue 29, item 8) are the
// recipe files the client's and MSW's suites run, word for word: in the docs' Sandbox guide, the mock's
// README (over HTTP) and MSW's README (in process).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadBundle } from '../support/contract';

// Not samples.ts's: that module loads the TypeScript compiler (~1.5 CPU-s), which this file does not use.
const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const overHttp = 'packages/client/test/recipes/sandbox-dashboard.test.ts';
const withMsw = 'packages/msw/test/recipes/sandbox-dashboard.test.ts';

/** The code of the fenced blocks of a markdown text, in order. */
const fencedBlocks = (markdown: string, language: string): string[] =>
  [...markdown.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map(
    (match) => match[1] as string,
  );

/** The block of a README between its sandbox-recipe markers. */
function readmeRecipe(file: string): string | undefined {
  return /<!-- sandbox-recipe:start[^\n]*-->\n```ts\n([\s\S]*?)```\n<!-- sandbox-recipe:end -->/.exec(read(file))?.[1];
}

describe("the sandbox's dashboard recipes", () => {
  it('are tests that move the clock, open and close a trade and inject a fault', () => {
    for (const file of [overHttp, withMsw]) {
      const source = read(file);
      expect(source, file).toMatch(/advance\('PT2H'\)/);
      expect(source, file).toMatch(/openPosition\(/);
      expect(source, file).toMatch(/closePosition\(/);
      expect(source, file).toMatch(/setFaults\(/);
      expect(source, file).toMatch(/x-sandbox-fault/);
    }
  });

  it("are shown as written in the mock's README (over HTTP) and MSW's README (in process)", () => {
    expect(readmeRecipe('packages/mock/README.md')).toBe(read(overHttp));
    expect(readmeRecipe('packages/msw/README.md')).toBe(read(withMsw));
  });

  it('are shown as written in the Sandbox guide of the docs', () => {
    const description: string = loadBundle().info.description;
    const start = description.indexOf('\n# Sandbox\n');
    const guide = description.slice(start, description.indexOf('\n# ', start + 1));
    expect(fencedBlocks(guide, 'typescript')).toEqual([read(overHttp), read(withMsw)]);
  });
});
