// The trading-analytics-mock command, run from the sources: its flags, its messages, and a clean exit on
// Ctrl-C or SIGTERM with the mock stopped.
import { execFile } from 'node:child_process';
import net from 'node:net';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isRunning, spawnUntilReady } from './support/processes';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../bin/trading-analytics-mock.js', import.meta.url));

async function fails(args: string[]): Promise<{ code: number; output: string }> {
  try {
    await run(process.execPath, [bin, ...args]);
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, output: failure.stdout + failure.stderr };
  }
  throw new Error(`trading-analytics-mock ${args.join(' ')} succeeded`);
}

describe('trading-analytics-mock', () => {
  it('prints its usage with --help', async () => {
    const { stdout } = await run(process.execPath, [bin, '--help']);
    expect(stdout).toContain('--port <port>');
    expect(stdout).toContain('--host <address>');
  });

  it('refuses a port that is not a number, or an unknown flag, with the usage and exit code 2', async () => {
    expect(await fails(['--port', 'abc'])).toMatchObject({ code: 2, output: expect.stringContaining('--port must be a number, got "abc"') });
    expect(await fails(['--colour'])).toMatchObject({ code: 2, output: expect.stringContaining("Unknown option '--colour'") });
  });

  it('says so and exits 1 when the port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(4226, '127.0.0.1', resolve));
    try {
      expect(await fails(['--port', '4226'])).toMatchObject({ code: 1, output: expect.stringContaining('Port 4226 on 127.0.0.1 is already in use') });
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`serves until ${signal}, then stops the mock and exits 0`, async () => {
      const { command, exited, output } = await spawnUntilReady(bin, ['--port', '4227'], 'Ctrl-C stops it.');
      const answer = await fetch('http://127.0.0.1:4227/v1/leaderboard?timeframe=FOREVER');
      expect(answer.status).toBe(400);
      command.kill(signal);
      expect(await exited).toBe(0);
      // A refused request is printed as a readable line, naming the parameter.
      expect(output()).toContain('timeframe must be equal to one of the allowed values');
      await expect(fetch('http://127.0.0.1:4227/v1/leaderboard')).rejects.toThrow();
      expect(isRunning(command.pid!)).toBe(false);
    });
  }
});
