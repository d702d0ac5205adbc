// Every kind of change the gate must judge, seeded into copies of the bundle, rated by direction: what a
// client receives may grow but not shrink or change, what it sends may not be narrowed. Redocly's diff-recommended
// rates most of them; the house rules in scripts/pipeline/src/gate.ts correct the ones it gets wrong.
import { readFileSync } from 'node:fs';
import { type RatedChange, rateChanges, redoclyDiff, requiredBump } from '@trading-analytics/pipeline/gate';
import { describe, expect, it } from 'vitest';
import type { Json } from '../support/contract';
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

/**
 * A kind of change: its name, the seed, the bump it requires, words of its rating, and where its changes sit
 * (RatedChange.where: what it rates, and nothing else of its diff may sit there).
 */
type Row = [string, (document: Json) => void, 'major' | 'minor' | 'patch', RegExp, string[]];

// One Redocly diff per list: Redocly rates each change where it sits, so changes to nodes apart rate together as
// they do alone (each case's changes were compared with its diff alone when the lists were made). No two cases of
// a list touch the same node, or a node inside the other's: a removed path takes what changed under it along, and
// the schema reached only through it. A change no case claims, or two claim, fails every case of its diff. The
// three seeds the gate's tests diff too are diffs of their own, shared with the gate through redoclyDiff's cache.
const diffs: Row[][] = [
  [
    [
      'adding a required parameter',
      addChainId({ required: true }),
      'major',
      /Required `chain_id` query parameter was added/,
      ['GET /v1/pairs › parameter chain_id'],
    ],
    [
      'narrowing a parameter type',
      (d) => {
        symbolOf(d).schema.type = 'integer';
      },
      'major',
      /narrowed from 'string' to 'integer'/,
      ['GET /v1/pairs › parameter symbol › schema'],
    ],
    [
      'deprecating an operation',
      (d) => {
        listPairs(d).deprecated = true;
      },
      'minor',
      /GET \/v1\/pairs: Marked deprecated/,
      ['GET /v1/pairs'],
    ],
    [
      'widening a response type',
      (d) => {
        schemas(d).Position.properties.isLong.type = ['boolean', 'string'];
      },
      'major',
      /widened from 'boolean' to 'boolean \| string'/,
      ['schema Position › properties › isLong'],
    ],
    [
      'removing an enum value a client receives',
      (d) => {
        schemas(d).PositionStatus.enum = ['OPEN'];
      },
      'major',
      /`PositionStatus` lost values: 'CLOSED'/,
      ['schema PositionStatus'],
    ],
  ],
  [
    [
      'adding an optional parameter',
      addChainId({ required: false }),
      'minor',
      /Added parameter/,
      ['GET /v1/pairs › parameter chain_id'],
    ],
    [
      'making a response field optional',
      (d) => {
        schemas(d).Position.required = schemas(d).Position.required.filter((name: string) => name !== 'isLong');
      },
      'major',
      /no longer required: `isLong`/,
      ['schema Position'],
    ],
    [
      'narrowing a response type',
      (d) => {
        schemas(d).Pair.properties.nextOpen.type = 'string';
      },
      'patch',
      /`type` changed/,
      ['schema Pair › properties › nextOpen'],
    ],
    [
      'narrowing a pattern',
      (d) => {
        schemas(d).Address.pattern = '^0x[0-9a-f]{40}$';
      },
      'major',
      /`pattern` of `Address` changed/,
      ['schema Address'],
    ],
  ],
  [
    [
      'removing an operation',
      (d) => void delete d.paths['/v1/pairs'],
      'major',
      /Path `\/v1\/pairs` was removed/,
      ['path /v1/pairs'],
    ],
    [
      'removing an enum value a client sends',
      (d) => {
        schemas(d).CompetitionStatus.enum = ['UPCOMING', 'ONGOING'];
      },
      'major',
      /lost values: 'ENDED'/,
      ['schema CompetitionStatus'],
    ],
  ],
  [
    [
      'removing a response field',
      removeMargin,
      'major',
      /Property `margin` of `Position` was removed/,
      ['schema Position', 'schema Position › properties › margin'],
    ],
  ],
  [
    [
      'adding an optional response field and an operation',
      addLeverageAndOperation,
      'minor',
      /Added property `leverage`/,
      ['schema Position › properties › leverage', 'path /v1/pairs/{pairBase}'],
    ],
  ],
  [
    [
      'editing a description',
      (d) => {
        schemas(d).Position.description += ' Edited.';
      },
      'patch',
      /schema Position: `description` changed/,
      ['schema Position'],
    ],
  ],
];

const cases = diffs.flatMap((list) =>
  list.map(([name, mutate, impact, named, at]) => ({ name, mutate, impact, named, at, list })),
);
type Case = (typeof cases)[number];

const describeChanges = (changes: ReturnType<typeof rateChanges>) =>
  changes
    .map(
      (change) =>
        `${change.impact} ${change.where}: ${change.messages.map((message: { text: string }) => message.text).join(' ')}`,
    )
    .join('\n');

describe('the rated diff', () => {
  // The committed baseline is the bundle the seeds start from; if the contract moved on, seed from the baseline.
  const baseline = JSON.parse(readFileSync(baselineFile, 'utf8'));

  /** The rated changes of each list's diff: its seeds applied together to the baseline, rated once. */
  const rated = new Map<Row[], Promise<RatedChange[]>>();
  const ratedList = (list: Row[]) => {
    const known = rated.get(list);
    if (known) return known;
    const revision = seed((document) => {
      for (const [, mutate] of list) mutate(document);
    }, baseline);
    const changes = redoclyDiff(baselineFile, revision).then((report) =>
      rateChanges(report, { base: baseline, revision: JSON.parse(readFileSync(revision, 'utf8')) }),
    );
    rated.set(list, changes);
    return changes;
  };
  /** The changes of a diff that not exactly one of its cases claims. */
  const unclaimed = (changes: RatedChange[], list: Row[]) =>
    changes.filter((change) => list.filter(([, , , , at]) => at.includes(change.where)).length !== 1);

  // The diffs run at once (vitest's maxConcurrency); a diff of two documents diffed before (whatever their
  // info.version) is read from redoclyDiff's cache.
  it.concurrent.for(cases)('rates $name as $impact', async ({ impact, named, at, list }: Case, { expect }) => {
    const changes = await ratedList(list);
    expect(describeChanges(unclaimed(changes, list))).toBe('');
    const own = changes.filter((change) => at.includes(change.where));
    expect(requiredBump(own)).toBe(impact);
    expect(describeChanges(own)).toMatch(named);
  });

  // The baseline, as the gate's unchanged contract: one diff for both.
  it('finds no change between a bundle and itself', async () => {
    const same = seed(() => {}, baseline);
    expect(rateChanges(await redoclyDiff(same, same), { base: baseline, revision: baseline })).toEqual([]);
  });
});
