// The README's quick start runs as written (only its address swapped for the test mock's), importing the
// built package by its name.
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { createClient, unwrap } from '../src/index.js';
import { expectedOutput, runQuickStart } from './support/quick-start.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

describe('README quick start', () => {
  it('runs against the mock and prints what it promises', async () => {
    const lines = (await runQuickStart(inject('strictMockUrl'), packageDir)).trim().split('\n');
    expect(lines).toHaveLength(expectedOutput.length);
    for (const [index, line] of lines.entries()) expect(line).toMatch(expectedOutput[index]!);

    // The principal it prints is the mock's 1e18 integer string, to the last digit.
    const client = createClient({ baseUrl: inject('strictMockUrl') });
    const { principal } = unwrap(
      await client.GET('/v1/sstk/{user_address}/portfolio', {
        params: { path: { user_address: '0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b' } },
      }),
    );
    const [whole, fraction] = lines[1]!.replace('staked principal: ', '').split('.');
    expect(BigInt(whole! + (fraction ?? '').padEnd(18, '0'))).toBe(BigInt(principal));
  });
});
