// Running a command from a test, the one way every file does it: `runCommand` runs one to its end and collects
// its exit code and output (it never rejects, so a test reads a failing command's code and words; `outputOf` is
// its form for a command that must succeed), the scripts' own (scripts/pipeline/src/run-command.ts) with a time limit
// by default, and `startCommand` starts a long-running one (a server) and
// resolves once it prints that it is ready. `runNode` and `startNode` do the same for a Node script.
import { type ChildProcessByStdio, type SpawnOptions, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import {
  type CommandOptions,
  type CommandOutcome,
  outputOf as outputOfCommand,
  runCommand as runCommandToEnd,
} from '@trading-analytics/pipeline/run-command';

export type { CommandOutcome };

/** A test never leaves a command running past its own limit: 60 s unless it says otherwise. */
const limited = (options?: CommandOptions): CommandOptions => ({ timeoutMs: 60_000, ...options });

/** Runs `command` to its end (scripts/pipeline/src/run-command.ts); `timeoutMs` (default 60 s) kills it if it runs longer. */
export const runCommand = (command: string, args: string[], options?: CommandOptions): Promise<CommandOutcome> =>
  runCommandToEnd(command, args, limited(options));

/** Runs a Node script (`node <script> ...args`) to its end. */
export const runNode = (script: string, args: string[], options?: CommandOptions) =>
  runCommand(process.execPath, [script, ...args], options);

/** What a command that must succeed printed on stdout; rejects, with what it printed, when it exits otherwise. */
export const outputOf = (command: string, args: string[], options?: CommandOptions): Promise<string> =>
  outputOfCommand(command, args, limited(options));

export interface StartedCommand {
  command: ChildProcessByStdio<null, Readable, Readable>;
  /** Its exit code, once it has ended. */
  exited: Promise<number | null>;
  /** Everything it printed so far, stdout and stderr as they came. */
  output(): string;
}

/**
 * Starts a command and resolves once its output contains `readyText` (what it prints when it serves). Fails,
 * naming what it printed, and kills it, if it stops first or stays silent past `timeoutMs` (default 30 s).
 * `detached` gives it a process group of its own, so a test can send a signal to the group as a terminal does.
 */
export async function startCommand(
  command: string,
  args: string[],
  readyText: string,
  {
    detached = false,
    timeoutMs = 30_000,
    ...options
  }: Omit<SpawnOptions, 'stdio' | 'detached'> & { detached?: boolean; timeoutMs?: number } = {},
): Promise<StartedCommand> {
  const started = spawn(command, args, { ...options, detached, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)));
  let output = '';
  started.stdout.on('data', (chunk) => (output += chunk));
  started.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + timeoutMs;
  while (!output.includes(readyText)) {
    if (started.exitCode !== null || Date.now() > deadline) {
      // The whole group, when it has one: npx, say, runs the command in a process of its own.
      if (detached && started.pid !== undefined && started.exitCode === null) process.kill(-started.pid, 'SIGKILL');
      else started.kill('SIGKILL');
      throw new Error(`${command} ${args.join(' ')} did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { command: started, exited, output: () => output };
}

/** Starts a Node script (`node <script> ...args`); see startCommand. */
export const startNode = (
  script: string,
  args: string[],
  readyText: string,
  options?: Parameters<typeof startCommand>[3],
) => startCommand(process.execPath, [script, ...args], readyText, options);
