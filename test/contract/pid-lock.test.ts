// The lock that lets one process do a piece of shared work while the others wait for its result (the release
// tools' install, one Redocly diff of two documents): taken when free, waited on while its holder runs, taken
// over when its holder has ended, and given up when the work appears meanwhile.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { takePidLock } from '@trading-analytics/pipeline/run-command';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../support/temp';

const never = () => false;

describe('takePidLock', () => {
  it('takes a free lock, writing its own pid in it', async () => {
    const lock = path.join(tempFolder('pid-lock-'), 'work.lock');
    await expect(takePidLock(lock, { finished: never, waitMs: 1_000, pollMs: 10 })).resolves.toEqual({
      state: 'taken',
    });
    expect(await readFile(lock, 'utf8')).toBe(String(process.pid));
  });

  it('takes over a lock whose holder has ended', async () => {
    const lock = path.join(tempFolder('pid-lock-'), 'work.lock');
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    await writeFile(lock, String(ended));
    await expect(takePidLock(lock, { finished: never, waitMs: 1_000, pollMs: 10 })).resolves.toEqual({
      state: 'taken',
    });
    expect(await readFile(lock, 'utf8')).toBe(String(process.pid));
  });

  it('waits while a running process holds it, and says who after waitMs', async () => {
    const lock = path.join(tempFolder('pid-lock-'), 'work.lock');
    // A running holder: this process's parent (vitest's own), never ended while the test runs.
    await writeFile(lock, String(process.ppid));
    const started = performance.now();
    await expect(takePidLock(lock, { finished: never, waitMs: 200, pollMs: 10 })).resolves.toEqual({
      state: 'waited',
      holder: process.ppid,
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(200);
    expect(await readFile(lock, 'utf8')).toBe(String(process.ppid));
  });

  it('gives the lock up once the work appears, without taking it', async () => {
    const folder = tempFolder('pid-lock-');
    const [lock, result] = [path.join(folder, 'work.lock'), path.join(folder, 'work.json')];
    await writeFile(lock, String(process.ppid));
    setTimeout(() => void writeFile(result, '{}'), 50);
    await expect(
      takePidLock(lock, { finished: () => existsSync(result), waitMs: 10_000, pollMs: 10 }),
    ).resolves.toEqual({ state: 'done' });
    expect(await readFile(lock, 'utf8')).toBe(String(process.ppid));
  });
});
