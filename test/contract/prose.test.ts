// The words of the contract say no more than the seed: no description, summary or guide of the bundle, and
// nothing in the READMEs or the client's doc comments, repeats a claim the seed does not make.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { docsDocument, notDocumentedHeading } from '../../scripts/docs.mjs';
import { changelogHeading } from '../../scripts/lib/changelog.mjs';
import { type Json, loadBundle } from '../support/contract';
import { formatReadings, overstatements } from './seed-facts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const clientDir = `${root}packages/client/`;
const read = (file: string) => readFileSync(`${root}${file}`, 'utf8');
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Every prose string of the bundle (descriptions, summaries, code samples), with where it sits. */
function proseOf(node: Json, where = '#', found: [string, string][] = []): [string, string][] {
  if (node === null || typeof node !== 'object') return found;
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === 'string' && ['description', 'summary', 'source'].includes(key))
      found.push([`${where}/${key}`, value]);
    else proseOf(value, `${where}/${key}`, found);
  }
  return found;
}

const readmes = [
  'README.md',
  'openapi/README.md',
  'openapi/components/examples/README.md',
  ...readdirSync(`${root}packages`).map((name) => `packages/${name}/README.md`),
];

const texts: [string, string][] = [
  ...proseOf(loadBundle()),
  ...readmes.map((file) => [file, read(file)] as [string, string]),
  ...readdirSync(`${clientDir}src`)
    .filter((file) => file.endsWith('.ts'))
    .map(
      (file) => [`packages/client/src/${file}`, readFileSync(`${clientDir}src/${file}`, 'utf8')] as [string, string],
    ),
];

/** Every `format` keyword of a node, with the schemas it sits in. */
function formatsOf(node: Json, found = new Set<string>()): Set<string> {
  if (node === null || typeof node !== 'object') return found;
  if (typeof node.format === 'string') found.add(node.format);
  for (const child of Object.values(node)) formatsOf(child, found);
  return found;
}

describe('the prose', () => {
  it('has texts to check, the READMEs among them', () => {
    expect(texts.length).toBeGreaterThan(300);
    expect(readmes).toEqual(
      expect.arrayContaining(['packages/mock/README.md', 'packages/msw/README.md', 'packages/conformance/README.md']),
    );
  });

  it.each(overstatements)('never says %s (%s)', (claim) => {
    // Line breaks inside a folded YAML paragraph read as spaces.
    expect(texts.filter(([, text]) => claim.test(flat(text))).map(([where]) => where)).toEqual([]);
  });

  it('says the native collateral amount is added when the user pays with the native token', () => {
    const document = loadBundle();
    for (const text of [document.components.schemas.OracleUpdateResult.description, document.info.description]) {
      expect(flat(text)).toMatch(/native collateral amount\*{0,2} when the user pays with the native token/);
    }
  });

  it('says, in the guides, how each format the contract uses is read (L30 "ISO-8601", L113 "URL")', () => {
    const document = loadBundle();
    const own = new Set(
      Object.values<Json>(document.components.schemas)
        .filter((schema) => schema.pattern)
        .map((schema) => schema.format),
    );
    const used = [...formatsOf(document)].filter((format) => !own.has(format)).sort();
    expect(used).toEqual(Object.keys(formatReadings).sort());
    for (const format of used)
      expect({ format, guide: formatReadings[format]!.test(flat(document.info.description)) }).toEqual({
        format,
        guide: true,
      });
  });

  it('names the docs section that lists the open points, which the Changelog follows', () => {
    const guides = flat(loadBundle().info.description);
    expect(guides).toContain(`*${notDocumentedHeading}*, just before the *${changelogHeading}*`);
    const headings = [...docsDocument(loadBundle()).info.description.matchAll(/^# (.+)$/gm)].map((match) => match[1]);
    expect(headings.slice(-2)).toEqual([notDocumentedHeading, changelogHeading]);
  });

  it('says why the older PortfolioData variant (plain decimal strings, L240) is not accepted', () => {
    const readme = flat(read('openapi/README.md'));
    expect(readme).toMatch(
      /One older variant is not accepted: the plain decimal strings of an earlier PortfolioData \(L240\)/,
    );
    expect(readme).toMatch(/"the later one and \.\.\. the one to implement"/);
    expect(readme).toMatch(/a value valid in both would mean two amounts/);
  });

  it('gives the trade-history margin and pnl in lvToken decimals in the client README (L213, L461)', () => {
    expect(flat(read('packages/client/README.md'))).toMatch(
      /a trade-history event's `margin` and `pnl` in its `lvToken`'s/,
    );
  });
});
