// A throwaway npm registry for the release test: Verdaccio (pinned in tools/verdaccio/, installed on first use
// by scripts/pipeline/src/tools.ts) on 127.0.0.1 with its storage in a temporary folder. It serves the release's
// scope, @trading-analytics, only from what is published to it, and nothing else: an app that installs from it
// takes that scope from it (`scopeConfig`) and every other package from the registry npm is set to use, as a
// user's app takes both from one registry. `stop()` ends the process and removes the folder.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { link, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { installedTool } from '@trading-analytics/pipeline/tools';
import { scratchEnv } from './packing';
import { freePort } from './ports';

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export interface Registry {
  url: string;
  /** The `.npmrc` line that takes the release's scope from this registry. */
  scopeConfig: string;
  /** A copy of the user's npm config with a token for this registry: give it to npm as `npm_config_userconfig`. */
  userconfig: string;
  /** The token in `userconfig`, so that a test can check it never reaches an output. */
  token: string;
  /** The temporary folder holding the registry's storage and config, removed by `stop()`. */
  work: string;
  /** Ends Verdaccio (and waits for it) and removes its folder. */
  stop(): Promise<void>;
}

let configs: Promise<Record<string, string>> | undefined;
/** The npm config value `key` (userconfig or cache) as npm sees it outside the repository; one npm for both. */
async function npmConfig(key: 'userconfig' | 'cache'): Promise<string> {
  configs ??= run(npm, ['config', 'get', 'userconfig', 'cache'], { cwd: tmpdir(), env: scratchEnv }).then(
    ({ stdout }) =>
      Object.fromEntries(
        stdout
          .trim()
          .split('\n')
          .map((line) => line.split(/=(.*)/s).slice(0, 2)),
      ),
  );
  const value = (await configs)[key];
  if (value === undefined) throw new Error(`npm config get printed no ${key}`);
  return value;
}

/** Waits for the process to exit, sending SIGKILL when SIGTERM was not enough within 10 s. */
async function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exit;
  clearTimeout(timer);
}

