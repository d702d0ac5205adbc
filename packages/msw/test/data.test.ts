// The handlers' data module is written from the bundled contract by the build into generated/ and committed,
// and copied into dist/ by this package's build: it must be what the build writes today, and the handlers must read nothing else at run time (no file, no Node
// module), so that they run unchanged in a browser.
import { readdirSync, readFileSync } from 'node:fs';
import { listScenarios, scenarioKeys as mockScenarioKeys } from '@trading-analytics/mock';
import { contractData, dataFiles, renderData } from '@trading-analytics/pipeline/msw-data';
import { bundlePath as bundleFile } from '@trading-analytics/pipeline/paths';
import { describe, expect, it } from 'vitest';
import { type OperationId, operations, scenarioKeys } from '../src/index.js';

const document = JSON.parse(readFileSync(bundleFile, 'utf8'));
const sourceDir = new URL('../src/', import.meta.url);

/** The modules a source file imports (an import may span lines). */
const importsOf = (source: string): string[] =>
  [...source.matchAll(/^import [^;]*? from '([^']+)';$/gm)].map((match) => match[1]!);

describe('the data module', () => {
  it('is what the build writes from generated/openapi.json (run `npm run build` when not)', () => {
    const { module, declarations } = renderData(contractData(document));
    const generated = new URL('../../../generated/', import.meta.url);
    expect(readFileSync(new URL(dataFiles.module, generated), 'utf8')).toBe(module);
    expect(readFileSync(new URL(dataFiles.declarations, generated), 'utf8')).toBe(declarations);
  });

  it('carries no copy of the request checks or of serving the sandbox: the handlers import them from @trading-analytics/core at run time', () => {
    const sources = readdirSync(sourceDir).filter((name) => name.endsWith('.ts'));
    expect(sources.sort()).toEqual(['handler.ts', 'index.ts', 'operations.ts', 'sandbox.ts', 'validate.ts']);
    const validate = readFileSync(new URL('validate.ts', sourceDir), 'utf8');
    expect(importsOf(validate)).toContain('@trading-analytics/core');
    for (const check of ['checkRequest', 'schemaRefusal', 'refusal', 'selectionMissAnswer'])
      expect(validate).toMatch(new RegExp(`\\b${check}\\b`));
    // Serving the sandbox is the core's too, as on the mock: its answer, its headers and /__sandbox.
    const handler = readFileSync(new URL('handler.ts', sourceDir), 'utf8');
    const sandbox = readFileSync(new URL('sandbox.ts', sourceDir), 'utf8');
    expect(importsOf(handler)).toContain('@trading-analytics/core');
    expect(handler).toMatch(/\bsandboxAnswer\b/);
    expect(handler).toMatch(/\brequiredHeaders\b/);
    expect(sandbox).toMatch(/\bsandboxControlAnswer\b/);
  });

  it("offers exactly the mock's scenarios: every documented status and named example, per operation", () => {
    const fromMock = listScenarios(document);
    expect(Object.keys(operations)).toEqual(fromMock.map((operation) => operation.operationId));
    for (const operation of fromMock) {
      // Statuses first, then the named examples (JavaScript keeps integer-like keys first in an object).
      const expected = [
        ...operation.responses.map((response) => String(response.status)),
        ...operation.responses.flatMap((response) => response.examples.map((example) => example.key)),
      ];
      expect(scenarioKeys(operation.operationId as OperationId)).toEqual(expected);
    }
  });

  it("has the keys and defaults the mock's --scenario and /__scenarios accept", () => {
    const catalog = mockScenarioKeys(document);
    for (const [operationId, operation] of Object.entries(catalog)) {
      expect(scenarioKeys(operationId as OperationId)).toEqual(Object.keys(operation.keys));
      expect(operations[operationId as OperationId].defaultScenario).toBe(operation.defaultKey ?? null);
    }
  });

  it('is read by the handlers without any file access or Node module', () => {
    for (const file of readdirSync(sourceDir).filter((name) => name.endsWith('.ts'))) {
      const imports = importsOf(readFileSync(new URL(file, sourceDir), 'utf8'));
      expect(imports.length, file).toBeGreaterThan(0);
      expect(
        imports.filter((specifier) => specifier.startsWith('node:') || ['fs', 'path', 'url'].includes(specifier)),
        file,
      ).toEqual([]);
    }
  });
});
