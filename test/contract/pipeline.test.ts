// The build's own guarantees: both linters are clean on the source and on the bundle, and generated/ is
// exactly what a fresh build writes.

import { staleGeneratedFiles } from '@trading-analytics/pipeline/freshness';
import { lintBundle, lintSource } from '@trading-analytics/pipeline/lint';
import { describe, expect, it } from 'vitest';

describe('build pipeline', () => {
  // Also the clean start of build-steps.test.ts, whose scratch copy starts as these files.
  it('lints the source clean (Redocly and Spectral)', async () => {
    await expect(lintSource()).resolves.toBe('Redocly: 0 problems, Spectral: 0 problems');
  });

  it('lints the bundle clean (Spectral)', async () => {
    await expect(lintBundle()).resolves.toBe('Spectral: 0 problems');
  });

  it('has generated/ up to date with openapi/', async () => {
    expect(await staleGeneratedFiles()).toEqual([]);
  });
});
