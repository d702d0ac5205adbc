// Lints the contract in two passes and fails on any error or warning:
// source (openapi/openapi.yaml, split files): Redocly recommended-strict with example validation, and
// Spectral's layout and house rules; bundle (generated/openapi.json): Spectral's full rulesets.
//
// Spectral runs through its packages' public JavaScript API in a worker thread (spectral-worker.ts), with
// the ruleset loaded once for both passes. Redocly runs as its CLI: the CLI is
// one prebuilt file, and no published @redocly/openapi-core matches its version, so an in-process linter
// would apply other rules than `redocly lint`.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { messageOf } from '@trading-analytics/core';
import { runTool } from './run-command.js';
import { bundlePath, root, StepError, sourceSpec } from './steps.js';

const spectralRuleset = path.join(root, '.spectral.yaml');
const redoclyConfig = path.join(root, 'redocly.yaml');

/** @param signal stops the linter */
export async function lintRedocly(file = sourceSpec, config = redoclyConfig, signal?: AbortSignal) {
  const args = ['lint', file, '--config', config, '--format', 'stylish'];
  const output = await runTool('redocly', args, { signal }).catch((error) => {
    throw new StepError(`Redocly reported problems in ${file}:\n${messageOf(error)}`);
  });
  // recommended-strict turns warnings into errors, so a clean exit means 0 problems; check the text anyway.
  if (/warning/i.test(output) && !/0 warnings?/i.test(output) && !/valid/i.test(output)) {
    throw new StepError(`Redocly reported warnings in ${file}:\n${output}`);
  }
  return 'Redocly: 0 problems';
}

interface SpectralLinter {
  lint: (file: string, content?: string) => Promise<{ count: number; report: string }>;
}

const spectralLinters: Map<string, SpectralLinter> = new Map();

/**
 * One Spectral worker thread per ruleset file (spectral-worker.ts), started on first use: it loads the
 * ruleset once (most of a lint's time) and lints off this thread. It holds the process open only while a lint
 * is pending. A worker that fails or whose ruleset fails to load is replaced next time (it may be fixed).
 */
function spectralLinter(ruleset: string) {
  const known = spectralLinters.get(ruleset);
  if (known) return known;
  const worker = new Worker(new URL('./spectral-worker.js', import.meta.url), { workerData: { ruleset } });
  worker.unref();
  const pending: Map<
    number,
    { resolve: (value: { count: number; report: string }) => void; reject: (error: Error) => void }
  > = new Map();
  let nextId = 0;
  const forget = (error: Error) => {
    if (spectralLinters.get(ruleset) === linter) spectralLinters.delete(ruleset);
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    void worker.terminate();
  };
  worker.on('message', (answer: { id: number; count?: number; report?: string; error?: string }) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if (pending.size === 0) worker.unref();
    if (answer.error !== undefined) {
      const error = new Error(answer.error);
      waiting.reject(error);
      // The ruleset may be what failed: a fresh worker loads it again next time.
      forget(error);
    } else waiting.resolve({ count: answer.count ?? 0, report: answer.report ?? '' });
  });
  worker.on('error', forget);
  worker.on('exit', (code) => forget(new Error(`Spectral's worker stopped (exit code ${code}).`)));
  const linter: SpectralLinter = {
    lint: (file, content) =>
      new Promise((resolve, reject) => {
        nextId += 1;
        pending.set(nextId, { resolve, reject });
        worker.ref();
        worker.postMessage({ id: nextId, file, content });
      }),
  };
  spectralLinters.set(ruleset, linter);
  return linter;
}

/**
 * Fails on any Spectral result at all, whatever its severity (the CLI's `--fail-severity hint`). `content`,
 * when given, is linted as if it were the text of `file` (which the ruleset's per-file overrides match).
 */
export async function lintSpectral(file: string, ruleset: string = spectralRuleset, content?: string) {
  let linted: { count: number; report: string };
  try {
    linted = await spectralLinter(ruleset).lint(file, content);
  } catch (error) {
    throw new StepError(`Spectral could not lint ${file}: ${messageOf(error)}`);
  }
  if (linted.count > 0)
    throw new StepError(`Spectral reported ${linted.count} problem(s) in ${file}:\n${linted.report.trim()}`);
  return 'Spectral: 0 problems';
}

/**
 * Both linters at once; when both find problems, both reports are in the error. `signal` stops Redocly's.
 */
export async function lintSource(
  file: string = sourceSpec,
  {
    ruleset = spectralRuleset,
    config = redoclyConfig,
    signal,
  }: { ruleset?: string; config?: string; signal?: AbortSignal } = {},
) {
  const results = await Promise.allSettled([lintRedocly(file, config, signal), lintSpectral(file, ruleset)]);
  const failed: unknown[] = [];
  const notes: string[] = [];
  for (const result of results) {
    if (result.status === 'rejected') failed.push(result.reason);
    else notes.push(result.value);
  }
  if (failed.length > 0) {
    const error = failed.find((reason) => !(reason instanceof StepError));
    if (error) throw error;
    throw new StepError(failed.map(messageOf).join('\n\n'));
  }
  return notes.join(', ');
}

export const lintBundle = (file = bundlePath, ruleset = spectralRuleset) => lintSpectral(file, ruleset);

const linters = {
  tools: [
    '@redocly/cli',
    '@stoplight/spectral-core',
    '@stoplight/spectral-rulesets',
    '@stoplight/spectral-owasp-ruleset',
  ],
};
const lintConfig = [
  '.spectral.yaml',
  'redocly.yaml',
  'scripts/spectral',
  'scripts/pipeline/src/lint.ts',
  'scripts/pipeline/src/spectral-worker.ts',
];
export const lintSourceStep = {
  name: 'lint source',
  run: () => lintSource(),
  inputs: ['openapi', ...lintConfig],
  ...linters,
};
export const lintBundleStep = {
  name: 'lint bundle',
  run: () => lintBundle(),
  inputs: ['generated/openapi.json', ...lintConfig],
  ...linters,
};
