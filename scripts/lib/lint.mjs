// @ts-check
// Lints the contract in two passes and fails on any error or warning:
// source (openapi/openapi.yaml, split files): Redocly recommended-strict with example validation, and
// Spectral's layout and house rules; bundle (generated/openapi.json): Spectral's full rulesets.
//
// Spectral runs through its packages' public JavaScript API in a worker thread (lib/spectral-worker.mjs), with
// the ruleset loaded once for both passes. Redocly runs as its CLI: the CLI is
// one prebuilt file, and no published @redocly/openapi-core matches its version, so an in-process linter
// would apply other rules than `redocly lint`.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { messageOf } from '@trading-analytics/core';
import { runTool } from './run-command.mjs';
import { bundlePath, root, StepError, sourceSpec } from './steps.mjs';

const spectralRuleset = path.join(root, '.spectral.yaml');
const redoclyConfig = path.join(root, 'redocly.yaml');

/** @param {AbortSignal} [signal] stops the linter */
export async function lintRedocly(file = sourceSpec, config = redoclyConfig, signal = undefined) {
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

/**
 * @typedef {object} SpectralLinter
 * @property {(file: string, content?: string) => Promise<{ count: number, report: string }>} lint
 */

/** @type {Map<string, SpectralLinter>} */
const spectralLinters = new Map();

/**
 * One Spectral worker thread per ruleset file (lib/spectral-worker.mjs), started on first use: it loads the
 * ruleset once (most of a lint's time) and lints off this thread. It holds the process open only while a lint
 * is pending. A worker that fails or whose ruleset fails to load is replaced next time (it may be fixed).
 */
function spectralLinter(/** @type {string} */ ruleset) {
  const known = spectralLinters.get(ruleset);
  if (known) return known;
  const worker = new Worker(new URL('./spectral-worker.mjs', import.meta.url), { workerData: { ruleset } });
  worker.unref();
  /** @type {Map<number, { resolve: (value: { count: number, report: string }) => void, reject: (error: Error) => void }>} */
  const pending = new Map();
  let nextId = 0;
  const forget = (/** @type {Error} */ error) => {
    if (spectralLinters.get(ruleset) === linter) spectralLinters.delete(ruleset);
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    void worker.terminate();
  };
  worker.on('message', (/** @type {{ id: number, count?: number, report?: string, error?: string }} */ answer) => {
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
  /** @type {SpectralLinter} */
  const linter = {
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
 * @param {string} file
 * @param {string} [ruleset]
 * @param {string} [content]
 */
export async function lintSpectral(file, ruleset = spectralRuleset, content = undefined) {
  let linted;
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
 * @param {string} [file]
 * @param {{ ruleset?: string, config?: string, signal?: AbortSignal }} [options]
 */
export async function lintSource(
  file = sourceSpec,
  { ruleset = spectralRuleset, config = redoclyConfig, signal } = {},
) {
  const results = await Promise.allSettled([lintRedocly(file, config, signal), lintSpectral(file, ruleset)]);
  /** @type {unknown[]} */
  const failed = [];
  /** @type {string[]} */
  const notes = [];
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
  'scripts/lib/lint.mjs',
  'scripts/lib/spectral-worker.mjs',
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
