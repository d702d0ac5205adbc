// Prism's operations for the shipped contract, made once by the package's build and kept beside it
// (contract/prism-operations.json): a start takes them only for a document of the same bytes and from the Prism
// installed; anything else is read by Prism, as before.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../../../test/support/temp';
import { contractPath } from '../src/index.js';
import { getHttpOperationsFromSpec, operationsMakers } from '../src/prism.js';
import { type KeptOperations, keepOperations, keptOperationsFile, prismOperations } from '../src/prism-operations.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A document of one operation: cheap for Prism to read. */
const ping = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'ping', version: '1.0.0' },
  paths: { '/ping': { get: { operationId: 'ping', responses: { '204': { description: 'Nothing to say.' } } } } },
});

describe('the operations kept beside the contract', () => {
  it('are the ones the installed Prism makes from the contract the package ships, kept for its exact bytes', async () => {
    const kept = JSON.parse(readFileSync(keptOperationsFile, 'utf8')) as KeptOperations;
    expect(path.dirname(keptOperationsFile)).toBe(path.dirname(contractPath()));
    expect(kept.sha256).toBe(sha256(readFileSync(contractPath())));
    expect(kept.madeBy).toEqual(operationsMakers());
    expect(kept.operations).toStrictEqual(await getHttpOperationsFromSpec(contractPath()));
  });

  it('are taken for a document of the same bytes made by this Prism, and otherwise Prism reads the document', async () => {
    const folder = tempFolder('mock-kept-operations-');
    const document = path.join(folder, 'openapi.json');
    const keptFile = path.join(folder, 'prism-operations.json');
    writeFileSync(document, ping);
    const bytes = readFileSync(document);
    const fromPrism = await getHttpOperationsFromSpec(document);
    expect(fromPrism.map((operation) => operation.iid)).toEqual(['ping']);

    // What the build keeps: Prism's own operations, with the document's hash and the makers' versions.
    await keepOperations(document, keptFile);
    expect(JSON.parse(readFileSync(keptFile, 'utf8'))).toStrictEqual({
      sha256: sha256(bytes),
      madeBy: operationsMakers(),
      operations: fromPrism,
    });

    // Kept operations that say where they came from, to tell them from Prism's.
    const keep = (kept: Partial<KeptOperations>) =>
      writeFileSync(
        keptFile,
        JSON.stringify({ sha256: sha256(bytes), madeBy: operationsMakers(), operations: [{ iid: 'kept' }], ...kept }),
      );
    keep({});
    expect(await prismOperations(document, bytes, keptFile)).toEqual([{ iid: 'kept' }]);
    // Made from other bytes (an edited copy), or by another version of a Prism package: Prism reads the document.
    keep({ sha256: sha256(Buffer.from(`${ping} `)) });
    expect(await prismOperations(document, bytes, keptFile)).toStrictEqual(fromPrism);
    keep({ madeBy: { ...operationsMakers(), '@stoplight/http-spec': '0.0.1' } });
    expect(await prismOperations(document, bytes, keptFile)).toStrictEqual(fromPrism);
    // A kept file that is not JSON, or none: the same.
    writeFileSync(keptFile, '{"sha256":');
    expect(await prismOperations(document, bytes, keptFile)).toStrictEqual(fromPrism);
    expect(await prismOperations(document, bytes, path.join(folder, 'missing.json'))).toStrictEqual(fromPrism);
  });
});
