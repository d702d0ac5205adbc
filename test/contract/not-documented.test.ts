// What the service leaves undocumented stays open in the contract and is marked with x-not-documented, in
// exactly the places the seed says "not shown": no point goes unmarked, and nothing is marked that the seed
// does document.
import { describe, expect, it } from 'vitest';
import { type Json, loadBundle } from '../support/contract';
import { notShown } from './seed-facts';

const document = loadBundle();

/** Markers by location; parameters are named by `name` rather than index so reordering cannot hide one. */
function markers(): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (node: Json, pointer: string) => {
    if (node === null || typeof node !== 'object') return;
    if (!Array.isArray(node) && node['x-not-documented'] !== undefined) found.set(pointer, node['x-not-documented']);
    for (const [key, child] of Object.entries(node)) {
      const segment = key === '$ref' ? key : Array.isArray(node) && (child as Json)?.name ? (child as Json).name : key;
      visit(child, `${pointer}/${segment.replaceAll('~', '~0').replaceAll('/', '~1')}`);
    }
  };
  visit(document, '#');
  return found;
}

describe('not-documented markers', () => {
  const found = markers();

  it('sit exactly where the seed says "not shown"', () => {
    expect([...found.keys()].sort()).toEqual(Object.keys(notShown).sort());
  });

  it.each(Object.entries(notShown))('%s names what is unknown', (pointer, words) => {
    expect(found.get(pointer)).toMatch(words);
  });

  it('leave the open parts open', () => {
    const schemas = document.components.schemas;
    expect(schemas.OracleUpdateResult.properties.failures.items ?? {}).toEqual({});
    expect(schemas.TradeHistoryEvent.properties.detail.properties).toBeUndefined();
    expect(schemas.TradeHistoryEvent.properties.tradeType.enum).toBeUndefined();
    const schedule = schemas.Pair.properties.schedule;
    expect(JSON.stringify(schedule)).not.toContain('"properties"');
    const submit = document.paths['/v2/trading/submit-intent'].post;
    expect(Object.keys(submit.responses)).toEqual(['default']);
    expect(submit.responses.default.content).toBeUndefined();
    expect(Object.keys(submit.requestBody.content['application/json'].schema)).toEqual([]);
  });
});
