// The contract file: where the one the mock serves by default is, by the core's rule (generated/ inside this
// repository, the package's own contract/ copy once installed), and reading it, with node:fs.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { locateContract, type OpenApiDocument, type ReadText } from '@trading-analytics/core';

/** The package's folder (this file sits in src/ or dist/). */
const packageUrl = new URL('../', import.meta.url).href;

const readText: ReadText = (url) => {
  try {
    return readFileSync(new URL(url), 'utf8');
  } catch {
    return undefined;
  }
};

/**
 * Path of the contract the mock serves by default. Inside the repository it is always
 * `generated/openapi.json`, so a contract change is served at once; an installed package has its own copy in
 * `contract/openapi.json`, made at pack time. Throws, saying how to make it, when it is missing.
 */
export function contractPath(): string {
  return fileURLToPath(locateContract(packageUrl, readText, (url) => fileURLToPath(url)).bundleUrl);
}

/** Reads a bundled OpenAPI document (JSON). */
export function readDocument(file: string): OpenApiDocument {
  return JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
}
