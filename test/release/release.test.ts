// `npm run release`: packs every package with an SBOM and a SHA-256 list and changes nothing in the tree;
// with `--publish --registry <url>` it publishes the tarballs, only once every other step passed, and prints no
// credential. One run (without the build: generated/ is checked fresh by the contract project) publishes to a
// throwaway Verdaccio and serves every check: the tarballs install from that registry into a fresh app whose
// npm cache holds none of them, their bins run, a strict consumer type-checks, and each SBOM lists exactly what
// installing its package alone from the registry brings. Recording writes the changelogs and refuses to rewrite
// a recorded release by accident.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { contractEntry, groupChanges, packageEntry, writeEntry } from '@trading-analytics/pipeline/changelog';
import type { RatedChange } from '@trading-analytics/pipeline/gate';
import { publishOrder, publishTarballs, redact, registryUrl } from '@trading-analytics/pipeline/publish';
import { checkRecordable, checksumsName } from '@trading-analytics/pipeline/release';
import { npmPurl } from '@trading-analytics/pipeline/sbom';
import { type Bump, contractVersion, workspacePackages } from '@trading-analytics/pipeline/versions';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { outputOf, runCommand } from '../support/commands';
import { type Json, listOperations, loadBundle } from '../support/contract';
import { scratchEnv, typeCheckProject } from '../support/packing';
import {
  cachedTarballs,
  cacheKeys,
  heldIntegrity,
  namesOurScope,
  type Registry,
  seedCache,
  startRegistry,
} from '../support/registry';
import { baselineFile, root } from './seeds';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const work = mkdtempSync(path.join(tmpdir(), 'release-out-'));
const outDir = path.join(work, 'release');
const tracked = [
  'CHANGELOG.md',
  'generated/release/openapi.json',
  'packages/client/CHANGELOG.md',
  'packages/mock/CHANGELOG.md',
];
const snapshot = () => tracked.map((file) => readFileSync(path.join(root, file), 'utf8'));
const tarballName = (pkg: Json) => `${pkg.name.replace(/^@/, '').replace('/', '-')}-${pkg.version}.tgz`;
const fromTarball = (tarball: string, file: string) =>
  outputOf('tar', ['-xzOf', path.join(outDir, tarball), `package/${file}`]);

interface Outcome {
  code: number;
  output: string;
}

/** `npm run release` as a user runs it, with npm set up for the registry (its token in the user config). */
async function releaseCommand(args: string[], env: NodeJS.ProcessEnv): Promise<Outcome> {
  // The release runs its installs and packs: the limit is the hook's, not a command's.
  const outcome = await runCommand(process.execPath, ['scripts/release.mjs', ...args], {
    cwd: root,
    env,
    timeoutMs: 900_000,
  });
  return { code: outcome.code ?? 1, output: `${outcome.stdout}${outcome.stderr}` };
}

let packages: Json[];
let released: Json[];
let version: string;
let before: string[];
let registry: Registry;
let registryEnv: NodeJS.ProcessEnv;
let failedFirst: Outcome;
let failedFirstHeld: string[];
let published: Outcome;

/**
 * The npm cache of the apps that install from the throwaway registry, of their own: seeded with the user's
 * third-party tarballs and package documents, never with anything of ours (see seedCache).
 */
const appCache = path.join(work, 'app-cache');

/** Writes an app that depends on `dependencies` and takes the release's packages from the registry. */
async function makeApp(folder: string, dependencies: Record<string, string>): Promise<string> {
  const app = path.join(work, folder);
  await mkdir(app, { recursive: true });
  await writeFile(
    path.join(app, 'package.json'),
    JSON.stringify({ name: folder, private: true, type: 'module', dependencies }),
  );
  await writeFile(path.join(app, '.npmrc'), `${registry.scopeConfig}\n`);
  return app;
}

/**
 * Installs an app's dependencies from the registry, with the test's own npm cache (see appCache);
 * `lockOnly`: npm resolves the tree it would install and writes it to package-lock.json, fetching no tarball,
 * with the user's npm cache instead, which holds the registry's answers the release's SBOM step just resolved
 * with: both read the same answers, so a dependency published between the two (or a registry that answers
 * two requests differently) cannot make them differ.
 */
