// `npm run release`: a dry run packs every package with an SBOM and a SHA-256 list and changes nothing in the
// tree; recording writes the changelogs and refuses to rewrite a recorded release by accident. One dry run
// (without the build: generated/ is checked fresh by the contract project; with the tarballs the global setup
// packed for the run) serves every check of its output.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { contractEntry, groupChanges, packageEntry, writeEntry } from '../../scripts/lib/changelog.mjs';
import type { RatedChange } from '../../scripts/lib/gate.mjs';
import { type Bump, contractVersion, workspacePackages } from '../../scripts/lib/versions.mjs';
import { checkRecordable, checksumsName, release } from '../../scripts/release.mjs';
import { type Json, listOperations, loadBundle } from '../support/contract';
import { baselineFile, root } from './seeds';

const outDir = mkdtempSync(path.join(tmpdir(), 'release-out-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));
const tracked = [
  'CHANGELOG.md',
  'generated/release/openapi.json',
  'packages/client/CHANGELOG.md',
  'packages/mock/CHANGELOG.md',
];
const snapshot = () => tracked.map((file) => readFileSync(path.join(root, file), 'utf8'));
const tarballName = (pkg: Json) => `${pkg.name.replace(/^@/, '').replace('/', '-')}-${pkg.version}.tgz`;
const fromTarball = (tarball: string, file: string) =>
  execFileSync('tar', ['-xzOf', path.join(outDir, tarball), `package/${file}`], { encoding: 'utf8' });

let packages: Json[];
let version: string;
let before: string[];

beforeAll(async () => {
  packages = await workspacePackages(root);
  version = await contractVersion(root);
  before = snapshot();
  expect(await release({ skipBuild: true, outDir, packed: inject('packed') })).toBe(true);
}, 180_000);

describe('npm run release (dry)', () => {
  it('packs every package under packages/* that is not private, at the one version', () => {
    const names = readdirSync(outDir);
    for (const pkg of packages.filter((candidate) => candidate.json.private !== true)) {
      expect(names).toContain(tarballName(pkg));
      expect(JSON.parse(fromTarball(tarballName(pkg), 'package.json')).version).toBe(version);
    }
  });

  it('ships the built contract inside the mock', () => {
    const mock = packages.find((pkg) => pkg.name === '@trading-analytics/mock');
    expect(fromTarball(tarballName(mock), 'contract/openapi.json')).toBe(
      readFileSync(path.join(root, 'generated/openapi.json'), 'utf8'),
    );
  });

  it('lists a SHA-256 of every file it wrote, which `sha256sum -c` accepts', () => {
    const lines = readFileSync(path.join(outDir, checksumsName), 'utf8').trim().split('\n');
    const written = readdirSync(outDir)
      .filter((name) => name !== checksumsName)
      .sort();
    expect(lines.map((line) => line.split('  ')[1])).toEqual(written);
    for (const line of lines) {
      const [hash, name] = line.split('  ');
      expect(
        createHash('sha256')
          .update(readFileSync(path.join(outDir, name!)))
          .digest('hex'),
      ).toBe(hash);
    }
    expect(execFileSync('sha256sum', ['-c', checksumsName], { cwd: outDir, encoding: 'utf8' })).not.toMatch(/FAILED/);
  });

  it('writes a CycloneDX SBOM per package naming its runtime dependencies at their installed versions', () => {
    const client = packages.find((pkg) => pkg.name === '@trading-analytics/client');
    const sbom = JSON.parse(
      readFileSync(path.join(outDir, tarballName(client).replace(/\.tgz$/, '.cdx.json')), 'utf8'),
    );
    expect(sbom.bomFormat).toBe('CycloneDX');
    const installed = createRequire(path.join(root, 'packages/client/package.json'))(
      'openapi-fetch/package.json',
    ).version;
    const purls = sbom.components.map((component: Json) => component.purl);
    expect(purls).toContain(`pkg:npm/%40trading-analytics/client@${version}`);
    expect(purls).toContain(`pkg:npm/openapi-fetch@${installed}`);
    // The repository's dev tools are not part of what the package brings.
    expect(purls.some((purl: string) => purl.startsWith('pkg:npm/vitest@'))).toBe(false);
  });

  it('changes nothing in the tree', () => {
    expect(snapshot()).toEqual(before);
  });
});

describe('recording a release', () => {
  it('refuses to record a version that is already recorded, naming the explicit way to re-record the first', () => {
    expect(() => checkRecordable({ version: '1.0.0', baselineVersion: '1.0.0', recorded: ['1.0.0'] })).toThrow(
      'Release 1.0.0 is already recorded (generated/release/openapi.json). Bump first (npm run bump -- <major|minor|patch>), or, only if 1.0.0 is the first release and was never published, re-record it: npm run release -- --record --replace 1.0.0',
    );
  });

  it('re-records only the first release, and only when --replace names it', () => {
    expect(() =>
      checkRecordable({ version: '1.0.0', baselineVersion: '1.0.0', replace: '1.0.0', recorded: ['1.0.0'] }),
    ).not.toThrow();
    expect(() =>
      checkRecordable({ version: '1.0.0', baselineVersion: '1.0.0', replace: '1.0.1', recorded: ['1.0.0'] }),
    ).toThrow('names another version');
    expect(() =>
      checkRecordable({ version: '1.1.0', baselineVersion: '1.1.0', replace: '1.1.0', recorded: ['1.1.0', '1.0.0'] }),
    ).toThrow('only re-records the first release');
    expect(() =>
      checkRecordable({ version: '1.0.0', baselineVersion: undefined, replace: '1.0.0', recorded: [] }),
    ).toThrow('nothing to replace');
  });

  it('records a new version', () => {
    expect(() => checkRecordable({ version: '1.1.0', baselineVersion: '1.0.0', recorded: ['1.0.0'] })).not.toThrow();
  });

  it('puts new entries on top, refuses a second entry for a version, and rewrites it only when replacing', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'changelog-'));
    onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
    const file = path.join(folder, 'CHANGELOG.md');
    await writeEntry(file, { version: '1.0.0', entry: '## 1.0.0 (2026-01-01)\n\nfirst' });
    await writeEntry(file, { version: '1.1.0', entry: '## 1.1.0 (2026-02-01)\n\nsecond' });
    await expect(writeEntry(file, { version: '1.1.0', entry: '## 1.1.0 (2026-02-02)\n\nagain' })).rejects.toThrow(
      'already has an entry for 1.1.0',
    );
    await writeEntry(file, { version: '1.1.0', entry: '## 1.1.0 (2026-02-03)\n\nrewritten', replace: true });
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('# Changelog\n')).toBe(true);
    expect([...text.matchAll(/^## (.+)$/gm)].map((match) => match[1])).toEqual([
      '1.1.0 (2026-02-03)',
      '1.0.0 (2026-01-01)',
    ]);
    expect(text).toContain('rewritten');
  });

  it('says what the first release covers: every operation by tag, and the packages', async () => {
    const bundle = loadBundle();
    const entry = contractEntry({ version: '1.0.0', date: '2026-11-23', bundle, changes: undefined, packages });
    expect(entry).toContain(`all ${listOperations(bundle).length} operations`);
    for (const { method, path: route } of listOperations(bundle))
      expect(entry).toContain(`\`${method.toUpperCase()} ${route}\``);
    for (const tag of bundle.tags) expect(entry).toContain(`- **${tag.name}** (`);
    for (const pkg of packages) expect(entry).toContain(`- \`${pkg.name}\`: `);
  });

  it('groups later changes as Breaking, Added, Changed and Fixed', () => {
    const change = (impact: Bump, kind: RatedChange['kind'], text: string): RatedChange => ({
      impact,
      kind,
      where: 'here',
      messages: [{ text }],
    });
    const changes = [
      change('major', 'removed', 'gone'),
      change('minor', 'added', 'new'),
      change('minor', 'modified', 'Marked deprecated.'),
      change('patch', 'modified', 'reworded'),
    ];
    expect(
      Object.fromEntries(
        Object.entries(groupChanges(changes)).map(([group, members]) => [
          group,
          (members as Json[]).map((member) => member.messages[0].text),
        ]),
      ),
    ).toEqual({
      Breaking: ['gone'],
      Added: ['new'],
      Changed: ['Marked deprecated.'],
      Fixed: ['reworded'],
    });
    const entry = packageEntry({
      version: '2.0.0',
      date: '2026-12-01',
      bundle: loadBundle(),
      changes,
      pkg: packages[0],
    });
    expect(entry.indexOf('### Breaking')).toBeLessThan(entry.indexOf('### Added'));
    expect(entry).toContain('- here: gone');
  });

  it('keeps the recorded release in the tree, where check-generated does not look', () => {
    expect(JSON.parse(readFileSync(baselineFile, 'utf8')).info.version).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
