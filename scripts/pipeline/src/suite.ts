// `npm test` after its lint and compile: vitest, with the repository's type check (`tsc -b`) and the versions
// gate (`npm run diff`) beside it rather than before it. Before vitest the two kept one core of a 2-core
// machine busy for ~15 s with the other idle; beside it they share the cores with vitest's start (the global
// setup's packing and tool installs). Fresh runs with them beside vitest were within the spread of the runs
// before, as a run bound by its CPU would be: the order costs nothing and waits on nothing. vitest's
// output streams as it comes; a check's output is printed once vitest has ended (in the middle it would be lost
// among vitest's lines), and the run fails when vitest or a check failed.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { messageOf } from '@trading-analytics/core';
import { baselinePath, checkChanges, formatReport } from './gate.js';
import { bundlePath, root } from './paths.js';
import { runCommand } from './run-command.js';
import { failureText } from './steps.js';

const require = createRequire(import.meta.url);

/** What a check beside the tests printed, and whether it passed. */
interface CheckOutcome {
  passed: boolean;
  output: string;
}

/** A check that runs beside the tests: `run` never rejects (a failure to start is a failed check). */
export interface SideCheck {
  name: string;
  run: () => Promise<CheckOutcome>;
}

/** A package's own bin, run with this Node (no shell, the same on every system). */
function binOf(packageName: string, binName: string): string {
  const manifest = require.resolve(`${packageName}/package.json`);
  const { bin } = require(manifest) as { bin: Record<string, string> };
  const file = bin[binName];
  if (file === undefined) throw new Error(`${packageName} has no bin named ${binName}`);
  return path.join(path.dirname(manifest), file);
}

/** `tsc -b` of `project` (a folder or a tsconfig; the root's: the tests, the scripts and the configs). */
export const typeCheck = (project = root): SideCheck => ({
  name: 'tsc -b',
  run: async () => {
    try {
      const tsc = binOf('typescript', 'tsc');
      const { code, signal, stdout, stderr } = await runCommand(process.execPath, [tsc, '-b', project]);
      const output = `${stdout}${stderr}`.trimEnd();
      return {
        passed: code === 0,
        output: output || (code === 0 ? '' : `ended with ${signal ?? `exit code ${code}`}`),
      };
    } catch (error) {
      return { passed: false, output: messageOf(error) };
    }
  },
});

/** `npm run diff`: the versions announce at least the bump the contract's changes require. */
const versionsGate: SideCheck = {
  name: 'npm run diff',
  run: async () => {
    const files = { baselineFile: baselinePath, bundleFile: bundlePath };
    try {
      const result = await checkChanges(files);
      const report = formatReport(result, files);
      if (result.problems.length > 0) return { passed: false, output: report };
      // A pass needs no list of every change (`npm run diff` prints it): its verdict lines, unindented.
      const verdict = report.split('\n').filter((line) => line !== '' && !line.startsWith(' '));
      return { passed: true, output: `${verdict.join('\n')} (every change: npm run diff)` };
    } catch (error) {
      return { passed: false, output: failureText(error) };
    }
  },
};

/**
 * Runs `command args` with the terminal's stdio and the `checks` at the same time; resolves, once all have
 * ended, with the exit code for the whole: the command's own when it failed, else 1 when a check failed, else 0.
 * `write` prints each check's outcome (default: stdout for a pass, stderr for a failure).
 */
export async function runBesideChecks(
  command: string,
  args: string[],
  checks: SideCheck[],
  write: (text: string, failed: boolean) => void = (text, failed) =>
    (failed ? process.stderr : process.stdout).write(`${text}\n`),
): Promise<number> {
  const outcomes = checks.map((check) => check.run());
  const main = spawn(command, args, { cwd: root, stdio: 'inherit' });
  // Ctrl-C reaches every process of the terminal's group: the command ends on its own and this one waits for it
  // to print its summary. A signal sent to this process alone (a CI's SIGTERM) is passed on.
  const onInterrupt = () => {};
  const onTerminate = () => main.kill('SIGTERM');
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onTerminate);
  const mainCode = await new Promise<number>((resolve) => {
    main.once('error', (error) => {
      write(`${path.basename(command)} could not start: ${messageOf(error)}`, true);
      resolve(1);
    });
    main.once('close', (code, signal) => resolve(code ?? (signal === 'SIGINT' ? 130 : 1)));
  });
  process.off('SIGINT', onInterrupt);
  process.off('SIGTERM', onTerminate);
  let failed = false;
  for (const [index, outcome] of (await Promise.all(outcomes)).entries()) {
    const { name } = checks[index] as SideCheck;
    if (outcome.passed) {
      if (outcome.output) write(`${name}: ${outcome.output}`, false);
      else write(`${name}: passed`, false);
    } else {
      failed = true;
      write(`${name} failed:\n${outcome.output}`, true);
    }
  }
  return mainCode !== 0 ? mainCode : failed ? 1 : 0;
}

/** `npm test`'s last part: `vitest run <vitestArgs>` beside the type check and the versions gate. */
export function runSuite(vitestArgs: string[]): Promise<number> {
  return runBesideChecks(
    process.execPath,
    [binOf('vitest', 'vitest'), 'run', ...vitestArgs],
    [typeCheck(), versionsGate],
  );
}
