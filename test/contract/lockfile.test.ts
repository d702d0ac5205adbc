// `npm ci` refuses a lockfile that leaves out an optional dependency of a locked package, which npm does for
// platform packages its registry does not serve. The README's first command must work on a new machine.
import { readFileSync } from 'node:fs';
import { missingOptionalEntries, platformOf } from '@trading-analytics/pipeline/lockfile';
import { describe, expect, it } from 'vitest';

const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8'));

describe('package-lock.json', () => {
  it('has an entry for every optional platform package of a locked package (else: node scripts/complete-lockfile.mjs)', () => {
    expect(missingOptionalEntries(lock).map(([location]) => location)).toEqual([]);
  });

  it('enters a missing package under the platform its name states, so npm skips it elsewhere', () => {
    expect(platformOf('@biomejs/cli-darwin-arm64')).toEqual({ os: ['darwin'], cpu: ['arm64'] });
    expect(platformOf('@oxc-parser/binding-linux-arm-musleabihf')).toEqual({
      os: ['linux'],
      cpu: ['arm'],
      libc: ['musl'],
    });
    expect(platformOf('@oxc-parser/binding-linux-x64-gnu')).toEqual({ os: ['linux'], cpu: ['x64'], libc: ['glibc'] });
    expect(platformOf('@oxc-parser/binding-win32-ia32-msvc')).toEqual({ os: ['win32'], cpu: ['ia32'] });
    expect(platformOf('some-plain-package')).toBeUndefined();
  });

  it('finds what a lock without those entries lacks', () => {
    const partial = {
      packages: {
        '': {},
        'node_modules/tool': {
          version: '1.0.0',
          dev: true,
          optionalDependencies: { '@tool/cli-darwin-x64': '1.0.0', '@tool/cli-linux-x64': '1.0.0' },
        },
        'node_modules/@tool/cli-linux-x64': { version: '1.0.0' },
      },
    };
    expect(missingOptionalEntries(partial)).toEqual([
      [
        'node_modules/@tool/cli-darwin-x64',
        { version: '1.0.0', os: ['darwin'], cpu: ['x64'], dev: true, optional: true },
      ],
    ]);
  });
});