async function installApp(app: string, { lockOnly = false } = {}): Promise<void> {
  await outputOf(
    npm,
    [
      'install',
      ...(lockOnly ? ['--package-lock-only'] : ['--cache', appCache]),
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
    ],
    {
      cwd: app,
      env: registryEnv,
      timeoutMs: 600_000,
    },
  );
}

/** Whether this machine is one of those a package's `os` or `cpu` list names (npm's reading: `!x` excludes x). */
function listsThisMachine(list: string[] | undefined, value: string): boolean {
  if (list === undefined || (list.length === 1 && list[0] === 'any')) return true;
  const excluded = list.filter((entry) => entry.startsWith('!')).map((entry) => entry.slice(1));
  if (excluded.includes(value)) return false;
  const named = list.filter((entry) => !entry.startsWith('!'));
  return named.length === 0 || named.includes(value);
}

/**
 * What installing the lockfile's tree brings to this machine: its entries, without the optional packages made
 * for other platforms, which npm resolves but leaves out when it installs (fsevents, say). One of those with
 * dependencies of its own would leave them out too: the comparison then needs a real install, and says so.
 */
function installedHere(lock: Json): [string, Json][] {
  const entries = Object.entries(lock.packages as Record<string, Json>);
  const elsewhere = entries.filter(
    ([, entry]) =>
      entry.optional === true &&
      !(listsThisMachine(entry.os, process.platform) && listsThisMachine(entry.cpu, process.arch)),
  );
  for (const [location, entry] of elsewhere)
    if (Object.keys({ ...entry.dependencies, ...entry.optionalDependencies }).length > 0)
      throw new Error(`${location} is for another platform and has dependencies: compare with a real install`);
  return entries.filter((entry) => !elsewhere.includes(entry));
}

