// The contract the runner checks against: the copies in the package's own contract/ folder, which its build
// puts there (from generated/ inside the repository, shipped in the tarball), so where they are follows from
// where this module is; or a folder the caller names. The bundle is read with its operations and validators;
// the workflow files are those beside it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ContractOperation,
  ContractValidator,
  listOperations,
  type OpenApiDocument,
} from '@trading-analytics/core';

export interface LoadedContract {
  /** The folder holding openapi.json and the workflow files. */
  dir: string;
  document: OpenApiDocument;
  operations: ContractOperation[];
  /**
   * The run's two validators of the bundle: `first` stops at the first error (every answer is checked with
   * it), `all` collects every error (for a small invalid body). A real service's date-times are held to
   * RFC 3339 (the mock's lenient reading is for requests, as Prism's).
   */
  validators: { first: ContractValidator; all: ContractValidator };
}

// The last two bundles read, by folder and text, the most recent first: a run of the same contract again in
// this process (a program that checks a service now and then, a test suite) reuses it, and the schemas its
// validators compiled (compiling them is about a third of a run's own work). Two, so that a process that
// alternates between the package's contract and one of its own (the next version beside the shipped one)
// compiles neither again. Nothing of a run writes into them.
const KEPT = 2;
const kept: { dir: string; text: string; loaded: LoadedContract }[] = [];

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

/** The bundle in `dir` (by default the package's own contract), its operations and its validators. */
export function loadContract(dir = contractDir()): LoadedContract {
  const text = readFileSync(path.join(dir, 'openapi.json'), 'utf8');
  const found = kept.find((entry) => entry.dir === dir && entry.text === text);
  if (found) {
    kept.splice(kept.indexOf(found), 1);
    kept.unshift(found);
    return found.loaded;
  }
  const document = JSON.parse(text) as OpenApiDocument;
  const validators = {
    first: new ContractValidator(document, { allErrors: false, dateTimes: 'rfc3339' }),
    all: new ContractValidator(document, { dateTimes: 'rfc3339' }),
  } as const;
  const loaded = { dir, document, operations: listOperations(document), validators };
  // A folder's older text is not read again: its entry gives way first.
  const stale = kept.findIndex((entry) => entry.dir === dir);
  if (stale >= 0) kept.splice(stale, 1);
  kept.unshift({ dir, text, loaded });
  kept.length = Math.min(kept.length, KEPT);
  return loaded;
}

/** The Arazzo files beside the bundle, in name order. */
export function workflowFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.arazzo.yaml'))
    .sort()
    .map((name) => path.join(dir, name));
}
