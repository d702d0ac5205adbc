// A throwaway npm registry for the release test: Verdaccio (pinned in tools/verdaccio/, installed on first use
// by scripts/pipeline/src/tools.ts) on 127.0.0.1 with its storage in a temporary folder. The release's scope,
// @trading-analytics, is served only from what is published to it; every other package comes through it from
// the registry npm is set to use. `stop()` ends the process and removes the folder.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
  /** A copy of the user's npm config with a token for this registry: give it to npm as `npm_config_userconfig`. */
  userconfig: string;
  /** The token in `userconfig`, so that a test can check it never reaches an output. */
  token: string;
  /** The temporary folder holding the registry's storage and config, removed by `stop()`. */
  work: string;
  /** Ends Verdaccio (and waits for it) and removes its folder. */
  stop(): Promise<void>;
}

/** The npm config value `key` as npm sees it outside the repository. */
async function npmConfig(key: string): Promise<string> {
  const { stdout } = await run(npm, ['config', 'get', key], { cwd: tmpdir(), env: scratchEnv });
  return stdout.trim();
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
    const [tool, upstream, port] = await Promise.all([installedTool('verdaccio'), npmConfig('registry'), freePort()]);
    const config = [
      `storage: ${JSON.stringify(path.join(work, 'storage'))}`,
      'web: { enable: false }',
      `auth: { htpasswd: { file: ${JSON.stringify(path.join(work, 'htpasswd'))}, max_users: -1 } }`,
      `uplinks: { upstream: { url: ${JSON.stringify(upstream)} } }`,
      'packages:',
      "  '@trading-analytics/*': { access: $all, publish: $all }",
      "  '**': { access: $all, proxy: upstream }",
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
    return { url, userconfig, token, work, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
