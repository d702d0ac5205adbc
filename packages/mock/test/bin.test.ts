// The trading-analytics-mock command, run from the built package (dist/bin.js): its flags, its messages, a clean exit on
// Ctrl-C or SIGTERM with the mock stopped, and exit code 1 when the mock ends on its own.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runNode, startNode } from '../../../test/support/commands';
import { takenPort } from '../../../test/support/ports';
import { isRunning, mockChildren, pidOf } from './support/processes';
import { send, validRequests } from './support/requests';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

async function fails(args: string[]): Promise<{ code: number | null; output: string }> {
  const { code, stdout, stderr } = await runNode(bin, args);
  if (code === 0) throw new Error(`trading-analytics-mock ${args.join(' ')} succeeded`);
  return { code, output: stdout + stderr };
}

/** The address the command printed once it served. */
function servedUrl(output: string): string {
  const url = /Trading analytics mock: (http:\/\/127\.0\.0\.1:[0-9]+)/.exec(output)?.[1];
  if (!url) throw new Error(`trading-analytics-mock printed no address:\n${output}`);
  return url;
}

describe('trading-analytics-mock', () => {
  it('prints its usage with --help', async () => {
    const { stdout } = await runNode(bin, ['--help']);
    expect(stdout).toContain('--port <port>');
    expect(stdout).toContain('--host <address>');
    expect(stdout).toContain('--cors-credentials');
    expect(stdout).toContain('--control-origin <origin>');
  });

  it('serves on a free port with --port 0, reflects the origin with credentials under --cors-credentials, and on SIGTERM stops the mock and exits 0', async () => {
    const { command, exited, output } = await startNode(
      bin,
      ['--port', '0', '--cors-credentials', '--control-origin', 'https://app.example.com'],
      'Ctrl-C stops it.',
    );
    let url: string;
    try {
      url = servedUrl(output());
      expect(url).not.toMatch(/:0$/);
      const answer = await fetch(`${url}/v1/leaderboard`, { headers: { origin: 'http://localhost:5173' } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
      // --control-origin: that origin's pages may drive the controls, another site's may not.
      const controls = (origin: string) => fetch(`${url}/__scenarios`, { headers: { origin } });
      expect((await controls('https://app.example.com')).status).toBe(200);
      expect((await controls('https://evil.example')).status).toBe(403);
      expect((await fetch(`${url}/v1/leaderboard?timeframe=FOREVER`)).status).toBe(400);
    } finally {
      command.kill('SIGTERM');
    }
    await expectStopped(await exited, output(), url, pidOf(command));
  });

  it('refuses a port that is not a number, or an unknown flag, with the usage and exit code 2', async () => {
    expect(await fails(['--port', 'abc'])).toMatchObject({
      code: 2,
      output: expect.stringContaining('--port must be a whole number from 0 (any free port) to 65535, got "abc"'),
    });
    expect(await fails(['--control-origin', 'app.example.com'])).toMatchObject({
      code: 2,
      output: expect.stringContaining('controlOrigins must be a list of origins'),
    });
    expect(await fails(['--colour'])).toMatchObject({
      code: 2,
      output: expect.stringContaining("Unknown option '--colour'"),
    });
  });

  it('refuses a --seed or --now the sandbox cannot use, or either without --sandbox, with the usage and exit code 2', async () => {
    expect(await fails(['--sandbox', '--seed', 'seven'])).toMatchObject({
      code: 2,
      output: expect.stringContaining('--seed takes a whole number from 0 to 4294967295, got "seven"'),
    });
    expect(await fails(['--sandbox', '--seed', '4294967296', '--port', '0'])).toMatchObject({
      code: 2,
      output: expect.stringMatching(
        /the sandbox's seed must be an integer from 0 to 4294967295, not 4294967296[\s\S]*Usage:/,
      ),
    });
    expect(await fails(['--sandbox', '--now', 'tomorrow', '--port', '0'])).toMatchObject({
      code: 2,
      output: expect.stringContaining(`the sandbox's now must be an ISO-8601 instant`),
    });
    expect(await fails(['--seed', '3'])).toMatchObject({
      code: 2,
      output: expect.stringContaining('--seed, --now, --clock and --clock-rate go with --sandbox.'),
    });
    expect(await fails(['--sandbox', '--clock', 'fast'])).toMatchObject({
      code: 2,
      output: expect.stringContaining('--clock takes fixed or live, got "fast".'),
    });
    expect(await fails(['--sandbox', '--clock-rate', '60'])).toMatchObject({
      code: 2,
      output: expect.stringContaining('--clock-rate goes with --clock live.'),
    });
    expect(await fails(['--sandbox', '--clock', 'live', '--clock-rate', '1e9', '--port', '0'])).toMatchObject({
      code: 2,
      output: expect.stringContaining('--clock-rate takes a number of world seconds per second'),
    });
    expect(await fails(['--sandbox', '--clock', 'live', '--clock-rate', '2000000', '--port', '0'])).toMatchObject({
      code: 2,
      output: expect.stringContaining('clock.rate must be a number above 0 and at most 1000000'),
    });
  });

  it('says so and exits 1 when the port is taken', async () => {
    const taken = await takenPort();
    try {
      expect(await fails(['--port', String(taken.port)])).toMatchObject({
        code: 1,
        output: expect.stringContaining(`Port ${taken.port} on 127.0.0.1 is already in use`),
      });
    } finally {
      await taken.release();
    }
  });

  // SIGTERM: the --cors-credentials test above ends with it. One command for the sandbox and a scenario: a
  // case chosen at start is answered from a sandbox too.
  it('serves the sandbox with --sandbox, --seed and --now on --port 0, printing the URL it bound and the world, and a --scenario choice, printing it, until SIGINT; then stops the mock and exits 0', async () => {
    const now = '2026-12-01T00:00:00Z';
    const { command, exited, output } = await startNode(
      bin,
      ['--sandbox', '--seed', '9', '--now', now, '--port', '0', '--scenario', 'getUnrealizedPnl=503'],
      'Ctrl-C stops it.',
    );
    let url: string;
    try {
      url = servedUrl(output());
      expect(url).not.toMatch(/:0$/);
      expect(output()).toContain(`Sandbox: seed 9, clock starting at ${now}.`);
      const world = await (await fetch(`${url}/__sandbox`)).json();
      expect(world).toMatchObject({ seed: 9, now });
      const page = await (await fetch(`${url}/v1/leaderboard?page=3&size=5`)).json();
      expect(page).toMatchObject({ pageNumber: 3, pageSize: 5 });
      expect(output()).toContain('Scenarios: getUnrealizedPnl=503');
      expect((await send(url, validRequests.getUnrealizedPnl)).status).toBe(503);
      expect((await fetch(`${url}/v1/leaderboard?timeframe=FOREVER`)).status).toBe(400);
    } finally {
      command.kill('SIGINT');
    }
    // A refused request is printed as a readable line naming the parameter, as without the sandbox.
    await expectStopped(await exited, output(), url, pidOf(command));
  });

  // The other end of the exit codes: 0 is for a stop that was asked for (Ctrl-C, SIGTERM), 1 for a mock gone
  // without being asked. The mock leaves a Ctrl-C to the command (lifecycle.test.ts), so the two never mix.
  it('says the mock stopped unexpectedly and exits 1 when its process ends without being asked', async () => {
    const { command, exited, output } = await startNode(bin, ['--port', '0'], 'Ctrl-C stops it.');
    const [mockPid] = mockChildren(pidOf(command));
    try {
      expect(mockPid, output()).toBeDefined();
      process.kill(mockPid!, 'SIGKILL');
    } finally {
      if (mockPid === undefined) command.kill('SIGTERM');
    }
    expect(await exited).toBe(1);
    expect(output()).toContain('The mock stopped unexpectedly (SIGKILL).');
  });
});

/** The command exited 0 once signalled, having printed the refused request, and left no mock serving. */
async function expectStopped(code: number | null, output: string, url: string, pid: number) {
  expect(code).toBe(0);
  // A refused request is printed as a readable line, naming the parameter.
  expect(output).toContain('timeframe must be equal to one of the allowed values');
  await expect(fetch(`${url}/v1/leaderboard`)).rejects.toThrow();
  expect(isRunning(pid)).toBe(false);
}
