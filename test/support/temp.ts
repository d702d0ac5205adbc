// Temp folders for tests: each made in the system's temp directory and removed when the test file that made it
// ends, pass or fail. The removal is registered per file by test/support/temp-cleanup.ts, a setup file of every
// project whose files use this module: a module-level afterAll would belong to the first file only where one
// worker runs several files (`isolate: false`). The run's global setup points the temp directory at a folder of
// the run's own, removed at its end too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const made: string[] = [];
const cleanupRegistered = Symbol.for('trading-analytics-api.temp-cleanup');

/** Marks the current test file as one whose temp folders are removed at its end (temp-cleanup.ts). */
export function registerTempCleanup(register: (removeAll: () => void) => void): void {
  (globalThis as Record<symbol, unknown>)[cleanupRegistered] = true;
  register(() => {
    for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
  });
}

/** A new empty folder named `<prefix>XXXXXX`, removed once the test file is done. */
export function tempFolder(prefix: string): string {
  if ((globalThis as Record<symbol, unknown>)[cleanupRegistered] !== true)
    throw new Error(
      'tempFolder: nothing removes the folder at the end of this file; add test/support/temp-cleanup.ts to the ' +
        "project's setupFiles",
    );
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(folder);
  return folder;
}
