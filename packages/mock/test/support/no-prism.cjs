// Preloaded with `node --require` by the test that the sandbox's options are checked before Prism loads: any
// resolution of one of Prism's packages (prism.ts loads them through `require`) fails, naming it, so the
// process shows whether it got as far as loading Prism.
/** @type {{ _resolveFilename: (request: unknown, ...rest: unknown[]) => string }} Node's own, not in its types. */
const Module = /** @type {any} */ (require('node:module'));

const resolveFilename = Module._resolveFilename;
/** @param {unknown} request @param {unknown[]} rest */
Module._resolveFilename = function (request, ...rest) {
  if (typeof request === 'string' && request.startsWith('@stoplight/')) {
    throw new Error(`Prism was loaded: ${request}`);
  }
  return resolveFilename.call(this, request, ...rest);
};
