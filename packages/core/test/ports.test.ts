import { describe, expect, it } from 'vitest';
import { locateContract, parsePort } from '../src/index.js';

describe('parsePort', () => {
  it('reads 0 (any free port) to 65535', () => {
    expect(parsePort('0')).toBe(0);
    expect(parsePort('4010')).toBe(4010);
    expect(parsePort('65535')).toBe(65535);
  });

  it.each(['', '-1', '65536', '4010.5', '0x10', '1e3', 'abc', ' '])('refuses %j, naming the flag', (text) => {
    expect(() => parsePort(text, '--port')).toThrow(
      `--port must be a whole number from 0 (any free port) to 65535, got ${JSON.stringify(text)}.`,
    );
  });
});

describe('locateContract', () => {
  const files = (entries: Record<string, string>) => (url: string) => entries[url];

  it('reads generated/ inside the repository', () => {
    const read = files({
      'file:///repo/package.json': '{"name":"trading-analytics-api"}',
      'file:///repo/generated/openapi.json': '{}',
    });
    expect(locateContract('file:///repo/packages/mock/', read)).toEqual({
      folderUrl: 'file:///repo/generated/',
      bundleUrl: 'file:///repo/generated/openapi.json',
      inRepository: true,
    });
  });

  it('reads the packed copy in an installed package, and says how it is made when it is missing', () => {
    const read = files({ 'file:///app/node_modules/@t/mock/contract/openapi.json': '{}' });
    expect(locateContract('file:///app/node_modules/@t/mock/', read).inRepository).toBe(false);
    expect(() => locateContract('file:///app/node_modules/@t/msw/', read)).toThrow(
      /copied there when the package is packed/,
    );
  });
});
