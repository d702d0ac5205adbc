// Deprecation, shown on a seeded fixture (the real contract deprecates nothing): an operation, a parameter and
// an enum value marked `deprecated: true`. The types carry `@deprecated` JSDoc where TypeScript can hold it,
// the diff rates the deprecation minor and the later removal major, and the rendered docs show all three.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { changelogHeading } from '@trading-analytics/pipeline/changelog';
import { buildDocs } from '@trading-analytics/pipeline/docs';
import { rateChanges, redoclyDiff, requiredBump } from '@trading-analytics/pipeline/gate';
import { generate } from '@trading-analytics/pipeline/generate';
import type { BrowserContext, Page } from 'playwright-core';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import type { Json } from '../support/contract';
import { tempFolder } from '../support/temp';
import { baselineFile, deprecate, removeDeprecated, root, seed } from './seeds';

const release: Json = JSON.parse(readFileSync(baselineFile, 'utf8'));
const deprecated = seed(deprecate, release);
const deprecatedDocument: Json = JSON.parse(readFileSync(deprecated, 'utf8'));
const scratch = tempFolder('deprecation-');

async function rated(baseFile: string, revisionFile: string) {
  const [base, revision] = [baseFile, revisionFile].map((file) => JSON.parse(readFileSync(file, 'utf8')));
  const changes = rateChanges(await redoclyDiff(baseFile, revisionFile), { base, revision });
  return {
    required: requiredBump(changes),
    lines: changes.map(
      (change) =>
        `${change.impact} ${change.where}: ${change.messages.map((message: { text: string }) => message.text).join(' ')}`,
    ),
  };
}

describe('deprecation in the types', { tags: ['no-browser'] }, () => {
  let types: string;
  beforeAll(async () => {
    await generate(scratch, deprecated);
    types = readFileSync(path.join(scratch, 'schema.d.ts'), 'utf8');
  });

  /** The JSDoc block right above the first line matching `declaration`. */
  const jsDocAbove = (declaration: RegExp) => {
    const at = types.search(declaration);
    expect(at).toBeGreaterThan(-1);
    const before = types.slice(0, at);
    return before.slice(before.lastIndexOf('/**'));
  };

  it('marks the operation and the parameter @deprecated', () => {
    expect(jsDocAbove(/^\s*get: operations\["listPairs"\];/m)).toMatch(
      /@deprecated[\s\S]*Deprecated: use `GET \/v1\/markets`/,
    );
    expect(jsDocAbove(/^\s*symbol\?: string;/m)).toMatch(/@deprecated[\s\S]*Deprecated: use `symbols`/);
  });

  it('lets an editor strike through a use of the deprecated operation', () => {
    const file = path.join(scratch, 'use.ts');
    const source = "import type { paths } from './schema';\nexport type ListPairs = paths['/v1/pairs']['get'];\n";
    const files = new Map([[file, source]]);
    const service = ts.createLanguageService({
      getScriptFileNames: () => [file],
      getScriptVersion: () => '1',
      getScriptSnapshot: (name) => {
        const text = files.get(name) ?? (ts.sys.fileExists(name) ? ts.sys.readFile(name) : undefined);
        return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
      },
      getCurrentDirectory: () => scratch,
      getCompilationSettings: () => ({
        strict: true,
        noEmit: true,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        target: ts.ScriptTarget.ES2022,
      }),
      getDefaultLibFileName: ts.getDefaultLibFilePath,
      fileExists: (name) => files.has(name) || ts.sys.fileExists(name),
      readFile: (name) => files.get(name) ?? ts.sys.readFile(name),
    });
    const struck = service.getSuggestionDiagnostics(file).filter((diagnostic) => diagnostic.reportsDeprecated);
    expect(struck.map((diagnostic) => source.slice(diagnostic.start, diagnostic.start! + diagnostic.length!))).toEqual([
      "'get'",
    ]);
  });

  it("keeps the deprecated enum value in the type and names it in the type's description", () => {
    // A member of a string-literal union cannot carry JSDoc: the schema's description says it instead.
    expect(jsDocAbove(/^\s*PositionStatus: /m)).toContain('`CLOSED` is deprecated: use `SETTLED`.');
    expect(types).toMatch(/^\s*PositionStatus: string & \("OPEN" \| "CLOSED"\);/m);
  });
});

describe('deprecation in the rated diff', { tags: ['no-browser'] }, () => {
  it('rates the deprecations minor', async () => {
    const { required, lines } = await rated(baselineFile, deprecated);
    expect(required).toBe('minor');
    expect(lines).toEqual(
      expect.arrayContaining([
        'minor GET /v1/pairs: Marked deprecated.',
        'minor GET /v1/pairs › parameter symbol: Marked deprecated.',
        'patch schema PositionStatus: Enum `PositionStatus` rewritten as oneOf of const members with the same values. Enum of `status` was removed.',
      ]),
    );
  });

  it('rates the later removal of the parameter and the enum value major', async () => {
    const { required, lines } = await rated(deprecated, seed(removeDeprecated, deprecatedDocument));
    expect(required).toBe('major');
    expect(lines).toEqual(
      expect.arrayContaining([
        'major GET /v1/pairs › parameter symbol: `symbol` query parameter was removed.',
        "major schema PositionStatus › oneOf › 1: Value 'CLOSED' of `PositionStatus` was removed; a client may send or receive it.",
      ]),
    );
  });

  it('rates the later removal of the operation major', async () => {
    const removed = seed((document) => void delete document.paths['/v1/pairs'], deprecatedDocument);
    expect((await rated(deprecated, removed)).lines).toContain('major path /v1/pairs: Path `/v1/pairs` was removed.');
  });
});

describe('deprecation and the changelog in the docs', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const html = await buildDocs(path.join(scratch, 'docs/index.html'), deprecated);
    context = await launchChromium();
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`file://${html}#/pairs-and-volume/listpairs`);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
  });

  const section = (id: string) => page.locator(`[id="${id}"]`).first();

  // innerText is the text as shown (the badge's capital comes from CSS), so the checks read what a reader sees.
  it('badges the operation Deprecated', async () => {
    const operation = section('pairs-and-volume/listpairs');
    await operation.waitFor();
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText is the text as shown, which is what this checks
    expect(await operation.innerText()).toMatch(/^List tradable pairs \(markets\)\nDeprecated\n/);
  });

  it('labels the parameter deprecated', async () => {
    const parameter = section('pairs-and-volume/listpairs/t=request&in=query&path=symbol');
    await parameter.waitFor();
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText is the text as shown, which is what this checks
    expect(await parameter.innerText()).toMatch(/symbol\s+string\s+deprecated/);
  });

  it('marks the enum value deprecated where the field is shown', async () => {
    await page.goto(`file://${path.join(scratch, 'docs/index.html')}#/positions/listpositions`);
    await page
      .getByText(/Show \d+ properties/)
      .first()
      .click();
    const status = section('positions/listpositions/t=response&c=200&path=content[]&oneof=0/status');
    await status.waitFor();
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText is the text as shown, which is what this checks
    expect(await status.innerText()).toMatch(/One of:\nOPEN\n\S+ \(deprecated\)/);
  });

  it('shows the changelog as a section of the page', async () => {
    await page
      .locator('[data-component-name="Menu/Menu"]')
      .first()
      .getByText(changelogHeading, { exact: true })
      .click();
    const changelog = readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
    const newest = /^## (.+)$/m.exec(changelog)![1]!;
    await page.getByText(newest, { exact: true }).first().waitFor({ state: 'visible' });
  });
});