const integrityOf = (file: string) => `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;

beforeAll(async () => {
  packages = await workspacePackages(root);
  released = packages.filter((pkg) => pkg.json.private !== true);
  version = await contractVersion(root);
  before = snapshot();
  registry = await startRegistry();
  registryEnv = { ...scratchEnv, npm_config_userconfig: registry.userconfig };
  // A step that fails before publishing (here the pack: --out lies under a file) publishes nothing.
  const blocked = path.join(work, 'a-file');
  writeFileSync(blocked, '');
  const publish = ['--publish', '--registry', registry.url];
  failedFirst = await releaseCommand(['--skip-build', '--out', path.join(blocked, 'release'), ...publish], registryEnv);
  failedFirstHeld = (await Promise.all(released.map((pkg) => heldIntegrity(registry, pkg.name, version)))).filter(
    (held): held is string => held !== undefined,
  );
  published = await releaseCommand(['--skip-build', '--out', outDir, ...publish], registryEnv);
}, 900_000);

afterAll(async () => {
  await registry?.stop();
  await rm(work, { recursive: true, force: true });
});

describe('npm run release -- --publish --registry <url>', () => {
  it('passes every step and publishes last, printing no credential', () => {
    expect(published.code, published.output).toBe(0);
    const steps = [...published.output.matchAll(/^- (\w+) \.\.\. ok/gm)].map((match) => match[1]);
    expect(steps).toEqual(['gate', 'pack', 'SBOM', 'checksums', 'publish']);
    expect(published.output).not.toContain(registry.token);
  });

  it('publishes nothing when a step before it fails', () => {
    expect(failedFirst.code, failedFirst.output).toBe(1);
    expect(failedFirst.output).toMatch(/^- pack \.\.\. FAILED/m);
    expect(failedFirst.output).not.toMatch(/^- publish /m);
    expect(failedFirst.output).not.toContain(registry.token);
    expect(failedFirstHeld).toEqual([]);
  });

  it('puts every package on the registry as packed, at the one version', async () => {
    for (const pkg of released)
      expect(await heldIntegrity(registry, pkg.name, version), pkg.name).toBe(
        integrityOf(path.join(outDir, tarballName(pkg))),
      );
  });

  it('leaves a version the registry holds with the same tarball, and publishes nothing when it holds one with another', async () => {
    const tarballs = released.map((pkg) => ({
      name: pkg.name,
      version,
      tarball: path.join(outDir, tarballName(pkg)),
      needs: [],
    }));
    // A rerun after a partial publish, of a package the registry holds (that each one it holds is the same
    // tarball is the test above): one npm view, not one per package.
    const types = tarballs.find((pkg) => pkg.name === '@trading-analytics/types')!;
    const again = await publishTarballs([types], registry.url);
    expect(again).toBe(
      `${registry.url}: published nothing; already there with the same tarball: ${types.name}@${version}`,
    );
    // The same files compressed otherwise: another tarball under a version the registry already holds.
    const core = tarballs.find((pkg) => pkg.name === '@trading-analytics/core')!;
    const other = path.join(work, 'core-other.tgz');
    writeFileSync(other, gzipSync(gunzipSync(readFileSync(core.tarball)), { level: 1 }));
    expect(integrityOf(other)).not.toBe(integrityOf(core.tarball));
    await expect(publishTarballs([{ ...core, tarball: other }], registry.url)).rejects.toThrow(
      `already holds @trading-analytics/core@${version} with another tarball than this release's: nothing was published`,
    );
    expect(await heldIntegrity(registry, core.name, version)).toBe(integrityOf(core.tarball));
  });

  it('installs every package from the registry into a fresh app whose cache holds none of them: the bins run and a strict consumer type-checks', async () => {
    // npm takes a tarball from its cache by integrity, and ours have the same bytes each run: the app's cache,
    // seeded with the user's third-party tarballs and documents, has none of ours, and no entry about our scope.
    const ours = released.map((pkg) => path.join(outDir, tarballName(pkg)));
    await seedCache(appCache, ours);
    expect(cachedTarballs(appCache, ours)).toEqual([]);
    expect((await cacheKeys(appCache)).filter(namesOurScope)).toEqual([]);
    // A Node app, so it has Node's types (the mock's declarations use them), at the version this repository pins.
    const nodeTypes = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).devDependencies['@types/node'];
    const app = await makeApp('consumer-app', {
      ...Object.fromEntries(released.map((pkg) => [pkg.name, version])),
      '@types/node': nodeTypes,
    });
    await installApp(app);
    for (const command of ['trading-analytics-mock', 'trading-analytics-conformance']) {
      // The command npm linked into the app's node_modules/.bin (what `npx <command>` runs there), run as it is.
      const bin = path.join(app, 'node_modules/.bin', process.platform === 'win32' ? `${command}.cmd` : command);
      const stdout = await outputOf(bin, ['--help'], { cwd: app, env: registryEnv });
      expect(stdout.startsWith(`Usage: ${command} `), stdout).toBe(true);
    }
    const consumer = `/// <reference types="node" />
import { createContract, type OpenApiDocument } from '@trading-analytics/core';
import { createClient, type TradingAnalyticsClient, unwrap } from '@trading-analytics/client';
import { createSandbox, DEFAULT_SEED } from '@trading-analytics/sandbox';
import { createHandlers, scenario, type ScenarioKey } from '@trading-analytics/msw';
import { type MockServer, startMock } from '@trading-analytics/mock';
import { parsePort } from '@trading-analytics/mock/cli';
import { type ConformanceReport, formatSummary, runConformance } from '@trading-analytics/conformance';

const client: TradingAnalyticsClient = createClient({ baseUrl: 'http://127.0.0.1:4010' });
export async function topTraders(): Promise<string[]> {
  const page = unwrap(await client.GET('/v1/leaderboard', { params: { query: { timeframe: 'SEVEN_DAY' } } }));
  return page.content.map((row) => row.userAddress);
}
export const port: number = parsePort('4010');
export const operationCount = (document: OpenApiDocument): number => createContract(document).operations.length;
export const world = createSandbox({ seed: DEFAULT_SEED });
export const handlers = createHandlers({ scenarios: { getUnrealizedPnl: '503' } });
export const unavailable: ScenarioKey<'getUnrealizedPnl'> = '503';
// @ts-expect-error: a scenario the contract does not document
scenario('getUnrealizedPnl', 'no-such-case');
export const serve = (): Promise<MockServer> => startMock({ port: 0 });
export async function check(): Promise<string> {
  const report: ConformanceReport = await runConformance({ baseUrl: 'http://127.0.0.1:4010', workflows: false });
  return formatSummary(report);
}
`;
    await writeFile(path.join(app, 'consumer.ts'), consumer);
    expect(await typeCheckProject(app, ['consumer.ts'], ['ES2022', 'DOM'])).toBe('');
  }, 600_000);
});

