// Running a command and collecting what it prints: the one way the scripts (npm, tar, the tools of
// node_modules/.bin) and the tests (through test/support/commands.ts) run a command to its end. `runCommand`
// resolves with the exit code and the output whatever the exit, for a caller that reads a failing command's
// words; `outputOf` is its form for a command that must succeed. And the environment for npm run in a folder
// of its own: `npm run` hands its child npm_* variables (the repository as prefix, its .npmrc's settings, the
// workspace) that would steer an npm started elsewhere.
import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { root } from './paths.js';
import { StepError } from './steps.js';

export interface CommandOutcome {
  /** the exit code, or null when a signal ended the command */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CommandOptions {
  /** default: the repository's root */
  cwd?: string;
  /** default: this process's (NO_COLOR is set either way: the output is read) */
  env?: NodeJS.ProcessEnv;
  /** kills the command (SIGKILL) when it runs longer */
  timeoutMs?: number;
  /** stops the command; the promise then rejects */
  signal?: AbortSignal;
}

/**
 * Runs a command to its end; resolves with its exit code, signal and output, rejects only when it cannot be
 * started (or `signal` stops it).
 */
export function runCommand(
  command: string,
  args: string[],
  { cwd = root, env = process.env, timeoutMs, signal }: CommandOptions = {},
): Promise<CommandOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, ended) => {
      clearTimeout(timer);
      resolve({ code, signal: ended, stdout, stderr });
    });
  });
}

/**
 * What a command that must succeed prints on stdout. Rejects with a StepError naming the command and carrying
 * its outcome (code, signal, stdout, stderr) when it exits otherwise or cannot be run.
 */
export async function outputOf(command: string, args: string[], options?: CommandOptions): Promise<string> {
  let outcome: CommandOutcome;
  try {
    outcome = await runCommand(command, args, options);
  } catch (error) {
    throw new StepError(`cannot run ${command}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (outcome.code !== 0) {
    const ended = outcome.signal ? `was ended by ${outcome.signal}` : `exited with ${outcome.code}`;
    const printed = `${outcome.stderr}${outcome.stdout}`.trim();
    throw Object.assign(new StepError(`${command} ${args.join(' ')} ${ended}\n${printed}`), outcome);
  }
  return outcome.stdout;
}

/**
 * Runs a binary of node_modules/.bin (Redocly's CLI, say) from the repository; resolves with what it printed,
 * stdout then stderr, and rejects with a StepError carrying that when it fails. `signal` stops it.
 */
export async function runTool(
  bin: string,
  args: string[],
  { cwd = root, signal }: { cwd?: string; signal?: AbortSignal } = {},
): Promise<string> {
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  const outcome = await runCommand(path.join(root, 'node_modules/.bin', bin), args, { cwd, env, signal }).catch(
    (error) => {
      throw new StepError(`cannot run ${bin}: ${error instanceof Error ? error.message : String(error)}`);
    },
  );
  const output = `${outcome.stdout}${outcome.stderr}`;
  if (outcome.code !== 0) throw new StepError(`${bin} ${args.join(' ')} exited with ${outcome.code}\n${output.trim()}`);
  return output;
}

/** The npm settings a user gives through the environment that say where packages come from and go. */
const keptNpmSettings = ['npm_config_cache', 'npm_config_registry', 'npm_config_userconfig'];

/**
 * The environment for npm in a folder outside the repository: every npm_* variable left out but the cache, the
 * registry and the user's config file.
 */
export function outsideNpmEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.toLowerCase().startsWith('npm_') || keptNpmSettings.includes(name.toLowerCase()),
    ),
  );
}

/**
 * Whether the process `pid` still runs (one of another user counts as running): how a lock's holder is told
 * from a holder that died with the lock taken.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes a lock file holding this process's pid, for work that one process does at a time while the others wait
 * for its result (a tool's install, one Redocly diff). A lock whose holder has ended is taken over. Gives
 * `done` without the lock once `finished()` says the work is there (another process did it), `taken` with the
 * lock (remove the file when done), or `waited` with the holder's pid after `waitMs`.
 */
export async function takePidLock(
  lock: string,
  { finished, waitMs, pollMs }: { finished: () => boolean; waitMs: number; pollMs: number },
): Promise<{ state: 'done' | 'taken' } | { state: 'waited'; holder: number }> {
  for (const deadline = Date.now() + waitMs; ; ) {
    if (finished()) return { state: 'done' };
    try {
      await writeFile(lock, String(process.pid), { flag: 'wx' });
      return { state: 'taken' };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // Empty while its holder has not written its pid yet.
    const holder = Number(await readFile(lock, 'utf8').catch(() => ''));
    if (holder > 0 && !isRunning(holder)) await rm(lock, { force: true });
    else if (Date.now() > deadline) return { state: 'waited', holder };
    else await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
