// The contract file: the one the mock serves by default is the copy in the package's own contract/ folder,
// which the package's build puts there (generated/openapi.json inside the repository, shipped in the tarball),
// so where it is follows from where this module is, in the repository and once installed alike. And reading
// it, with node:fs.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OpenApiDocument } from '@trading-analytics/core';

/** The bundle in the contract/ folder of the package at `packageUrl`; throws, saying how it is made, when missing. */
export function contractIn(packageUrl: URL): string {
  const file = fileURLToPath(new URL('contract/openapi.json', packageUrl));
  if (!existsSync(file)) {
    throw new Error(
      `The contract ${file} is missing from the package. The package's build copies it there (in the repository: npm run compile).`,
    );
  }
  return file;
}

/** Path of the contract the mock serves by default (the package's contract/openapi.json). */
export function contractPath(): string {
  // This module sits in src/ or dist/: the package is the folder above.
  return contractIn(new URL('../', import.meta.url));
}

/** Reads a bundled OpenAPI document (JSON). */
export function readDocument(file: string): OpenApiDocument {
  return JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
}
