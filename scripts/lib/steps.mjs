// Shared plumbing for the build steps: where things live, running a tool from node_modules/.bin, and one
// progress line per step with its duration.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const sourceSpec = path.join(root, 'openapi/openapi.yaml');
export const generatedDir = path.join(root, 'generated');
export const bundlePath = path.join(generatedDir, 'openapi.json');

export class StepError extends Error {}

/** Runs a binary from node_modules/.bin; resolves with its output, rejects with a StepError carrying it. */
export function runTool(bin, args, { quiet = true } = {}) {
  const executable = path.join(root, 'node_modules/.bin', bin);
  return new Promise((resolve, reject) => {
    const child = spawn(executable, args, {
      cwd: root,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => reject(new StepError(`cannot run ${bin}: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new StepError(`${bin} ${args.join(' ')} exited with ${code}\n${output.trim()}`));
    });
  });
}

/** Runs named steps in order, printing `name ... ok (1.2 s)`; stops at the first failure with its message. */
export async function runSteps(steps) {
  const started = performance.now();
  for (const [name, action] of steps) {
    const stepStarted = performance.now();
    process.stdout.write(`- ${name} ... `);
    try {
      const note = await action();
      process.stdout.write(`ok (${seconds(stepStarted)})${note ? `: ${note}` : ''}\n`);
    } catch (error) {
      process.stdout.write(`FAILED (${seconds(stepStarted)})\n`);
      console.error(`\n${name} failed:\n${error instanceof StepError ? error.message : error.stack}`);
      process.exitCode = 1;
      return false;
    }
  }
  console.log(`done in ${seconds(started)}`);
  return true;
}

function seconds(since) {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

/** Runs a step file on its own when it is the entry point (`node scripts/bundle.mjs`). */
export function isEntryPoint(moduleUrl) {
  return process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(moduleUrl);
}
