// `npm start` (scripts/start.mjs): which flags and variables it reads, when it rebuilds the docs, and the
// command itself serving the mock and the docs until SIGTERM or Ctrl-C, leaving nothing behind. The
// command runs with --skip-build here: a test must not rewrite generated/ or dist/.
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startOptions } from '@trading-analytics/pipeline/flags';
import { docsAreStale } from '@trading-analytics/pipeline/freshness';
import { afterAll, describe, expect, it } from 'vitest';
import { runNode, startNode } from '../../../test/support/commands';
import { freePorts } from '../../../test/support/ports';
import { groupAlive, pidOf } from './support/processes';

const startScript = fileURLToPath(new URL('../../../scripts/start.mjs', import.meta.url));
const scratch = await mkdtemp(path.join(tmpdir(), 'mock-start-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('npm start options', () => {
  it('defaults to the mock on 127.0.0.1:4010 and the docs on the next port', () => {
    expect(startOptions([], {})).toMatchObject({ host: '127.0.0.1', port: 4010, docsPort: 4011, build: true });
    expect(startOptions([], {}).docsFile).toMatch(/dist[/\\]docs[/\\]index\.html$/);
  });

  it('reads MOCK_HOST, MOCK_PORT and DOCS_PORT, and flags win over them', () => {
    const env = { MOCK_HOST: '0.0.0.0', MOCK_PORT: '5000', DOCS_PORT: '5100' };
    expect(startOptions([], env)).toMatchObject({ host: '0.0.0.0', port: 5000, docsPort: 5100 });
    expect(
      startOptions(['--port', '6000', '--host', '127.0.0.1', '--skip-build'], { MOCK_PORT: '5000' }),
    ).toMatchObject({ host: '127.0.0.1', port: 6000, docsPort: 6001, build: false });
  });

  it('passes --cors-credentials on to the mock, off by default', () => {
    expect(startOptions([], {}).corsCredentials).toBe(false);
    expect(startOptions(['--cors-credentials'], {}).corsCredentials).toBe(true);
  });

  it('passes each --control-origin on to the mock, none by default', () => {
    expect(startOptions([], {}).controlOrigins).toEqual([]);
    expect(
      startOptions(['--control-origin', 'https://app.example.com', '--control-origin', 'http://dev.lan:8080'], {})
        .controlOrigins,
    ).toEqual(['https://app.example.com', 'http://dev.lan:8080']);
  });

  it('passes --sandbox with its --seed and --now on to the mock, off by default', () => {
    expect(startOptions([], {}).sandbox).toBe(false);
    expect(startOptions(['--sandbox'], {}).sandbox).toEqual({});
    expect(startOptions(['--sandbox', '--seed', '7', '--now', '2026-12-01T00:00:00Z'], {}).sandbox).toEqual({
      seed: 7,
      now: '2026-12-01T00:00:00Z',
    });
    expect(() => startOptions(['--now', '2026-12-01T00:00:00Z'], {})).toThrow(
      '--seed, --now, --clock and --clock-rate go with --sandbox.',
    );
    expect(startOptions(['--sandbox', '--now', 'wall', '--clock', 'live', '--clock-rate', '60'], {}).sandbox).toEqual({
      now: 'wall',
      clock: 'live',
      clockRate: 60,
    });
    expect(() => startOptions(['--sandbox', '--seed=-1'], {})).toThrow(
      '--seed takes a whole number from 0 to 4294967295, got "-1"',
    );
  });

  it('refuses a bad port, naming where it came from', () => {
    expect(() => startOptions(['--port', 'http'], {})).toThrow(
      '--port must be a whole number from 0 (any free port) to 65535, got "http"',
    );
    expect(() => startOptions([], { MOCK_PORT: '70000' })).toThrow(
      'MOCK_PORT must be a whole number from 0 (any free port) to 65535, got "70000"',
    );
    expect(() => startOptions(['--docs-port', '4010'], {})).toThrow(
      'The docs need a port of their own; both are 4010.',
    );
    expect(() => startOptions(['--prot', '1'], {})).toThrow("Unknown option '--prot'");
  });
});

