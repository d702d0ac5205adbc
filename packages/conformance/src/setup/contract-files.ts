// The contract the runner checks against: the copies in the package's own contract/ folder, which its build
// puts there (from generated/ inside the repository, shipped in the tarball), so where they are follows from
// where this module is; or a folder the caller names. The bundle is read with its operations; the workflow
// files are those beside it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ContractOperation, listOperations, type OpenApiDocument } from '@trading-analytics/core';

export interface LoadedContract {
  /** The folder holding openapi.json and the workflow files. */
  dir: string;
  document: OpenApiDocument;
  operations: ContractOperation[];
}

/** The folder of the contract this package checks against (throws, saying how it is made, when it is missing). */
function contractDir(): string {
  // This module sits in src/setup/ or dist/setup/: the package is two folders above.
  const dir = fileURLToPath(new URL('../../contract/', import.meta.url));
  if (!existsSync(path.join(dir, 'openapi.json'))) {
    throw new Error(
      `The contract ${path.join(dir, 'openapi.json')} is missing from the package. The package's build copies it there (in the repository: npm run compile).`,
    );
  }
  return dir;
}

/** The bundle in `dir` (by default the package's own contract) and its operations. */
export function loadContract(dir = contractDir()): LoadedContract {
  const document = JSON.parse(readFileSync(path.join(dir, 'openapi.json'), 'utf8')) as OpenApiDocument;
  return { dir, document, operations: listOperations(document) };
}

/** The Arazzo files beside the bundle, in name order. */
export function workflowFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.arazzo.yaml'))
    .sort()
    .map((name) => path.join(dir, name));
}