describe('npm run release (what it writes)', () => {
  it('packs every package under packages/* that is not private, at the one version', async () => {
    const names = readdirSync(outDir);
    for (const pkg of released) {
      expect(names).toContain(tarballName(pkg));
      expect(JSON.parse(await fromTarball(tarballName(pkg), 'package.json')).version).toBe(version);
    }
  });

  it('ships the built contract inside the mock', async () => {
    const mock = packages.find((pkg) => pkg.name === '@trading-analytics/mock');
    expect(await fromTarball(tarballName(mock), 'contract/openapi.json')).toBe(
      readFileSync(path.join(root, 'generated/openapi.json'), 'utf8'),
    );
  });

  it('lists a SHA-256 of every file it wrote, which `sha256sum -c` accepts', async () => {
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
    const stdout = await outputOf('sha256sum', ['-c', checksumsName], { cwd: outDir });
    expect(stdout).not.toMatch(/FAILED/);
  });

  it('writes a CycloneDX SBOM per package naming the package and exactly what installing it alone from the registry brings', async () => {
    // The generator runs in the release's process and asks npm its version once: each SBOM still names the npm
    // that installed its package.
    const npmVersion = (await outputOf(npm, ['--version'], { cwd: work, env: scratchEnv })).trim();
    await Promise.all(
      released.map(async (pkg) => {
        const sbom = JSON.parse(
          readFileSync(path.join(outDir, tarballName(pkg).replace(/\.tgz$/, '.cdx.json')), 'utf8'),
        );
        expect(sbom.bomFormat).toBe('CycloneDX');
        expect(sbom.metadata.component.purl).toBe(npmPurl(pkg.name, version));
        expect(
          sbom.metadata.tools.components.filter((tool: Json) => tool.name === 'npm').map((tool: Json) => tool.version),
          pkg.name,
        ).toEqual([npmVersion]);
        const listed = new Set<string>(sbom.components.map((component: Json) => component.purl.replace(/\?.*$/, '')));
        // The same package alone in an app of its own: the tree npm resolves to install it from the registry
        // (with the answers the release resolved with, see installApp) is all that comes with it.
        const app = await makeApp(`alone-${pkg.dir.split('/').at(-1)}`, { [pkg.name]: version });
        await installApp(app, { lockOnly: true });
        const lock = JSON.parse(await readFile(path.join(app, 'package-lock.json'), 'utf8'));
        const installed = new Set<string>(
          installedHere(lock)
            .filter(([location]) => location !== '' && location !== `node_modules/${pkg.name}`)
            .map(([location, entry]) => npmPurl(entry.name ?? location.split('node_modules/').at(-1), entry.version)),
        );
        expect([...listed].sort(), pkg.name).toEqual([...installed].sort());
      }),
    );
  }, 600_000);

  it('changes nothing in the tree', () => {
    expect(snapshot()).toEqual(before);
  });
});

describe('the release command line', () => {
  it.each([
    [['--registry', 'http://127.0.0.1:9/'], '--registry only makes sense with --publish'],
    [['--publish'], '--publish needs --registry <url>'],
    [['--publish', '--registry', 'file:///tmp/registry'], '--registry must be an http or https URL'],
  ])('refuses %j before building anything', async (args, message) => {
    const { code, output } = await releaseCommand(args, scratchEnv);
    expect(code).toBe(1);
    expect(output).toContain(message);
    expect(output).not.toMatch(/^- /m);
  });

  it('shows a registry without its credentials and hides tokens in what npm prints', () => {
    expect(registryUrl('https://someone:secret@registry.example/npm/?token=abc').shown).toBe(
      'https://registry.example/npm/',
    );
    const shown = redact(
      'GET https://someone:secret@registry.example/x //registry.example/:_authToken=abc123 Authorization: Bearer eyJ.x-y npm_0123456789abcdefghijABCDEFGHIJ',
    );
    for (const secret of ['secret', 'abc123', 'eyJ.x-y', 'npm_0123456789abcdefghijABCDEFGHIJ'])
      expect(shown).not.toContain(secret);
  });

  it('publishes a package after the release’s packages it needs, and refuses a cycle', () => {
    const pkg = (name: string, needs: string[] = []) => ({ name, version: '1.0.0', tarball: `${name}.tgz`, needs });
    const order = publishOrder([pkg('msw', ['client', 'core']), pkg('client'), pkg('core'), pkg('mock', ['core'])]);
    expect(order.map((item) => item.name)).toEqual(['client', 'core', 'msw', 'mock']);
    expect(() => publishOrder([pkg('a', ['b']), pkg('b', ['a'])])).toThrow('need each other');
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