export async function startRegistry(): Promise<Registry> {
  const work = await mkdtemp(path.join(tmpdir(), 'trading-analytics-registry-'));
  let child: ChildProcess | undefined;
  const stop = async () => {
    if (child) await ended(child);
    await rm(work, { recursive: true, force: true });
  };
  try {
    const [tool, port] = await Promise.all([installedTool('verdaccio'), freePort()]);
    // No uplink: a package of another scope asked of it is a 404, never a copy passed through.
    const config = [
      `storage: ${JSON.stringify(path.join(work, 'storage'))}`,
      'web: { enable: false }',
      `auth: { htpasswd: { file: ${JSON.stringify(path.join(work, 'htpasswd'))}, max_users: -1 } }`,
      'packages:',
      "  '@trading-analytics/*': { access: $all, publish: $all }",
      'middlewares: { audit: { enabled: false } }',
      'log: { type: stdout, format: pretty, level: warn }',
    ].join('\n');
    await writeFile(path.join(work, 'config.yaml'), `${config}\n`);
    const url = `http://127.0.0.1:${port}/`;
    // npm publishes only with a credential for the registry; this Verdaccio lets anyone publish, so any will do.
    const token = randomBytes(16).toString('hex');
    const userconfig = path.join(work, 'npmrc');
    const own = await readFile(await npmConfig('userconfig'), 'utf8').catch(() => '');
    await writeFile(userconfig, `${own}\n//127.0.0.1:${port}/:_authToken=${token}\n`);

    const verdaccio = path.join(tool, 'node_modules/verdaccio/bin/verdaccio');
    child = spawn(
      process.execPath,
      [verdaccio, '--config', path.join(work, 'config.yaml'), '--listen', `127.0.0.1:${port}`],
      {
        cwd: work,
        env: scratchEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`Verdaccio ended with ${child.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`Verdaccio did not answer /-/ping within 60 s:\n${output}`);
      const ready = await fetch(`${url}-/ping`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return { url, scopeConfig: `@trading-analytics:registry=${url}`, userconfig, token, work, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The integrity of the tarball `registry` holds for name@version (its packument, asked over HTTP), or undefined
 * when it holds no such version; any other answer fails.
 */
export async function heldIntegrity(registry: Registry, name: string, version: string): Promise<string | undefined> {
  const answer = await fetch(`${registry.url}${name.replace('/', '%2f')}`, { headers: { accept: 'application/json' } });
  if (answer.status === 404) return undefined;
  if (!answer.ok) throw new Error(`${registry.url} answered ${answer.status} for ${name}: ${await answer.text()}`);
  const packument = (await answer.json()) as { versions?: Record<string, { dist?: { integrity?: string } }> };
  return packument.versions?.[version]?.dist?.integrity;
}

/** Where cacache keeps the content whose SHA-512 is `hex` (an npm cache's _cacache/content-v2/sha512/...). */
const contentPath = (cache: string, hex: string) =>
  path.join(cache, '_cacache/content-v2/sha512', hex.slice(0, 2), hex.slice(2, 4), hex.slice(4));

/** The tarballs among `tarballs` whose content the npm cache `cache` holds (npm would take them from it). */
export const cachedTarballs = (cache: string, tarballs: string[]): string[] =>
  tarballs.filter((tarball) =>
    existsSync(contentPath(cache, createHash('sha512').update(readFileSync(tarball)).digest('hex'))),
  );

/** The keys of the entries in the npm cache `cache`'s index (cacache's index-v5: one JSON line per entry). */
export async function cacheKeys(cache: string): Promise<string[]> {
  const index = path.join(cache, '_cacache/index-v5');
  const files = (await readdir(index, { recursive: true, withFileTypes: true }).catch(() => [])).filter((entry) =>
    entry.isFile(),
  );
  const keys: string[] = [];
  for (const file of files)
    for (const line of (await readFile(path.join(file.parentPath, file.name), 'utf8')).split('\n'))
      if (line.includes('\t')) keys.push(JSON.parse(line.slice(line.indexOf('\t') + 1)).key);
  return keys;
}

/** Whether an npm cache key is about the release's scope (a package document or a tarball of it). */
export const namesOurScope = (key: string) => /@trading-analytics(\/|%2f)|%40trading-analytics/i.test(key);

/**
 * An npm cache (`--cache <folder>`) for an app that installs from the throwaway registry, seeded with the user's
 * npm cache, so that the third-party tarballs and package documents that npm ci and the release's SBOM step
 * fetched come from it (with --prefer-offline, as on a user's machine), but without the contents of `ours` (our
 * tarballs: npm packs the same bytes each run, and the packaged-install tests put them in the user's cache) and
 * without any index entry about our scope, so that every document and tarball of ours is asked of a registry.
 * Hard links (cacache writes a content file once, under its hash, and never rewrites it; an index file holding
 * an entry of our scope is written anew without it); where the user's cache is on another file system it starts
 * empty, as it did before.
 */
export async function seedCache(folder: string, ours: string[]): Promise<void> {
  const from = path.join(await npmConfig('cache'), '_cacache');
  const to = path.join(folder, '_cacache');
  const files = (await readdir(from, { recursive: true, withFileTypes: true }).catch(() => [])).filter(
    (entry) =>
      entry.isFile() && /^(content-v2|index-v5)$/.test(path.relative(from, entry.parentPath).split(path.sep)[0] ?? ''),
  );
  try {
    for (const file of files) {
      const source = path.join(file.parentPath, file.name);
      const target = path.join(to, path.relative(from, source));
      await mkdir(path.dirname(target), { recursive: true });
      if (path.relative(from, source).startsWith('content-v2')) {
        await link(source, target);
        continue;
      }
      const text = await readFile(source, 'utf8');
      if (!namesOurScope(text)) await link(source, target);
      else {
        const kept = text.split('\n').filter((line) => line.includes('\t') && !namesOurScope(line));
        if (kept.length) await writeFile(target, `${kept.join('\n')}\n`);
      }
    }
  } catch (error) {
    if (!['EXDEV', 'EPERM', 'EMLINK'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    await rm(to, { recursive: true, force: true });
  }
  for (const tarball of ours)
    await rm(contentPath(folder, createHash('sha512').update(readFileSync(tarball)).digest('hex')), { force: true });
}
