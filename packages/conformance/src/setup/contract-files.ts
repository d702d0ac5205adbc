// The contract the runner checks against, found by the core: generated/ inside this repository (so a
// contract change is checked at once), the copies in contract/ in an installed package; or a folder the
// caller names. The bundle is read with its operations; the workflow files are those beside it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ContractOperation, listOperations, locateContract, type OpenApiDocument } from '@trading-analytics/core';

export interface LoadedContract {
  /** The folder holding openapi.json and the workflow files. */
  dir: string;
  document: OpenApiDocument;
  operations: ContractOperation[];
}

function readText(url: string): string | undefined {
  try {
    return readFileSync(new URL(url), 'utf8');
  } catch {
    return undefined;
  }
}

/** The folder of the contract this package checks against (throws, saying what to run, when it is missing). */
function contractDir(): string {
  return fileURLToPath(locateContract(new URL('../../', import.meta.url).href, readText, fileURLToPath).folderUrl);
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
