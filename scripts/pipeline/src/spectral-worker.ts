// Spectral in a worker thread of its own (started by lintSpectral in lint.ts): loading the ruleset and linting
// a document are seconds of synchronous work, which in the caller's thread would stall everything else it
// serves meanwhile (the dev loop's docs page and reload events; on a busy machine long enough for a client's
// kept-alive connection to be closed under it). It loads the ruleset given in workerData once, then answers
// each `{ id, file, content }` with `{ id, count, report }` or `{ id, error }`.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

// Spectral's packages through their public entry points, as its JavaScript API documents them; the ruleset is
// bundled with the same plugins the CLI adds (Spectral's built-in functions and rulesets, and CommonJS modules
// such as the OWASP ruleset), so the verdicts are the CLI's.
const require = createRequire(import.meta.url);
const { bundleAndLoadRuleset } = require('@stoplight/spectral-ruleset-bundler/with-loader');
const { builtins } = require('@stoplight/spectral-ruleset-bundler/plugins/builtins');
const { commonjs } = require('@stoplight/spectral-ruleset-bundler/plugins/commonjs');
const { Spectral, Document } = require('@stoplight/spectral-core');
const { fetch, readParsable } = require('@stoplight/spectral-runtime');
const { createHttpAndFileResolver } = require('@stoplight/spectral-ref-resolver');
const { Yaml } = require('@stoplight/spectral-parsers');
const { text } = require('@stoplight/spectral-formatters');

const { ruleset } = workerData as { ruleset: string };
const loaded = bundleAndLoadRuleset(ruleset, { fs, fetch }, [builtins(), commonjs()]);
// Awaited by every request; a ruleset that cannot load fails each of them with its message.
loaded.catch(() => {});

/** @param file @param content */
async function lint(file: string, content: string | undefined) {
  // A fresh resolver each time: the resolver keeps the $ref'd files it read, and they may have changed.
  const spectral = new Spectral({ resolver: createHttpAndFileResolver() });
  spectral.setRuleset(await loaded);
  const document = new Document(content ?? (await readParsable(file, { encoding: 'utf8' })), Yaml, file);
  const results = await spectral.run(document, { ignoreUnknownFormat: false });
  // failSeverity 3 (hint): every result fails the lint, as the CLI's --fail-severity hint.
  return { count: results.length, report: results.length > 0 ? text(results, { failSeverity: 3 }) : '' };
}

parentPort?.on('message', async (request: { id: number; file: string; content?: string }) => {
  try {
    parentPort?.postMessage({ id: request.id, ...(await lint(request.file, request.content)) });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    parentPort?.postMessage({ id: request.id, error: message });
  }
});
