// Bundles the split source (openapi/openapi.yaml) into one document with internal $refs only:
// generated/openapi.json and generated/openapi.yaml. Component names come from the root components map.
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import { generatedDir, isEntryPoint, runSteps, runTool, sourceSpec } from './lib/steps.mjs';

export async function bundle(outDir = generatedDir) {
  const scratch = await mkdtemp(path.join(tmpdir(), 'bundle-'));
  try {
    const raw = path.join(scratch, 'openapi.json');
    await runTool('redocly', ['bundle', sourceSpec, '--output', raw, '--ext', 'json']);
    const document = JSON.parse(await readFile(raw, 'utf8'));
    await mkdir(outDir, { recursive: true });
    await writeFile(path.join(outDir, 'openapi.json'), `${JSON.stringify(document, null, 2)}\n`);
    await writeFile(path.join(outDir, 'openapi.yaml'), stringify(document, { lineWidth: 0, aliasDuplicateObjects: false }));
    const operations = Object.values(document.paths).flatMap((item) =>
      Object.keys(item).filter((key) => ['get', 'put', 'post', 'delete', 'patch'].includes(key)),
    );
    return `${operations.length} operations, ${Object.keys(document.components.schemas).length} schemas`;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

if (isEntryPoint(import.meta.url)) await runSteps([['bundle', () => bundle()]]);
