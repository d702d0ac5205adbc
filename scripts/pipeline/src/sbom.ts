// One package's SBOM for `npm run release`: CycloneDX, written by CycloneDX's own generator for npm
// (@cyclonedx/cyclonedx-npm, pinned in tools/cyclonedx-npm/) over an install of that package alone, so that it
// names the package as its component and lists exactly what installing it brings: its production dependency
// tree and the peers npm installs with it, at the versions the registry resolves today, nothing of the
// repository's own tools. Why this generator rather than `npm sbom`: "Versions and releases" in the README.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { messageOf } from '@trading-analytics/core';
import { outputOf, outsideNpmEnv } from './run-command.js';
import { StepError } from './steps.js';
import { installedTool } from './tools.js';

export interface PackedPackage {
  name: string;
  version: string;
  /** the tarball's absolute path */
  tarball: string;
}

/** The package URL (purl) by which an SBOM names an npm package. */
export function npmPurl(name: string, version: string) {
  return `pkg:npm/${name.replace(/^@/, '%40')}@${version}`;
}

/** The manifest fields through which a package can depend on another one of the release. */
export const dependencyFields = ['dependencies', 'optionalDependencies', 'peerDependencies'] as const;

/** A package.json as the step reads it: the fields it rewrites, the others carried over as they are. */
type Manifest = { [field: string]: unknown; name?: unknown; overrides?: Record<string, string> } & {
  [field in (typeof dependencyFields)[number] | 'devDependencies' | 'scripts']?: Record<string, string>;
};

/**
 * The packed manifest made installable before its siblings are on a registry: each package of the release it
 * depends on, directly or through another, comes from that package's tarball (a direct dependency by its
 * spec, the others by `overrides`); devDependencies, which installing a package never brings, go.
 */
function installableManifest(manifest: Manifest, released: PackedPackage[]): Manifest {
  const { devDependencies, scripts, ...installable } = manifest;
  const overrides: Record<string, string> = {};
  for (const field of dependencyFields) if (installable[field]) installable[field] = { ...installable[field] };
  for (const sibling of released) {
    if (sibling.name === manifest.name) continue;
    const spec = `file:${sibling.tarball}`;
    const field = dependencyFields.find((name) => installable[name]?.[sibling.name] !== undefined);
    const dependencies = field && installable[field];
    if (dependencies) dependencies[sibling.name] = spec;
    else overrides[sibling.name] = spec;
  }
  return { ...installable, overrides };
}

/**
 * The package.json inside an npm tarball (gzip over ustar, the file at `package/package.json`), read with Node
 * alone: the machine may have no `tar`.
 */
