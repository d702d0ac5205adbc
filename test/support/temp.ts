// Temp folders for tests: each made in the system's temp directory and removed when the test file that made it
// ends, pass or fail (this module registers one afterAll in every test file that imports it). The run's global
// setup points the temp directory at a folder of the run's own, removed at its end too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];

afterAll(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
});

/** A new empty folder named `<prefix>XXXXXX`, removed once the test file is done. */
export function tempFolder(prefix: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(folder);
  return folder;
}
