// The scenario table in README.md is generated from the contract; it fails here as soon as the contract
// gains, loses or renames a case, until `npm run scenarios -w @trading-analytics/mock` is run. The limits
// table lists every limit of src/mock-limits.ts.
import { readFileSync } from 'node:fs';
import { mockReadme, renderScenarioTable, withScenarioTable } from '@trading-analytics/pipeline/scenario-table';
import { describe, expect, it } from 'vitest';
import { loadBundle } from '../../../test/support/contract';
import { listScenarios } from '../src/index.js';
import * as limits from '../src/mock-limits.js';

const readme = readFileSync(mockReadme, 'utf8');
const document = loadBundle();

describe('README.md', () => {
  it('has the scenario table of the current contract', () => {
    expect(readme, 'stale table: run `npm run scenarios -w @trading-analytics/mock`').toBe(
      withScenarioTable(readme, renderScenarioTable(document)),
    );
  });

  it('names every example key and status of every operation in that table', () => {
    const table = renderScenarioTable(document);
    for (const operation of listScenarios(document)) {
      const row = table.split('\n').find((line) => line.startsWith(`| \`${operation.operationId}\` |`));
      expect(row, operation.operationId).toBeDefined();
      for (const response of operation.responses) {
        expect(row).toContain(`\`${response.status}\``);
        for (const example of response.examples) expect(row).toContain(`\`${example.key}\``);
      }
    }
  });

  // `npm run bump` moves the tarball's version with package.json's (scripts/pipeline/src/versions.ts).
  it('names the packed tarball of the current version in its install line', () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    const named = [...readme.matchAll(/trading-analytics-mock-(\d+\.\d+\.\d+)\.tgz/g)].map((match) => match[1]);
    expect(named.length, "the install line names `npm pack`'s tarball").toBeGreaterThan(0);
    expect(new Set(named)).toEqual(new Set([version]));
  });

  it('lists every limit of src/mock-limits.ts in its Limits table', () => {
    const section = readme.slice(readme.indexOf('## Limits'), readme.indexOf('\n## ', readme.indexOf('## Limits') + 1));
    const listed = [...section.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((match) => match[1]);
    expect(listed.sort()).toEqual(Object.keys(limits).sort());
  });
});
