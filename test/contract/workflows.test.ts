// The Arazzo workflows beside the contract: linted, checked against the bundle, and written to generated/
// pointing at the bundle they were checked against.
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bundleWorkflows, lintWorkflows } from '@trading-analytics/pipeline/workflows';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bundleFile, listOperations, loadBundle } from '../support/contract.js';
import { tempFolder } from '../support/temp';

describe('workflows', () => {
  it('lint clean (Redocly)', async () => {
    await expect(lintWorkflows()).resolves.toMatch(/valid/);
  });

  it('reach generated/ with their source description on ./openapi.json and only operations the bundle has', async () => {
    const written = parse(await readFile(path.join(path.dirname(bundleFile), 'seed-flows.arazzo.yaml'), 'utf8'));
    expect(written.sourceDescriptions).toEqual([{ name: 'tradingAnalytics', type: 'openapi', url: './openapi.json' }]);
    const operationIds = new Set(listOperations().map((entry) => entry.operation.operationId));
    const steps = written.workflows.flatMap((workflow: { steps: { operationId: string }[] }) => workflow.steps);
    expect(steps.length).toBeGreaterThanOrEqual(8);
    for (const step of steps) expect(operationIds).toContain(step.operationId);
  });

  it('fail the build when a step names an operation the contract does not have', async () => {
    const scratch = tempFolder('workflows-');
    const bundle = loadBundle();
    delete bundle.paths['/v1/pairs'];
    await writeFile(path.join(scratch, 'openapi.json'), JSON.stringify(bundle));
    await expect(bundleWorkflows(scratch)).rejects.toThrow(
      /marketToPriceUpdates\/listMarkets: the contract has no operation listPairs/,
    );
    await copyFile(bundleFile, path.join(scratch, 'openapi.json'));
    await expect(bundleWorkflows(scratch)).resolves.toBe('3 workflows in 1 file(s)');
  });
});
