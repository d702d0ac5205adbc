// Prism's operations for the contract the package ships, made once. Prism turns a document into operations at
// every start (it resolves every reference, then rewrites each operation on its own): about a third of a mock's
// start. The package's build does it once and keeps the result beside the contract, in
// contract/prism-operations.json, with what it was made from: the SHA-256 of the contract's bytes and the versions
// of the Prism packages that made it. A start whose document has those bytes, wherever its file is (the package's
// copy, or generated/openapi.json that `npm start` serves), takes the kept operations when this Prism is the one
// that made them; any other document (`contract`, `reload(file)`, an edited copy), or another Prism, is read by
// Prism as before. The same bytes are the same operations wherever the file is: the shipped contract is bundled,
// so none of its references leaves the document.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { getHttpOperationsFromSpec, operationsMakers, type PrismOperation } from './prism.js';

/** What contract/prism-operations.json holds. */
export interface KeptOperations {
  /** The SHA-256 of the bytes of the contract they were made from, in hex. */
  sha256: string;
  /** The versions of the Prism packages that made them (operationsMakers). */
  madeBy: Record<string, string>;
  operations: PrismOperation[];
}

/** Where the package keeps them: beside its contract (this module sits in src/ or dist/). */
export const keptOperationsFile = fileURLToPath(new URL('../contract/prism-operations.json', import.meta.url));

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The operations kept in `keptFile`, if they were made from a document of these bytes by the Prism installed here. */
function keptOperations(bytes: Buffer, keptFile: string): PrismOperation[] | undefined {
  let kept: Partial<KeptOperations>;
  try {
    kept = JSON.parse(readFileSync(keptFile, 'utf8'));
  } catch {
    return undefined;
  }
  const fits =
    kept.sha256 === sha256(bytes) &&
    isDeepStrictEqual(kept.madeBy, operationsMakers()) &&
    Array.isArray(kept.operations);
  return fits ? kept.operations : undefined;
}

/** Prism's operations for the document at `file`, whose bytes are `bytes`: the kept ones when they fit, else Prism's. */
export async function prismOperations(
  file: string,
  bytes: Buffer,
  keptFile = keptOperationsFile,
): Promise<PrismOperation[]> {
  return keptOperations(bytes, keptFile) ?? (await getHttpOperationsFromSpec(file));
}

/** Makes Prism's operations for the contract at `file` and keeps them (the package's build, for its contract). */
export async function keepOperations(file: string, keptFile = keptOperationsFile): Promise<void> {
  const kept: KeptOperations = {
    sha256: sha256(readFileSync(file)),
    madeBy: operationsMakers(),
    operations: await getHttpOperationsFromSpec(file),
  };
  writeFileSync(keptFile, JSON.stringify(kept));
}
