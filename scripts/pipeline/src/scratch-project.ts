// A scratch copy of the contract's project layout (openapi/, generated/, both lint configs and the house
// rules), for the tests and the bench that change the contract: the real openapi/ is never edited by them.
// It lives under test-output/ (ignored by git) inside the repository, so the Spectral ruleset still resolves
// its packages from the repository's node_modules and its per-file overrides match the same relative paths.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { root } from './steps.js';

const copied = ['openapi', 'generated', 'redocly.yaml', '.spectral.yaml', 'scripts/spectral'];

export async function createScratchProject() {
  const parent = path.join(root, 'test-output');
  await mkdir(parent, { recursive: true });
  const projectRoot = await mkdtemp(path.join(parent, 'scratch-project-'));
  for (const entry of copied) await cp(path.join(root, entry), path.join(projectRoot, entry), { recursive: true });
  const file = (relative: string) => path.join(projectRoot, relative);
  return {
    root: projectRoot,
    /** Absolute path of a file in the scratch project. */
    file,
    /**
     * Rewrites a text file through `change`; fails when nothing changed (the text looked for is not there).
     */
    async edit(relative: string, change: (text: string) => string) {
      const before = await readFile(file(relative), 'utf8');
      const after = change(before);
      if (after === before)
        throw new Error(`The edit of ${relative} changed nothing: the text it looks for is not there.`);
      await writeFile(file(relative), after);
    },
    remove: () => rm(projectRoot, { recursive: true, force: true }),
  };
}
