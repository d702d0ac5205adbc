// The docs page lists the scenario keys per operation, generated from the contract with the mock's own
// scenarioKeys, as a guide placed before the closing list of what the service leaves undocumented.
import { scenarioKeys } from '@trading-analytics/mock';
import { docsDocument, notDocumentedHeading } from '@trading-analytics/pipeline/docs';
import { scenariosHeading } from '@trading-analytics/pipeline/docs-scenarios';
import { describe, expect, it } from 'vitest';
import { loadBundle } from '../support/contract';

const bundle = loadBundle();
const description: string = docsDocument(bundle).info.description;
const section = description.slice(
  description.indexOf(`# ${scenariosHeading}`),
  description.indexOf(`# ${notDocumentedHeading}`),
);

describe('the Mock scenarios guide', () => {
  it('comes after the hand-written guides and before the not-documented list', () => {
    expect(description.indexOf(`# ${scenariosHeading}`)).toBeGreaterThan(
      description.indexOf(bundle.info.description.trim().slice(-40)),
    );
    expect(section.length).toBeGreaterThan(0);
    expect(description.trimEnd().endsWith(`# ${scenariosHeading}`)).toBe(false);
  });

  it('has one row per operation with exactly the keys the mock accepts, the default marked', () => {
    const catalog = scenarioKeys(bundle);
    const rows = section.split('\n').filter((line) => /^\| `[a-zA-Z0-9]+` \|/.test(line));
    expect(rows).toHaveLength(Object.keys(catalog).length);
    for (const [operationId, { defaultKey, keys }] of Object.entries(catalog)) {
      const row = rows.find((line) => line.startsWith(`| \`${operationId}\` |`));
      expect(row, operationId).toBeDefined();
      const listed = [...row!.split('|')[3]!.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
      expect(listed, operationId).toEqual(Object.keys(keys));
      if (defaultKey) expect(row).toContain(`\`${defaultKey}\` (default)`);
    }
  });

  it('says how to pick a case per request, at start and while the mock runs', () => {
    for (const way of [
      'Prefer: code=503',
      '--scenario getUnrealizedPnl=503',
      'PUT /__scenarios',
      "scenario('getUnrealizedPnl', '503')",
    ])
      expect(section).toContain(way);
  });
});
