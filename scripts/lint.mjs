// @ts-check
// Lints the contract in two passes and fails on any error or warning:
// source (openapi/openapi.yaml, split files): Redocly recommended-strict with example validation, and
// Spectral's layout and house rules; bundle (generated/openapi.json): Spectral's full rulesets.
//
// Spectral runs in this process through its packages' public JavaScript API, with the ruleset loaded once for
// both passes. Redocly runs as its CLI: the CLI is
// one prebuilt file, and no published @redocly/openapi-core matches its version, so an in-process linter
// would apply other rules than `redocly lint`.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { bundlePath, isEntryPoint, messageOf, root, runSteps, runTool, StepError, sourceSpec } from './lib/steps.mjs';

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

/** @type {Map<string, Promise<SpectralLinter>>} */
const spectralLinters = new Map();

/** One Spectral instance per ruleset file, loaded on first use (loading is most of a lint's time). */
function spectralLinter(/** @type {string} */ ruleset) {
  let linter = spectralLinters.get(ruleset);
  if (!linter) {
    /** @type {Promise<SpectralLinter>} */
    const loading = (async () => {
      // Spectral's packages through their public entry points, as its JavaScript API documents them; the
      // ruleset is bundled with the same plugins the CLI adds (Spectral's built-in functions and rulesets, and
      // CommonJS modules such as the OWASP ruleset), so the verdicts are the CLI's.
      const require = createRequire(import.meta.url);
      const { bundleAndLoadRuleset } = require('@stoplight/spectral-ruleset-bundler/with-loader');
      const { builtins } = require('@stoplight/spectral-ruleset-bundler/plugins/builtins');
      const { commonjs } = require('@stoplight/spectral-ruleset-bundler/plugins/commonjs');
      const { Spectral, Document } = require('@stoplight/spectral-core');
      const { fetch, readParsable } = require('@stoplight/spectral-runtime');
      const { createHttpAndFileResolver } = require('@stoplight/spectral-ref-resolver');
      const { Yaml } = require('@stoplight/spectral-parsers');
      const { text } = require('@stoplight/spectral-formatters');
      const loaded = await bundleAndLoadRuleset(ruleset, { fs, fetch }, [builtins(), commonjs()]);
      return {
        async lint(/** @type {string} */ file, /** @type {string | undefined} */ content) {
          // A fresh resolver each time: the resolver keeps the $ref'd files it read, and they may have changed.
          const spectral = new Spectral({ resolver: createHttpAndFileResolver() });
          spectral.setRuleset(loaded);
          const document = new Document(content ?? (await readParsable(file, { encoding: 'utf8' })), Yaml, file);
          const results = await spectral.run(document, { ignoreUnknownFormat: false });
          // failSeverity 3 (hint): every result fails the lint, as the CLI's --fail-severity hint.
          return { count: results.length, report: results.length > 0 ? text(results, { failSeverity: 3 }) : '' };
        },
      };
    })();
    // A ruleset that failed to load is loaded again next time (it may have been fixed meanwhile).
    loading.catch(() => spectralLinters.delete(ruleset));
    spectralLinters.set(ruleset, loading);
    linter = loading;
  }
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
    linted = await (await spectralLinter(ruleset)).lint(file, content);
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
const lintConfig = ['.spectral.yaml', 'redocly.yaml', 'scripts/spectral', 'scripts/lint.mjs'];
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

if (isEntryPoint(import.meta.url)) {
  // Run alone, the linters always run: a lint is asked for, not a build.
  await runSteps([
    ['lint source', () => lintSource()],
    ['lint bundle', () => lintBundle()],
  ]);
}
