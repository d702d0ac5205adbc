// Tools that the release and its test need now and then, kept out of the repository's own install: each is
// pinned by the package.json and package-lock.json of its folder under tools/ and installed on first use with
// `npm ci` into node_modules/.cache/trading-analytics-api/tools/ (which the repository's `npm ci` empties), once
// per lockfile, then reused; one process installs while the others that need it wait. See tools/README.md.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { root } from './paths.js';
import { outputOf, outsideNpmEnv, takePidLock } from './run-command.js';

const toolsDir = path.join(root, 'tools');
const cacheDir = path.join(root, 'node_modules/.cache/trading-analytics-api/tools');

/** one install per tool and process, however many ask at once */
const installs: Map<string, Promise<string>> = new Map();

/**
 * The folder in which the tool of tools/<name>/ is installed (its node_modules inside), installing it first
 * when this lockfile has not been installed yet.
 */
export function installedTool(name: string): Promise<string> {
  let install = installs.get(name);
  if (!install) {
    install = installTool(name);
    installs.set(name, install);
    install.catch(() => installs.delete(name));
  }
  return install;
}

/** How long a process waits for another one's install of a tool before it gives up. */
const waitLimitMs = 15 * 60_000;

/**
 * Installs into a staging folder and renames it into place, so a folder under its final name is always a
 * complete install. One process installs a lockfile at a time: it holds `<folder>.lock` (its pid inside) while
 * it does, and another process that needs the tool meanwhile waits for the folder (the test suite's global setup
 * starts the release test's tools early, and the release run by that test needs one of them). A lock whose
 * process has ended without its folder is taken over.
 */
async function installTool(name: string) {
  const source = path.join(toolsDir, name);
  const files = ['package.json', 'package-lock.json'];
  const hash = createHash('sha256');
  for (const file of files) hash.update(await readFile(path.join(source, file)));
  const home = path.join(cacheDir, `${name}-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(home)) return home;
  await mkdir(cacheDir, { recursive: true });
  const lock = `${home}.lock`;
  const turn = await takePidLock(lock, { finished: () => existsSync(home), waitMs: waitLimitMs, pollMs: 250 });
  if (turn.state === 'done') return home;
  if (turn.state === 'waited')
    throw new Error(`${name}: another process (${turn.holder}) has been installing it for 15 minutes; see ${lock}`);
  const staging = await mkdtemp(`${home}.installing-`);
  try {
    if (existsSync(home)) return home;
    for (const file of files) await copyFile(path.join(source, file), path.join(staging, file));
    // Optional dependencies are left out (cyclonedx-npm's XML validation); install scripts too, as npm 11 does.
    await outputOf('npm', ['ci', '--omit=optional', '--ignore-scripts', '--engine-strict', '--no-audit', '--no-fund'], {
      cwd: staging,
      env: outsideNpmEnv(),
    });
    await rename(staging, home).catch((error) => {
      // Another process got there first (one that took over a lock it thought abandoned): its copy is
      // complete, since it appeared by a rename.
      if (!existsSync(home)) throw error;
    });
    return home;
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(lock, { force: true });
  }
}
