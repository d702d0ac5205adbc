// `npm run bump`: one version for the contract and every package under packages/*, moved together. Run on
// scratch copies of the files that carry the versions, never on the tree itself.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bumpVersions, nextVersion, versions } from '@trading-analytics/pipeline/versions';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runNode } from '../support/commands';
import type { Json } from '../support/contract';
import { root, scratchRepo } from './seeds';

const read = (repo: string, file: string) => readFileSync(path.join(repo, file), 'utf8');

describe('npm run bump', () => {
  it('moves the contract, every package (a new one too), the lockfile and internal ranges to one version', async () => {
    // A package that arrives on another branch, depending on the client: the bump finds it by folder.
    const repo = scratchRepo({
      late: {
        name: '@trading-analytics/late',
        version: '0.1.0',
        dependencies: { '@trading-analytics/client': '^1.0.0', 'left-alone': '^1.0.0' },
      },
    });
    const before = await versions(repo);
    const yamlBefore = read(repo, 'openapi/openapi.yaml');

    const { from, to, changed } = await bumpVersions(repo, 'minor');

    expect(from).toBe(before.contract);
    expect(to).toBe(nextVersion(before.contract, 'minor'));
    const after = await versions(repo);
    expect(after.contract).toBe(to);
    expect(after.packages.map((pkg: Json) => [pkg.dir, pkg.version])).toEqual(
      before.packages.map((pkg: Json) => [pkg.dir, to]),
    );
    expect(after.disagreeing).toEqual([]);
    expect(after.packages.find((pkg: Json) => pkg.dir === 'packages/late')!.json.dependencies).toEqual({
      '@trading-analytics/client': `^${to}`,
      'left-alone': '^1.0.0',
    });

    // Only the version line of openapi.yaml changed.
    const yamlAfter = read(repo, 'openapi/openapi.yaml');
    const differing = yamlAfter.split('\n').filter((line, index) => line !== yamlBefore.split('\n')[index]);
    expect(differing).toEqual([`  version: ${to}`]);
    expect(parse(yamlAfter).info.version).toBe(to);

    const lock = JSON.parse(read(repo, 'package-lock.json'));
    for (const pkg of before.packages.filter((entry: Json) => lock.packages[entry.dir]))
      expect(lock.packages[pkg.dir].version).toBe(to);
    expect(changed).toEqual(
      expect.arrayContaining(['openapi/openapi.yaml', 'package-lock.json', 'packages/late/package.json']),
    );
  });

  it("moves the packed tarball a package's README names, and nothing else in it", async () => {
    const repo = scratchRepo();
    const { contract } = await versions(repo);
    const readme = (version: string) =>
      `Install \`npm install ./trading-analytics-mock-${version}.tgz\`; the client is @trading-analytics/client ${version}.\n`;
    writeFileSync(path.join(repo, 'packages/mock/README.md'), readme(contract));
    const { to, changed } = await bumpVersions(repo, 'patch');
    expect(read(repo, 'packages/mock/README.md')).toBe(
      readme(contract).replace(`mock-${contract}.tgz`, `mock-${to}.tgz`),
    );
    expect(changed).toContain('packages/mock/README.md');
  });

  it('sets an exact version, which brings a lagging package into line', async () => {
    const repo = scratchRepo({ late: { name: '@trading-analytics/late', version: '0.1.0' } });
    const { contract } = await versions(repo);
    const { changed } = await bumpVersions(repo, contract);
    expect(changed).toEqual(['packages/late/package.json']);
    expect((await versions(repo)).disagreeing).toEqual([]);
  });

  it.each([['major'], ['patch']])('applies a %s bump from the contract version', async (bump) => {
    const repo = scratchRepo();
    const { contract } = await versions(repo);
    await bumpVersions(repo, bump);
    expect((await versions(repo)).contract).toBe(nextVersion(contract, bump));
  });

  it('refuses anything but a bump or a plain version, with its usage', async () => {
    const failure = await runNode('scripts/bump.mjs', ['huge'], { cwd: root });
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain('Usage: npm run bump -- <major|minor|patch|X.Y.Z>');
    await expect(bumpVersions(scratchRepo(), '2.0')).rejects.toThrow('"2.0" is not a plain MAJOR.MINOR.PATCH version.');
  });
});