describe('docs staleness', () => {
  it('rebuilds the docs when the page is missing or older than what it is rendered from', async () => {
    const page = path.join(scratch, 'stale', 'index.html');
    const source = path.join(scratch, 'contract.json');
    await writeFile(source, '{}');
    expect(await docsAreStale(page, [source])).toBe(true);

    await rm(path.dirname(page), { recursive: true, force: true });
    await mkdir(path.dirname(page), { recursive: true });
    await writeFile(page, '<html></html>');
    await utimes(source, new Date('2026-01-01'), new Date('2026-01-01'));
    await utimes(page, new Date('2026-01-02'), new Date('2026-01-02'));
    expect(await docsAreStale(page, [source])).toBe(false);

    await utimes(source, new Date('2026-01-03'), new Date('2026-01-03'));
    expect(await docsAreStale(page, [source])).toBe(true);
  });
});

/** `npm start` serving `docsFile`, on two free ports: it takes no port 0, and prints the addresses it was given. */
async function startServing(docsFile: string, extra: string[] = []) {
  const [mockPort, docsPort] = await freePorts(2);
  const args = [
    '--skip-build',
    '--port',
    String(mockPort),
    '--docs-port',
    String(docsPort),
    '--docs-file',
    docsFile,
    ...extra,
  ];
  const started = await startNode(startScript, args, 'Ctrl-C stops both.', { detached: true });
  return { ...started, mockUrl: `http://127.0.0.1:${mockPort}`, docsUrl: `http://127.0.0.1:${docsPort}` };
}

describe('npm start', () => {
  it('serves the mock and the docs page, prints both URLs and the hint, and stops both on SIGTERM', async () => {
    const page = path.join(scratch, 'docs', 'index.html');
    await mkdir(path.dirname(page), { recursive: true });
    await writeFile(page, '<!DOCTYPE html><title>Trading analytics API</title>');
    const { command, exited, output, mockUrl, docsUrl } = await startServing(page);

    try {
      expect(output()).toContain(`Mock: ${mockUrl}`);
      expect(output()).toContain(`Docs: ${docsUrl}`);
      expect(output()).toContain('Prefer: example=<key>');
      expect((await fetch(`${mockUrl}/v1/leaderboard`)).status).toBe(200);
      const docs = await fetch(`${docsUrl}/`);
      expect(docs.headers.get('content-type')).toContain('text/html');
      expect(await docs.text()).toBe('<!DOCTYPE html><title>Trading analytics API</title>');
      expect((await fetch(`${docsUrl}/../package.json`)).status).toBe(404);
    } finally {
      process.kill(pidOf(command), 'SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(groupAlive(pidOf(command)), 'a process started by npm start is still running').toBe(false);
    await expect(fetch(`${mockUrl}/v1/leaderboard`)).rejects.toThrow();
    await expect(fetch(`${docsUrl}/`)).rejects.toThrow();
  });

  // One command for both: the docs page is found or not whatever the mock serves.
  it('serves the sandbox with --sandbox, and the mock when the docs page has not been built (saying so); refuses a now it cannot use with the usage and exit code 2', async () => {
    const { command, exited, output, mockUrl } = await startServing(path.join(scratch, 'never-built.html'), [
      '--sandbox',
      '--seed',
      '5',
    ]);
    try {
      expect(output()).toContain('Sandbox: seed 5, clock starting at 2026-11-21T12:00:00Z.');
      expect((await (await fetch(`${mockUrl}/__sandbox`)).json()).seed).toBe(5);
      expect(output()).toMatch(/Docs: not served, .*never-built\.html does not exist/);
      expect((await fetch(`${mockUrl}/v1/leaderboard`)).status).toBe(200);
    } finally {
      process.kill(-pidOf(command), 'SIGINT');
    }
    expect(await exited).toBe(0);
    expect(groupAlive(pidOf(command))).toBe(false);

    const [port] = await freePorts(1);
    const refused = await runNode(
      startScript,
      ['--skip-build', '--sandbox', '--now', 'noon', '--port', String(port), '--docs-port', '0'],
      { timeoutMs: 30_000 },
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/the sandbox's now must be an ISO-8601 instant[\s\S]*Usage: npm start/);
  });
});
