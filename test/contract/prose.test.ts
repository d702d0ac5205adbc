// The words of the contract say no more than the seed: no description, summary or guide of the bundle, and
// nothing in the client's README or doc comments, repeats a claim the seed does not make.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Json, loadBundle } from '../support/contract';
import { overstatements } from './seed-facts';

const clientDir = fileURLToPath(new URL('../../packages/client/', import.meta.url));

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

const texts: [string, string][] = [
  ...proseOf(loadBundle()),
  ['packages/client/README.md', readFileSync(`${clientDir}README.md`, 'utf8')],
  ...readdirSync(`${clientDir}src`)
    .filter((file) => file.endsWith('.ts'))
    .map(
      (file) => [`packages/client/src/${file}`, readFileSync(`${clientDir}src/${file}`, 'utf8')] as [string, string],
    ),
];

describe('the prose', () => {
  it('has texts to check', () => {
    expect(texts.length).toBeGreaterThan(300);
  });

  it.each(overstatements)('never says %s (%s)', (claim) => {
    // Line breaks inside a folded YAML paragraph read as spaces.
    expect(texts.filter(([, text]) => claim.test(text.replace(/\s+/g, ' '))).map(([where]) => where)).toEqual([]);
  });

  it('says the native collateral amount is added when the user pays with the native token', () => {
    const document = loadBundle();
    for (const text of [document.components.schemas.OracleUpdateResult.description, document.info.description]) {
      expect(text.replace(/\s+/g, ' ')).toMatch(
        /native collateral amount\*{0,2} when the user pays with the native token/,
      );
    }
  });
});
