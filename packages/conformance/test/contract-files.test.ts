// The contracts a run loads, the last two kept for the next run of either (src/setup/contract-files.ts): reused
// only while both the folder and its text are the same, so a changed bundle or another folder is read afresh.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../../../test/support/temp.js';
import { loadContract } from '../src/setup/contract-files.js';

const own = loadContract();
const bundle = path.join(own.dir, 'openapi.json');

/** A folder holding a copy of the package's bundle, its title replaced when `title` is given. */
function copyOfBundle(title?: string): string {
  const dir = tempFolder('conformance-contract-files-');
  if (title === undefined) copyFileSync(bundle, path.join(dir, 'openapi.json'));
  else {
    const document = JSON.parse(readFileSync(bundle, 'utf8'));
    document.info.title = title;
    writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(document));
  }
  return dir;
}

describe('loadContract', () => {
  it('reuses the bundle and its validators for the same folder and text', () => {
    const again = loadContract();
    expect(again).toBe(own);
    expect(again.validators.first).toBe(own.validators.first);
  });

  it('reads another folder afresh, even with the same text', () => {
    const dir = copyOfBundle();
    const other = loadContract(dir);
    expect(other.dir).toBe(dir);
    expect(other.validators.first).not.toBe(own.validators.first);
    expect(loadContract(own.dir).dir).toBe(own.dir);
  });

  it('reads the same folder afresh once its bundle changed', () => {
    const dir = copyOfBundle('first title');
    expect(loadContract(dir).document.info.title).toBe('first title');
    writeFileSync(
      path.join(dir, 'openapi.json'),
      readFileSync(bundle, 'utf8').replace(/"title":\s*"[^"]*"/, '"title": "second title"'),
    );
    const changed = loadContract(dir);
    expect(changed.document.info.title).toBe('second title');
  });

  it('keeps the last two: the package’s own beside another, a changed bundle in place of its older text, and a third in place of the one used least recently', () => {
    // The package's own, used last: the test above read one other folder since.
    expect(loadContract()).toBe(own);
    const dir = copyOfBundle('beside');
    const beside = loadContract(dir);
    expect(loadContract()).toBe(own);
    expect(loadContract(dir)).toBe(beside);
    writeFileSync(
      path.join(dir, 'openapi.json'),
      readFileSync(bundle, 'utf8').replace(/"title":\s*"[^"]*"/, '"title": "beside, changed"'),
    );
    const changed = loadContract(dir);
    expect(changed.document.info.title).toBe('beside, changed');
    // The folder's older text gave way, not the package's own.
    expect(loadContract()).toBe(own);
    expect(loadContract(copyOfBundle('third')).document.info.title).toBe('third');
    expect(loadContract()).toBe(own);
    const again = loadContract(dir);
    expect(again).not.toBe(changed);
    expect(again.document.info.title).toBe('beside, changed');
  });
});
