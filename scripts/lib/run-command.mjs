// @ts-check
// Running a command and collecting what it prints, for the scripts that drive npm and tar. And the environment
// for npm run in a folder of its own: `npm run` hands its child npm_* variables (the repository as prefix, its
// .npmrc's settings, the workspace) that would steer an npm started elsewhere.
import { spawn } from 'node:child_process';
import { root, StepError } from './steps.mjs';

/**
 * Runs a command; resolves with its stdout, rejects with a StepError carrying its exit code and stderr.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<string>}
 */
export function runCommand(command, args, { cwd = root, env = process.env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => reject(new StepError(`cannot run ${command}: ${error.message}`)));
    child.on('close', (code) =>
      code === 0
        ? resolve(stdout)
        : reject(new StepError(`${command} ${args.join(' ')} exited with ${code}\n${stderr.trim()}`)),
    );
  });
}

/** The npm settings a user gives through the environment that say where packages come from and go. */
const keptNpmSettings = ['npm_config_cache', 'npm_config_registry', 'npm_config_userconfig'];

/**
 * The environment for npm in a folder outside the repository: every npm_* variable left out but the cache, the
 * registry and the user's config file.
 * @returns {NodeJS.ProcessEnv}
 */
export function outsideNpmEnv() {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.toLowerCase().startsWith('npm_') || keptNpmSettings.includes(name.toLowerCase()),
    ),
  );
}
