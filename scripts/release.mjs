// @ts-check
// `npm run release`: builds, runs the breaking-change gate, packs every package under packages/* into
// dist/release/ with a CycloneDX SBOM each and a SHA-256 list of it all. Dry by default: nothing is published
// from here, and nothing in the tree changes.
//
//   npm run release                              build, gate, pack, SBOMs, checksums
//   npm run release -- --record                  the same, then record the release: the baseline
//                                                (generated/release/openapi.json) and the changelog entries
//   npm run release -- --record --replace 1.0.0  re-record the first release over its unpublished baseline
//   --skip-build                                 use generated/ as it is;  --out <dir>  instead of dist/release
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { contractChangelog, contractEntry, packageEntry, writeEntry } from './lib/changelog.mjs';
import { compileStep } from './lib/compile.mjs';
import { baselinePath, checkChanges, formatReport } from './lib/gate.mjs';
import { packWorkspaces } from './lib/pack.mjs';
import { bundlePath, failureText, isEntryPoint, messageOf, root, runSteps, StepError } from './lib/steps.mjs';
import { contractVersion } from './lib/versions.mjs';

/** @import { GateResult } from './lib/gate.mjs' */
/** @import { PackedPackage } from './lib/pack.mjs' */
/** @import { Step } from './lib/steps.mjs' */
/** @import { WorkspacePackage } from './lib/versions.mjs' */

export const checksumsName = 'SHA256SUMS';

/**
 * Runs a command from the repository root; resolves with its stdout, rejects with a StepError.
 * @param {string} command
 * @param {string[]} args
 * @returns {Promise<string>}
 */
function run(command, args, { cwd = root } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => reject(new StepError(`cannot run ${command}: ${error.message}`)));
    child.on('close', (code) =>
      code === 0
        ? resolve(stdout)
        : reject(new StepError(`${command} ${args.join(' ')} exited with ${code}\n${stderr.trim()}`)),
    );
  });
}

/**
 * The package's SBOM (CycloneDX: the package and the dependency tree it installs), written next to its
 * tarball. `--workspace` scopes it to the package; `--omit dev` is not used: npm 11 then also drops a runtime
 * dependency that a root devDependency happens to share (openapi-fetch, via openapi-react-query). `--offline`
 * is safe here, unlike for an install: `npm sbom` reads only the installed tree (node_modules and the
 * lockfile), never the registry, and lists the same tree from an empty npm cache.
 * @param {WorkspacePackage} pkg
 * @param {string} outDir
 * @param {string} tarball the tarball's file name
 */
async function writeSbom(pkg, outDir, tarball) {
  const sbom = await run('npm', ['sbom', '--sbom-format', 'cyclonedx', '--workspace', pkg.name, '--offline']);
  const name = tarball.replace(/\.tgz$/, '.cdx.json');
  JSON.parse(sbom);
  await writeFile(path.join(outDir, name), sbom);
  return name;
}

/** `sha256sum`'s format (`<hex>  <name>`), so `sha256sum -c SHA256SUMS` verifies the folder. */
async function writeChecksums(/** @type {string} */ outDir) {
  const names = (await readdir(outDir)).filter((name) => name !== checksumsName).sort();
  /** @type {string[]} */
  const lines = [];
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
 * @param {{ version: string, baselineVersion?: string, replace?: string, recorded: string[] }} options
 */
export function checkRecordable({ version, baselineVersion, replace, recorded }) {
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
 * Builds, gates, packs and (with `record`) records a release; resolves with whether every step passed.
 * `packed`: the packages already packed from this tree by packWorkspaces (the test suite's global setup packs
 * once per run), copied instead of compiled and packed again.
 * @param {{ record?: boolean, replace?: string, skipBuild?: boolean, outDir?: string, packed?: PackedPackage[] }} [options]
 */
export async function release({
  record = false,
  replace,
  skipBuild = false,
  outDir = path.join(root, 'dist/release'),
  packed,
} = {}) {
  if (replace !== undefined && !record) throw new StepError('--replace only makes sense with --record.');
  if (record) {
    const baseline = await readFile(baselinePath, 'utf8').then(JSON.parse, () => undefined);
    checkRecordable({
      version: await contractVersion(root),
      baselineVersion: baseline?.info.version,
      replace,
      recorded: await recordedReleases(),
    });
  }
  /** @type {GateResult} set by the gate step, which every later step follows */
  let gate;
  /** @type {Step[]} */
  const steps = [];
  if (!skipBuild)
    steps.push([
      'build',
      () => run(process.execPath, [path.join(root, 'scripts/build.mjs')]).then(() => 'npm run build passed'),
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
  /** @type {{ pkg: WorkspacePackage, tarball: string }[]} */
  const artifacts = [];
  // What a package ships is built here, once; the packs run with their scripts off.
  if (!packed) steps.push(compileStep);
  steps.push([
    'pack',
    async () => {
      await rm(outDir, { recursive: true, force: true });
      await mkdir(outDir, { recursive: true });
      // A private package (a test harness, say) keeps the shared version but is not a release artifact.
      const privates = gate.packages.filter((pkg) => pkg.json.private === true);
      const released = gate.packages.filter((candidate) => !privates.includes(candidate));
      const tarballs = packed
        ? await Promise.all(
            released.map(async (pkg) => {
              const found = packed.find((candidate) => candidate.name === pkg.name);
              if (!found) throw new StepError(`${pkg.name} is not among the packed packages given.`);
              await copyFile(found.tarball, path.join(outDir, path.basename(found.tarball)));
              return found;
            }),
          )
        : await packWorkspaces(outDir, { include: (pkg) => released.some((candidate) => candidate.dir === pkg.dir) });
      for (const pkg of released) {
        const tarball = tarballs.find((candidate) => candidate.name === pkg.name);
        if (tarball) artifacts.push({ pkg, tarball: path.basename(tarball.tarball) });
      }
      return `${artifacts.map(({ tarball }) => tarball).join(', ')}${privates.length ? ` (private, not packed: ${privates.map((pkg) => pkg.name).join(', ')})` : ''}`;
    },
  ]);
  steps.push([
    'SBOM',
    async () => (await Promise.all(artifacts.map(({ pkg, tarball }) => writeSbom(pkg, outDir, tarball)))).join(', '),
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
  const ok = await runSteps(steps);
  if (ok && !record)
    console.log(
      'Dry run: nothing recorded, nothing published. Record this release with `npm run release -- --record`.',
    );
  return ok;
}

if (isEntryPoint(import.meta.url)) {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        record: { type: 'boolean' },
        replace: { type: 'string' },
        'skip-build': { type: 'boolean' },
        out: { type: 'string' },
      },
    }));
  } catch (error) {
    console.error(
      `${messageOf(error)}\nUsage: npm run release [-- --record [--replace <first version>]] [--skip-build] [--out <dir>]`,
    );
    process.exit(1);
  }
  try {
    await release({
      record: values.record,
      replace: values.replace,
      skipBuild: values['skip-build'],
      outDir: values.out ? path.resolve(values.out) : undefined,
    });
  } catch (error) {
    console.error(failureText(error));
    process.exitCode = 1;
  }
}
