// What lets `npm run build` skip a step: a hash of everything the step reads (its input files, the versions
// of the tools it runs) and of what it wrote, kept from its last success in a file outside git.

import type { Hash } from 'node:crypto';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { root } from './paths.js';

export type HashedStep = { name: string; inputs?: string[]; outputs?: string[]; tools?: string[] };
export type StepCache = Record<string, { key: string; outputs: string; note: string }>;

const defaultCacheFile = path.join(root, 'node_modules/.cache/trading-analytics-api/build-steps.json');

/** Every file under `entry` (a file or a folder), sorted, as absolute paths; a missing entry has none. */
async function filesOf(entry: string) {
  const entries = await readdir(entry, { withFileTypes: true, recursive: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOTDIR') return null;
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  if (entries === null) return [entry];
  return entries
    .filter((dirent) => dirent.isFile())
    .map((dirent) => path.join(dirent.parentPath ?? dirent.path, dirent.name))
    .sort();
}

async function hashFiles(entries: readonly string[], hash: Hash) {
  for (const entry of entries) {
    for (const file of await filesOf(path.resolve(root, entry))) {
      hash.update(`${path.relative(root, file)}\0`);
      hash.update(await readFile(file));
      hash.update('\0');
    }
  }
  return hash;
}

function toolVersion(name: string) {
  return JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
}

/** The hash of a step's inputs, tools and own definition; equal hashes mean the step would do the same. */
export async function inputsKey(step: HashedStep) {
  const hash = createHash('sha256');
  hash.update(`${step.name}\0${(step.tools ?? []).map((name) => `${name}@${toolVersion(name)}`).join(',')}\0`);
  return (await hashFiles(step.inputs ?? [], hash)).digest('hex');
}

/** The hash of a step's outputs as they are now (a missing output hashes as absent). */
export async function outputsHash(step: HashedStep) {
  return (await hashFiles(step.outputs ?? [], createHash('sha256'))).digest('hex');
}

export async function readStepCache(file = defaultCacheFile): Promise<StepCache> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    // A missing or damaged cache only means every step runs.
    return {};
  }
}

export async function writeStepCache(entries: StepCache, file = defaultCacheFile) {
  await mkdir(path.dirname(file), { recursive: true });
  const scratch = `${file}.${process.pid}`;
  await writeFile(scratch, `${JSON.stringify(entries, null, 2)}\n`);
  await rename(scratch, file);
}
