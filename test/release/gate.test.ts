// The breaking-change gate (`npm run diff`, run by `npm test`): it fails when the versions announce a smaller
// bump than the changes since the last release require, naming each change and the fix, and passes when they
// announce enough. The seeds start from the recorded release; the versions come from a scratch copy of the
// files that carry them, so the tests hold whatever version the tree is at. The cases that seed one change at
// several versions share one Redocly diff (redoclyDiff sets info.version aside), and the rating's too.
import { readFileSync } from 'node:fs';
import { checkChanges, formatReport } from '@trading-analytics/pipeline/gate';
import { contractVersion, nextVersion, setVersion } from '@trading-analytics/pipeline/versions';
import { describe, expect, it } from 'vitest';
import { runNode } from '../support/commands';
import type { Json } from '../support/contract';
import { addLeverageAndOperation, baselineFile, removeMargin, root, schemas, scratchRepo, seed } from './seeds';

const release: Json = JSON.parse(readFileSync(baselineFile, 'utf8'));
const released: string = release.info.version;
const atVersion = (version: string) => (document: Json) => {
  document.info.version = version;
};

/** The gate's verdict on `mutate` applied to the release, with every version of a scratch repository at `version`. */
async function gate(mutate: (document: Json) => void, version: string) {
  const repoRoot = scratchRepo();
  await setVersion(repoRoot, version);
  const bundleFile = seed((document) => {
    mutate(document);
    atVersion(version)(document);
  }, release);
  const result = await checkChanges({ baselineFile, bundleFile, repoRoot });
  return { result, report: formatReport(result, { baselineFile, bundleFile }) };
}

describe('npm run diff', () => {
  it('fails on a removed response field, naming the field and the fix, and exits 1', async () => {
    // Both sides at the tree's own version, so the versions announce no bump whatever the tree is at.
    const current = await contractVersion(root);
    const baseline = seed(atVersion(current), release);
    const bundle = seed((document) => {
      removeMargin(document);
      atVersion(current)(document);
    }, release);
    const failure = await runNode('scripts/diff.mjs', ['--baseline', baseline, '--bundle', bundle], { cwd: root });
    expect(failure.code).toBe(1);
    expect(failure.stdout).toMatch(
      /major {2}schema Position › properties › margin: Property `margin` of `Position` was removed\./,
    );
    expect(failure.stdout).toContain('FAILED:');
    expect(failure.stdout).toContain(`Fix: bump to ${nextVersion(current, 'major')}: npm run bump -- major`);
  });

  it('passes an additive change under a minor bump', async () => {
    const { result, report } = await gate(addLeverageAndOperation, nextVersion(released, 'minor'));
    expect(result.required).toBe('minor');
    expect(result.announced).toBe('minor');
    expect(result.problems).toEqual([]);
    expect(report).toMatch(/minor {2}schema Position › properties › leverage: Added property `leverage`\./);
    expect(report).toMatch(/minor {2}path \/v1\/pairs\/\{pairBase\}: Added path item\./);
    expect(report).toContain('OK: the versions announce every change.');
  });

  it('fails the same additive change without a bump, asking for the minor one', async () => {
    const { result } = await gate(addLeverageAndOperation, released);
    expect(result.problems).toEqual([
      `These changes require a minor bump from ${released}, but the version is still ${released}.`,
      `Fix: bump to ${nextVersion(released, 'minor')}: npm run bump -- minor`,
    ]);
  });

  it('fails a breaking change under a minor bump', async () => {
    const { result } = await gate(removeMargin, nextVersion(released, 'minor'));
    expect(result.problems[0]).toBe(
      `These changes require a major bump from ${released}, but the version announces a minor bump (${nextVersion(released, 'minor')}).`,
    );
  });

  it('asks at least a patch for a description edit, and passes it with one', async () => {
    const edit = (document: Json) => {
      schemas(document).Position.description += ' Edited.';
    };
    expect((await gate(edit, released)).result.problems.at(-1)).toBe(
      `Fix: bump to ${nextVersion(released, 'patch')}: npm run bump -- patch`,
    );
    expect((await gate(edit, nextVersion(released, 'patch'))).result.problems).toEqual([]);
  });

  it('passes an unchanged contract at an unchanged version', async () => {
    const { result, report } = await gate(() => {}, released);
    expect(result.changes).toEqual([]);
    expect(result.problems).toEqual([]);
    expect(report).toContain('  no changes');
  });

  it('fails when a package does not carry the contract version, naming it', async () => {
    const repoRoot = scratchRepo({ late: { name: '@trading-analytics/late', version: '0.1.0' } });
    const bundleFile = seed(atVersion(await contractVersion(repoRoot)), release);
    const result = await checkChanges({ baselineFile, bundleFile, repoRoot });
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatch(
      /@trading-analytics\/late \(packages\/late\) is 0\.1\.0\. Fix: npm run bump -- \d+\.\d+\.\d+$/,
    );
  });

  it('fails a version lower than the release', async () => {
    const repoRoot = scratchRepo();
    const lower = seed(atVersion('0.9.0'), release);
    const baseline = seed(atVersion(released), release);
    await setVersion(repoRoot, '0.9.0');
    const result = await checkChanges({ baselineFile: baseline, bundleFile: lower, repoRoot });
    expect(result.problems[0]).toMatch(
      new RegExp(`The version went backwards, from ${released.replaceAll('.', '\\.')} to 0\\.9\\.0\\.`),
    );
  });
});
