// What the mock's command line and startMock read the same way: a port (0 asks for any free one), and where the
// contract served by default is.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../../../test/support/temp';
import { parsePort } from '../src/cli.js';
import { contractIn } from '../src/contract-path.js';

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

describe('the contract served by default', () => {
  it('is read from the contract/ folder of the package, wherever the package is', () => {
    const installed = tempFolder('mock-package-');
    mkdirSync(path.join(installed, 'contract'));
    writeFileSync(path.join(installed, 'contract/openapi.json'), '{}');
    expect(contractIn(pathToFileURL(`${installed}/`))).toBe(path.join(installed, 'contract/openapi.json'));
  });

  it('says how the copy is made when it is missing', () => {
    const empty = tempFolder('mock-package-');
    expect(() => contractIn(pathToFileURL(`${empty}/`))).toThrow(/missing from the package.*npm run compile/);
  });
});
