// Whether what is derived from the contract is up to date: generated/ (every generated file rebuilt into a
// scratch folder and compared byte for byte with the committed one) and the rendered docs page (older than
// what it is rendered from).
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundle } from './bundle.js';
import { generate } from './generate.js';
import { writeMswData } from './msw-data.js';
import { docsInputs, root } from './paths.js';
import { generatedDir, StepError } from './steps.js';
import { bundleWorkflows } from './workflows.js';

/** Returns the names of the files under generated/ that differ from a fresh build (missing counts). */
export async function staleGeneratedFiles() {
  const scratch = await mkdtemp(path.join(tmpdir(), 'generated-'));
  try {
    await bundle(scratch);
    await generate(scratch, path.join(scratch, 'openapi.json'));
    await bundleWorkflows(scratch);
    await writeMswData(scratch, path.join(scratch, 'openapi.json'));
    const stale = [];
    for (const name of (await readdir(scratch)).sort()) {
      const fresh = await readFile(path.join(scratch, name));
      const committed = await readFile(path.join(generatedDir, name)).catch(() => null);
      if (!committed || !fresh.equals(committed)) stale.push(name);
    }
    return stale;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Fails, naming the files, when generated/ is stale. */
export async function checkGenerated() {
  const stale = await staleGeneratedFiles();
  if (stale.length > 0) {
    throw new StepError(
      `generated/ is stale: ${stale.join(', ')} differ from a fresh build. Run \`npm run build\` and commit the result.`,
    );
  }
  return 'generated/ is up to date';
}

/** When a file was last modified, or undefined when there is none. */
export async function modifiedAt(file: string) {
  return (await stat(file).catch(() => undefined))?.mtimeMs;
}

/**
 * The docs page is stale when it is missing or older than what it is rendered from: the contract, the
 * changelog and the scripts that render it (the docs step's inputs).
 * @param sources absolute paths
 */
export async function docsAreStale(
  docsFile: string,
  sources: readonly string[] = docsInputs.map((file) => path.join(root, file)),
) {
  const built = await modifiedAt(docsFile);
  if (built === undefined) return true;
  for (const source of sources) {
    const changed = await modifiedAt(source);
    if (changed !== undefined && changed > built) return true;
  }
  return false;
}
