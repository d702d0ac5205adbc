// Every kind of change the gate must judge, each seeded alone into a copy of the bundle, rated by direction:
// what a client receives may grow but not shrink or change, what it sends may not be narrowed. Redocly's
// diff-recommended rates most of them; the house rules in scripts/pipeline/src/gate.ts correct the ones it gets wrong.
import { readFileSync } from 'node:fs';
import { rateChanges, redoclyDiff, requiredBump } from '@trading-analytics/pipeline/gate';
import { describe, expect, it } from 'vitest';
import { type Json, loadBundle } from '../support/contract';
import { addLeverageAndOperation, baselineFile, listPairs, removeMargin, schemas, seed } from './seeds';

const symbolOf = (document: Json) =>
  listPairs(document).parameters.find((parameter: Json) => parameter.name === 'symbol');

/** Adds a `chain_id` query parameter to GET /v1/pairs, required or not. */
const addChainId =
  ({ required }: { required: boolean }) =>
  (document: Json) =>
    void listPairs(document).parameters.push({
      name: 'chain_id',
      in: 'query',
      required,
      description: 'Chain.',
      schema: { type: 'string' },
    });

const table: [string, (document: Json) => void, 'major' | 'minor' | 'patch', RegExp][] = [
  ['removing a response field', removeMargin, 'major', /Property `margin` of `Position` was removed/],
  [
    'removing an enum value a client receives',
    (d) => {
      schemas(d).PositionStatus.enum = ['OPEN'];
    },
    'major',
    /`PositionStatus` lost values: 'CLOSED'/,
  ],
  [
    'removing an enum value a client sends',
    (d) => {
      schemas(d).CompetitionStatus.enum = ['UPCOMING', 'ONGOING'];
    },
    'major',
    /lost values: 'ENDED'/,
  ],
  [
    'adding a required parameter',
    addChainId({ required: true }),
    'major',
    /Required `chain_id` query parameter was added/,
  ],
  [
    'narrowing a parameter type',
    (d) => {
      symbolOf(d).schema.type = 'integer';
    },
    'major',
    /narrowed from 'string' to 'integer'/,
  ],
  [
    'narrowing a pattern',
    (d) => {
      schemas(d).Address.pattern = '^0x[0-9a-f]{40}$';
    },
    'major',
    /`pattern` of `Address` changed/,
  ],
  [
    'widening a response type',
    (d) => {
      schemas(d).Position.properties.isLong.type = ['boolean', 'string'];
    },
    'major',
    /widened from 'boolean' to 'boolean \| string'/,
  ],
  [
    'making a response field optional',
    (d) => {
      schemas(d).Position.required = schemas(d).Position.required.filter((name: string) => name !== 'isLong');
    },
    'major',
    /no longer required: `isLong`/,
  ],
  ['removing an operation', (d) => void delete d.paths['/v1/pairs'], 'major', /Path `\/v1\/pairs` was removed/],
  [
    'narrowing a response type',
    (d) => {
      schemas(d).Pair.properties.nextOpen.type = 'string';
    },
    'patch',
    /`type` changed/,
  ],
  ['adding an optional response field and an operation', addLeverageAndOperation, 'minor', /Added property `leverage`/],
  ['adding an optional parameter', addChainId({ required: false }), 'minor', /Added parameter/],
  [
    'deprecating an operation',
    (d) => {
      listPairs(d).deprecated = true;
    },
    'minor',
    /GET \/v1\/pairs: Marked deprecated/,
  ],
  [
    'editing a description',
    (d) => {
      schemas(d).Position.description += ' Edited.';
    },
    'patch',
    /schema Position: `description` changed/,
  ],
];

const cases = table.map(([name, mutate, impact, named]) => ({ name, mutate, impact, named }));

const describeChanges = (changes: ReturnType<typeof rateChanges>) =>
  changes
    .map(
      (change) =>
        `${change.impact} ${change.where}: ${change.messages.map((message: { text: string }) => message.text).join(' ')}`,
    )
    .join('\n');

describe('the rated diff', () => {
  const base = loadBundle();
  // The committed baseline is the bundle the seeds start from; if the contract moved on, seed from the baseline.
  const baseline = JSON.parse(readFileSync(baselineFile, 'utf8'));

  // Each case is its own Redocly run: they run at once (vitest's maxConcurrency), and a run whose two documents
  // were diffed before (whatever their info.version) is read from redoclyDiff's cache.
  it.concurrent.for(cases)('rates $name as $impact', async ({ mutate, impact, named }, { expect }) => {
    const revision = seed(mutate, baseline);
    const changes = rateChanges(await redoclyDiff(baselineFile, revision), {
      base: baseline,
      revision: JSON.parse(readFileSync(revision, 'utf8')),
    });
    expect(requiredBump(changes)).toBe(impact);
    expect(describeChanges(changes)).toMatch(named);
  });

  it('finds no change between a bundle and itself', async () => {
    const same = seed(() => {}, base);
    expect(rateChanges(await redoclyDiff(same, same), { base, revision: base })).toEqual([]);
  });
});
