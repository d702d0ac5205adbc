// Preloaded with `node --require` by the tests that a process loads some modules only when it needs them (the
// mock's Prism modules, the conformance command's run): appends the file name of every CommonJS module the
// process compiles (an ES module's import of one included) to LOADED_MODULES_LOG, as it compiles it, so the
// test can read what was loaded at any moment.
const { appendFileSync } = require('node:fs');
/** @type {{ prototype: { _compile: (content: string, filename: string) => unknown } }} Node's own, not in its types. */
const Module = /** @type {any} */ (require('node:module'));

const log = process.env.LOADED_MODULES_LOG;
const compile = Module.prototype._compile;
/** @param {string} content @param {string} filename */
Module.prototype._compile = function (content, filename) {
  if (log) appendFileSync(log, `${filename}\n`);
  return compile.call(this, content, filename);
};
