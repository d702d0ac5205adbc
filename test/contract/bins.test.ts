// The README's first command gives the kit's commands: after `npm ci` in a fresh clone, `npx trading-analytics-mock`
// and `npx trading-analytics-conformance` run with no network. npm links a workspace's bin only when its file
// exists at that moment, and a clone has only what git tracks (dist/ is compiled later, by `prepare`). So this
// test makes a clone of the tracked files alone, lets npm link it as `npm ci` does before `prepare`, then gives
// it the compiled dist/ folders (what `prepare` writes) and runs the bins there. `.ci/run` checks the same in a
// real clone after a full `npm ci`: its own checkout when that is a fresh clone, else a second one.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outputOf } from '../support/commands';
import { scratchEnv } from '../support/packing';

const root = fileURLToPath(new URL('../../', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** The files a clone of the repository has under packages/: what git tracks. */
async function trackedPackageFiles(): Promise<string[]> {
  const stdout = await outputOf('git', ['ls-files', '-z', '--', 'packages'], { cwd: root });
  return stdout.split('\0').filter(Boolean);
}

/** Every bin of every package: its command name, its package folder and the file it names. */
async function packageBins(files: string[]) {
  const manifests = files.filter((file) => /^packages\/[^/]+\/package\.json$/.test(file));
  const bins: { command: string; folder: string; target: string }[] = [];
  for (const manifest of manifests) {
    const { bin = {} } = JSON.parse(await readFile(path.join(root, manifest), 'utf8'));
    for (const [command, target] of Object.entries(bin as Record<string, string>))
      bins.push({ command, folder: path.dirname(manifest), target: path.normalize(target) });
  }
  return bins;
}

/** A clone's tracked files under packages/ in a temporary folder, linked by npm as `npm ci` links, before dist/. */
async function linkedClone(files: string[]): Promise<string> {
  const clone = await mkdtemp(path.join(tmpdir(), 'trading-analytics-clone-bins-'));
  for (const file of files) {
    const copy = path.join(clone, file);
    await mkdir(path.dirname(copy), { recursive: true });
    const text = await readFile(path.join(root, file));
    if (!file.endsWith('/package.json')) await writeFile(copy, text);
    else {
      // Only the workspace links matter here: without registry dependencies and scripts, npm installs with
      // no network and links exactly as `npm ci` does before `prepare` runs.
      const { dependencies, devDependencies, peerDependencies, scripts, ...manifest } = JSON.parse(String(text));
      await writeFile(copy, JSON.stringify(manifest));
    }
  }
  await writeFile(
    path.join(clone, 'package.json'),
    JSON.stringify({ name: 'clone', private: true, workspaces: ['packages/*'] }),
  );
  await outputOf(npm, ['install', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: clone,
    env: scratchEnv,
    timeoutMs: 120_000,
  });
  return clone;
}

let clone: string | undefined;
let bins: Awaited<ReturnType<typeof packageBins>>;

beforeAll(async () => {
  const files = await trackedPackageFiles();
  bins = await packageBins(files);
  clone = await linkedClone(files);
}, 120_000);

afterAll(async () => {
  if (clone) await rm(clone, { recursive: true, force: true });
});

describe('the kit’s bins in a fresh clone', () => {
  it('are linked by npm from the tracked files alone, before dist/ is compiled', async () => {
    expect(bins.map(({ command }) => command).sort()).toEqual(
      expect.arrayContaining(['trading-analytics-conformance', 'trading-analytics-mock']),
    );
    for (const { command, folder, target } of bins) {
      const file = path.join(clone!, folder, target);
      const linked = path.join(clone!, 'node_modules/.bin', command);
      expect(
        existsSync(file),
        `${folder}/${target}, the file of ${command}, is not in a clone (git does not track it)`,
      ).toBe(true);
      expect(existsSync(linked), `npm did not link ${command}`).toBe(true);
      expect(await realpath(linked)).toBe(await realpath(file));
    }
  });

  it.each([
    ['trading-analytics-mock', 'Usage: trading-analytics-mock '],
    ['trading-analytics-conformance', 'Usage: trading-analytics-conformance '],
  ])('run as npx %s --help once dist/ is compiled, with no registry to ask', async (command, usage) => {
    // What `prepare` compiles, from this checkout: each package's dist/ (its imports resolve where it lies).
    const { folder } = bins.find((bin) => bin.command === command)!;
    const dist = path.join(clone!, folder, 'dist');
    if (!existsSync(dist)) await symlink(path.join(root, folder, 'dist'), dist, 'dir');
    // --offline and a registry nothing listens on: npx must find the command in the clone's node_modules/.bin.
    const stdout = await outputOf(npx, ['--offline', '--registry', 'http://127.0.0.1:9/', command, '--help'], {
      cwd: clone!,
      env: scratchEnv,
    });
    expect(stdout.startsWith(usage), stdout).toBe(true);
  });
});
