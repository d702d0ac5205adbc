// @ts-check
// Fails when generated/ is stale: rebuilds every generated file into a scratch folder and compares it
// byte for byte with the committed one.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundle } from './bundle.mjs';
import { generate } from './generate.mjs';
import { generatedDir, StepError } from './steps.mjs';
import { bundleWorkflows } from './workflows.mjs';

/** Returns the names of the files under generated/ that differ from a fresh build (missing counts). */
export async function staleGeneratedFiles() {
  const scratch = await mkdtemp(path.join(tmpdir(), 'generated-'));
  try {
    await bundle(scratch);
    await generate(scratch, path.join(scratch, 'openapi.json'));
    await bundleWorkflows(scratch);
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