async function packedManifest(tarball: string): Promise<Manifest> {
  const archive = gunzipSync(await readFile(tarball));
  const field = (at: number, length: number) =>
    archive
      .subarray(at, at + length)
      .toString('utf8')
      .replace(/\0.*$/s, '');
  for (let at = 0; at + 512 <= archive.length; ) {
    const name = field(at, 100);
    if (name === '') break;
    const size = Number.parseInt(field(at + 124, 12).trim() || '0', 8);
    const prefix = field(at + 345, 155);
    if ((prefix ? `${prefix}/${name}` : name) === 'package/package.json')
      return JSON.parse(archive.subarray(at + 512, at + 512 + size).toString('utf8'));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  throw new StepError(`${path.basename(tarball)} holds no package/package.json.`);
}

/**
 * The npm-cli.js of the `npm` the installs run (the first on PATH), or undefined when that is no link to one (a
 * wrapper script, say). cyclonedx-npm runs `npm ls` with the npm its environment's npm_execpath names, and
 * without one finds it by running `npm run` in a scratch project (two more processes per SBOM): given this, it
 * runs the same npm.
 */
async function findNpmCli(): Promise<string | undefined> {
  for (const folder of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(folder, 'npm');
    if (folder === '' || !existsSync(candidate)) continue;
    const target = await realpath(candidate).catch(() => '');
    return /(^|[\\/])npm-cli\.js$/.test(target) ? target : undefined;
  }
  return undefined;
}
let npmCli: Promise<string | undefined> | undefined;
const npmCliPath = () => {
  npmCli ??= findNpmCli();
  return npmCli;
};

/** What cyclonedx-npm's command reads of the process it runs in: a process of its own, or one made for a run. */
interface GeneratorProcess {
  argv: string[];
  cwd(): string;
  env: NodeJS.ProcessEnv;
  execPath: string;
  stdout: NodeJS.WriteStream;
  stderr: Writable;
  title?: string;
}
type GeneratorRun = (process: GeneratorProcess) => Promise<number>;

let generator: Promise<GeneratorRun> | undefined;
/**
 * cyclonedx-npm's command, loaded into this process once: `run` of its `dist/cli.js`, the function its bin calls
 * with the process, here called with a process made for each SBOM (arguments, folder, environment, a stderr that
 * is kept). The release's SBOMs then cost one load of the generator instead of a Node process each, and the
 * npm version it records, which each run asks npm for (`npm --version`, a process), is asked once. The tool is
 * pinned (tools/cyclonedx-npm/), so the function is the one the release test ran.
 */
function loadGenerator(): Promise<GeneratorRun> {
  generator ??= installedTool('cyclonedx-npm').then((tool) => {
    const dist = path.join(tool, 'node_modules/@cyclonedx/cyclonedx-npm/dist');
    const require = createRequire(path.join(dist, 'cli.js'));
    const { NpmRunner } = require(path.join(dist, 'npmRunner.js')) as {
      NpmRunner: { prototype: { getVersion(this: unknown, options?: unknown): string } };
    };
    const askNpm = NpmRunner.prototype.getVersion;
    let npmVersion: string | undefined;
    NpmRunner.prototype.getVersion = function (options) {
      npmVersion ??= askNpm.call(this, options);
      return npmVersion;
    };
    return (require(path.join(dist, 'cli.js')) as { run: GeneratorRun }).run;
  });
  generator.catch(() => {
    generator = undefined;
  });
  return generator;
}

/** One generator run at a time: its `npm ls` runs synchronously, holding this process while it lasts. */
let generatorQueue: Promise<unknown> = Promise.resolve();

/** cyclonedx-npm with `args` in the project folder `cwd`; rejects with what it said when it fails. */
function runGenerator(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  const turn = generatorQueue.then(async () => {
    const run = await loadGenerator();
    let said = '';
    const stderr = new Writable({
      write(chunk, _encoding, done) {
        said += chunk;
        done();
      },
    });
    const argv = [process.execPath, 'cyclonedx-npm', ...args];
    const code = await run({
      argv,
      cwd: () => cwd,
      env,
      execPath: process.execPath,
      stdout: process.stdout,
      stderr,
    }).catch((error: unknown) => {
      throw new StepError(`cyclonedx-npm failed in ${cwd}: ${messageOf(error)}\n${said}`);
    });
    if (code !== 0) throw new StepError(`cyclonedx-npm exited with ${code} in ${cwd}:\n${said}`);
  });
  generatorQueue = turn.catch(() => undefined);
  return turn;
}

/**
 * Writes the SBOM of `pkg` (one of `released`) to `outFile`: a project made of its tarball's package.json,
 * installed (no scripts), and described by cyclonedx-npm. Resolves with the number of components listed.
 */
export async function writePackageSbom(
  pkg: PackedPackage,
  released: PackedPackage[],
  outFile: string,
): Promise<number> {
  const work = await mkdtemp(path.join(tmpdir(), 'trading-analytics-sbom-'));
  try {
    // The dependency tree and the component's own facts (name, version, licence, engines) come from the
    // manifest alone; the package's files play no part in what an install brings.
    const project = path.join(work, 'package');
    await mkdir(project);
    const manifestFile = path.join(project, 'package.json');
    const manifest = await packedManifest(pkg.tarball);
    await writeFile(manifestFile, JSON.stringify(installableManifest(manifest, released), null, 2));
    const env = outsideNpmEnv();
    // The lockfile keeps each package's tarball address and integrity, which the SBOM then carries as a
    // distribution reference with its SHA-512 (some npm configs leave the address out).
    await outputOf(
      'npm',
      ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--omit-lockfile-registry-resolved=false'],
      { cwd: project, env },
    );
    // Reproducible: no timestamp and no random serial number, so the same release writes the same file.
    const options = ['--omit', 'dev', '--spec-version', '1.6', '--mc-type', 'library', '--flatten-components'];
    const npm = await npmCliPath();
    await runGenerator(
      [...options, '--output-reproducible', '--validate', '--output-file', outFile, manifestFile],
      project,
      npm ? { ...env, npm_execpath: npm } : env,
    );
    const bom = JSON.parse(await readFile(outFile, 'utf8'));
    const named = bom.metadata?.component?.purl;
    if (named !== npmPurl(pkg.name, pkg.version))
      throw new StepError(`The SBOM of ${pkg.name} names ${named ?? 'no component'} instead of the package.`);
    return bom.components.length;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
