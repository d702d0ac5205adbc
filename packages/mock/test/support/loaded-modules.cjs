// Preloaded with `node --require` by the test that the mock loads some of Prism's modules only when a request
// needs them: appends the file name of every CommonJS module the process compiles to MOCK_LOADED_LOG, as it
// compiles it, so the test can read what was loaded at any moment.
const { appendFileSync } = require('node:fs');
/** @type {{ prototype: { _compile: (content: string, filename: string) => unknown } }} Node's own, not in its types. */
const Module = /** @type {any} */ (require('node:module'));

const log = process.env.MOCK_LOADED_LOG;
const compile = Module.prototype._compile;
/** @param {string} content @param {string} filename */
Module.prototype._compile = function (content, filename) {
  if (log) appendFileSync(log, `${filename}\n`);
  return compile.call(this, content, filename);
};
