// A scratch copy of the contract's project layout (openapi/, generated/, both lint configs and the house
// rules) for tests that change the contract: the real openapi/ is never edited by a test. It lives under
// test-output/ (ignored by git) inside the repository, so the Spectral ruleset still resolves its packages
// from the repository's node_modules and its per-file overrides match the same relative paths.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = fileURLToPath(new URL('../../', import.meta.url));
const copied = ['openapi', 'generated', 'redocly.yaml', '.spectral.yaml', 'scripts/spectral'];

export interface ScratchProject {
  root: string;
  /** Absolute path of a file in the scratch project. */
  file(relative: string): string;
  /** Rewrites a text file of the scratch project through `change`, failing when nothing changed. */
  edit(relative: string, change: (text: string) => string): Promise<void>;
  remove(): Promise<void>;
}

export async function createScratchProject(): Promise<ScratchProject> {
  const parent = path.join(repository, 'test-output');
  await mkdir(parent, { recursive: true });
  const root = await mkdtemp(path.join(parent, 'scratch-project-'));
  for (const entry of copied) await cp(path.join(repository, entry), path.join(root, entry), { recursive: true });
  const file = (relative: string) => path.join(root, relative);
  return {
    root,
    file,
    async edit(relative, change) {
      const before = await readFile(file(relative), 'utf8');
      const after = change(before);
      if (after === before) throw new Error(`The edit of ${relative} changed nothing: the text it looks for is not there.`);
      await writeFile(file(relative), after);
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
