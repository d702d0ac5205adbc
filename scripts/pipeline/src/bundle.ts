// Bundles the split source (openapi/openapi.yaml) into one document with internal $refs only:
// generated/openapi.json and generated/openapi.yaml. Component names come from the root components map.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OpenApiDocument } from '@trading-analytics/core';
import { listOperations } from '@trading-analytics/core';
import { stringify } from 'yaml';
import { runTool } from './run-command.js';
import { generatedDir, preparedStep, sourceSpec } from './steps.js';

/**
 * The bundled document, in memory: Redocly's bundle of `source`, with the Redocly config beside its folder.
 * `signal` stops Redocly.
 */
export async function bundleDocument(
  source: string = sourceSpec,
  { signal }: { signal?: AbortSignal } = {},
): Promise<OpenApiDocument> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'bundle-'));
  try {
    const raw = path.join(scratch, 'openapi.json');
    const config = path.join(path.dirname(source), '../redocly.yaml');
    await runTool('redocly', ['bundle', source, '--config', config, '--output', raw, '--ext', 'json'], { signal });
    return JSON.parse(await readFile(raw, 'utf8'));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Writes openapi.json and openapi.yaml of a bundled document to `outDir`; returns a one-line summary.
 */
export async function writeBundle(document: OpenApiDocument, outDir = generatedDir) {
  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(outDir, 'openapi.json'), `${JSON.stringify(document, null, 2)}\n`);
  await writeFile(
    path.join(outDir, 'openapi.yaml'),
    stringify(document, { lineWidth: 0, aliasDuplicateObjects: false }),
  );
  const schemas = Object.keys(document.components?.schemas ?? {});
  return `${listOperations(document).length} operations, ${schemas.length} schemas`;
}

export async function bundle(outDir = generatedDir, source = sourceSpec) {
  return writeBundle(await bundleDocument(source), outDir);
}

// In the build, Redocly bundles while the source is linted; the bundle is written only once the lint passed.
export const bundleStep = preparedStep({
  name: 'bundle',
  prepare: () => bundleDocument(),
  run: (document: OpenApiDocument) => writeBundle(document),
  inputs: ['openapi', 'redocly.yaml', 'scripts/pipeline/src/bundle.ts'],
  tools: ['@redocly/cli', 'yaml'],
  outputs: ['generated/openapi.json', 'generated/openapi.yaml'],
});
