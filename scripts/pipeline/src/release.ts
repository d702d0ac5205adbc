// The release behind `npm run release` (scripts/release.mjs): builds, runs the breaking-change gate, packs every
// package under packages/* into dist/release/ with a CycloneDX SBOM each and a SHA-256 list of it all. Dry by
// default: nothing is published unless asked, and nothing in the tree changes. `record` also records the release
// (the baseline generated/release/openapi.json and the changelog entries); `registry` publishes the tarballs
// (publish.ts), last.
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contractChangelog, contractEntry, packageEntry, writeEntry } from './changelog.js';
import { compileStep } from './compile.js';
import type { GateResult } from './gate.js';
import { baselinePath, checkChanges, formatReport } from './gate.js';
import { packWorkspaces } from './pack.js';
import { publishTarballs, registryUrl } from './publish.js';
import { outputOf } from './run-command.js';
import { dependencyFields, writePackageSbom } from './sbom.js';
import type { Step } from './steps.js';
import { bundlePath, root, runSteps, StepError } from './steps.js';
import type { WorkspacePackage } from './versions.js';
import { contractVersion } from './versions.js';

export const checksumsName = 'SHA256SUMS';

/** `sha256sum`'s format (`<hex>  <name>`), so `sha256sum -c SHA256SUMS` verifies the folder. */
async function writeChecksums(outDir: string) {
  const names = (await readdir(outDir)).filter((name) => name !== checksumsName).sort();
  const lines: string[] = [];
  for (const name of names)
    lines.push(
      `${createHash('sha256')
        .update(await readFile(path.join(outDir, name)))
        .digest('hex')}  ${name}`,
    );
  await writeFile(path.join(outDir, checksumsName), `${lines.join('\n')}\n`);
  return names.length;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The versions the contract's changelog holds, newest first. */
async function recordedReleases(file = contractChangelog) {
  const text = await readFile(file, 'utf8').catch(() => '');
  return [...text.matchAll(/^## (\d+\.\d+\.\d+) /gm)].map((match) => String(match[1]));
}

/**
 * Decides whether this run may record, before anything is built: refuses to rewrite a recorded release unless
 * --replace names it and it is the first and only one. `recorded` lists the versions the changelog holds.
 */
export function checkRecordable({
  version,
  baselineVersion,
  replace,
  recorded,
}: {
  version: string;
  baselineVersion?: string;
  replace?: string;
  recorded: string[];
}) {
  if (replace !== undefined) {
    if (replace !== version)
      throw new StepError(`--replace ${replace} names another version than the contract's ${version}.`);
    if (baselineVersion !== replace)
      throw new StepError(
        `--replace ${replace}: the recorded baseline is ${baselineVersion ?? 'missing'}, so there is nothing to replace. Record with --record alone.`,
      );
    if (recorded.length > 1 || (recorded.length === 1 && recorded[0] !== replace)) {
      throw new StepError(
        `--replace only re-records the first release while it is unpublished; ${recorded.join(', ')} are recorded. Bump and record a new release instead.`,
      );
    }
    return;
  }
  if (baselineVersion === version) {
    throw new StepError(
      `Release ${version} is already recorded (generated/release/openapi.json). Bump first (npm run bump -- <major|minor|patch>), or, ` +
        `only if ${version} is the first release and was never published, re-record it: npm run release -- --record --replace ${version}`,
    );
  }
}

/**
 * Builds, gates, packs, (with `record`) records and (with `registry`) publishes a release; resolves with
 * whether every step passed. Publishing is the last step, so nothing is published unless all else passed.
 */
export async function release({
  record = false,
  replace,
  skipBuild = false,
  outDir = path.join(root, 'dist/release'),
  registry,
}: {
  record?: boolean;
  replace?: string;
  skipBuild?: boolean;
  outDir?: string;
  registry?: string;
} = {}) {
  if (replace !== undefined && !record) throw new StepError('--replace only makes sense with --record.');
  // A registry that is not one fails here, before anything is built.
  if (registry !== undefined) registryUrl(registry);
  if (record) {
    const baseline = await readFile(baselinePath, 'utf8').then(JSON.parse, () => undefined);
    checkRecordable({
      version: await contractVersion(root),
      baselineVersion: baseline?.info.version,
      replace,
      recorded: await recordedReleases(),
    });
  }
  /** set by the gate step, which every later step follows */
  let gate: GateResult;
  const steps: Step[] = [];
  if (!skipBuild)
    steps.push([
      'build',
      () => outputOf(process.execPath, [path.join(root, 'scripts/build.mjs')]).then(() => 'npm run build passed'),
    ]);
  steps.push([
    'gate',
    async () => {
      gate = await checkChanges();
      const replacing = replace !== undefined;
      // Re-recording the first release folds the changes since its unpublished baseline into it: only the
      // versions' agreement is checked then, the rated changes are shown for the record.
      const problems = replacing ? gate.agreementProblems : gate.problems;
      if (problems.length) throw new StepError(formatReport({ ...gate, problems }));
      return `${gate.version}: ${gate.baselineVersion ? `${gate.changes.length} changes since ${gate.baselineVersion}${replacing ? ' (folded into the re-recorded release)' : ''}` : 'first release'}`;
    },
  ]);
  const artifacts: { pkg: WorkspacePackage; tarball: string }[] = [];
  // What a package ships is built here, once (skipped when nothing changed); the packs run with their scripts off.
  steps.push(compileStep);
  steps.push([
    'pack',
    async () => {
      await rm(outDir, { recursive: true, force: true });
      await mkdir(outDir, { recursive: true });
      // A private package (a test harness, say) keeps the shared version but is not a release artifact.
      const privates = gate.packages.filter((pkg) => pkg.json.private === true);
      const released = gate.packages.filter((candidate) => !privates.includes(candidate));
      const tarballs = await packWorkspaces(outDir, {
        include: (pkg) => released.some((candidate) => candidate.dir === pkg.dir),
      });
      for (const pkg of released) {
        const tarball = tarballs.find((candidate) => candidate.name === pkg.name);
        if (tarball) artifacts.push({ pkg, tarball: path.basename(tarball.tarball) });
      }
      return `${artifacts.map(({ tarball }) => tarball).join(', ')}${privates.length ? ` (private, not packed: ${privates.map((pkg) => pkg.name).join(', ')})` : ''}`;
    },
  ]);
  /** The packed packages as the SBOM and publish steps take them; `needs`: the release's packages each depends on. */
  const packed = () => {
    const names = artifacts.map(({ pkg }) => pkg.name);
    return artifacts.map(({ pkg, tarball }) => ({
      name: pkg.name,
      version: pkg.version,
      tarball: path.join(outDir, tarball),
      needs: names.filter((name) => dependencyFields.some((field) => pkg.json[field]?.[name] !== undefined)),
    }));
  };
  steps.push([
    'SBOM',
    async () => {
      const all = packed();
      const written = await Promise.all(
        all.map(async (pkg) => {
          const name = path.basename(pkg.tarball).replace(/\.tgz$/, '.cdx.json');
          return `${name} (${await writePackageSbom(pkg, all, path.join(outDir, name))} components)`;
        }),
      );
      return `CycloneDX, each from an install of its package alone: ${written.join(', ')}`;
    },
  ]);
  steps.push([
    'checksums',
    async () => `${await writeChecksums(outDir)} files in ${path.relative(root, path.join(outDir, checksumsName))}`,
  ]);
  if (record) {
    steps.push([
      'record',
      async () => {
        const bundle = JSON.parse(await readFile(bundlePath, 'utf8'));
        const first = gate.baselineVersion === undefined || replace !== undefined;
        const changes = first ? undefined : gate.changes;
        const entry = { version: gate.version, date: today(), bundle, changes, replace: replace !== undefined };
        await writeEntry(contractChangelog, {
          version: gate.version,
          entry: contractEntry({ ...entry, packages: gate.packages }),
          replace: entry.replace,
        });
        for (const pkg of gate.packages) {
          await writeEntry(path.join(root, pkg.dir, 'CHANGELOG.md'), {
            title: pkg.name,
            version: gate.version,
            entry: packageEntry({ ...entry, pkg }),
            replace: entry.replace,
          });
        }
        await mkdir(path.dirname(baselinePath), { recursive: true });
        await copyFile(bundlePath, baselinePath);
        return `baseline ${gate.version} in ${path.relative(root, baselinePath)}; CHANGELOG.md and ${gate.packages.length} package changelogs. Commit them (and tag v${gate.version} if you like).`;
      },
    ]);
  }
  if (registry !== undefined) {
    steps.push([
      'publish',
      async () => {
        const note = await publishTarballs(packed(), registry);
        const unrecorded = !record && gate.baselineVersion !== gate.version;
        return unrecorded
          ? `${note} (${gate.version} is not recorded: record it with --record, so the next diff starts from what was published)`
          : note;
      },
    ]);
  }
  const ok = await runSteps(steps);
  if (ok && !record && registry === undefined)
    console.log(
      'Dry run: nothing recorded, nothing published. Record this release with `npm run release -- --record`, publish it with `-- --publish --registry <url>`.',
    );
  return ok;
}
