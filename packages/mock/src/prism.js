// Prism's modules, loaded without Prism's CLI and its HTTP server: the mock's front (front.js) owns the
// socket and hands each request to a Prism instance (contract.js).
//
// Why not `prism mock`: the CLI also loads yargs, a file watcher and a log pipeline that re-parses every
// log line. Loading Prism's modules is most of the start-up time, so two of them that a static mock never
// uses are only loaded if something does use them (see standIn and lazy).
import Module, { createRequire } from 'node:module';
import { Writable } from 'node:stream';

// Prism's packages are resolved from the CLI's own folder, so they are found whether npm hoisted them or
// nested them under the CLI.
const fromCli = createRequire(createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json'));
const fromServer = createRequire(fromCli.resolve('@stoplight/prism-http-server'));
const fromHttp = createRequire(fromServer.resolve('@stoplight/prism-http'));

/** An object that is only built, by `load`, when one of its properties is first read. */
function lazy(load) {
  let real;
  return new Proxy({}, { get: (_target, key) => (real ??= load())[key], has: (_target, key) => key in (real ??= load()) });
}

/** Puts `exports` in Node's module cache as the module at `filename`, so `require` returns it at once. */
function standIn(filename, exports) {
  const module = new Module(filename);
  module.filename = filename;
  module.loaded = true;
  module.exports = exports;
  Module._cache[filename] = module;
}

// Prism's example generator loads @faker-js/faker with its ~60 locales (over a second here) for dynamic
// examples; the mock serves the contract's own examples, so faker is only loaded if a request asks for
// `Prefer: dynamic=true`, and then in its English-only build.
const englishFaker = lazy(() => fromHttp('@faker-js/faker/locale/en'));
standIn(fromHttp.resolve('@faker-js/faker'), { default: englishFaker, faker: englishFaker });
// Postman collections are another input format of Prism's; the mock only reads OpenAPI.
const fromHttpSpec = createRequire(fromHttp.resolve('@stoplight/http-spec/postman/operation'));
const postmanFile = fromHttpSpec.resolve('postman-collection');
standIn(
  postmanFile,
  lazy(() => {
    delete Module._cache[postmanFile];
    return fromHttpSpec('postman-collection');
  }),
);

export const { createInstance, getHttpOperationsFromSpec } = fromServer('@stoplight/prism-http');
// How Prism's own server turns an answer's body into bytes for its media type (JSON, XML, text).
export const { serialize } = fromServer('./serialize');
const pino = fromCli('pino');

/**
 * Prism logs JSON through pino; a person reads one short line per message. Prism reports a request
 * violation twice (while validating, then again while answering when a 400 is declared); the second copy
 * is dropped. Response violations are reported once and kept.
 */
const readableLog = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n')) {
      if (!line) continue;
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        process.stderr.write(`${line}\n`);
        continue;
      }
      if (String(entry.msg).startsWith('Violation: request')) continue;
      const request = entry.input ? `${entry.input.method.toUpperCase()} ${entry.input.url.path} ` : '';
      process.stderr.write(`[mock] ${request}${entry.msg}\n`);
    }
    done();
  },
});

/** Prism's logger at `level`, printing one readable line per message on stderr. */
export function createLogger(level) {
  return pino({ level, base: {}, timestamp: false, customLevels: { success: 32 } }, readableLog);
}
