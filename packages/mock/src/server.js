// The mock's own process: Prism's HTTP server over the contract, started without Prism's CLI. startMock()
// spawns this file with its options as one JSON argument; it is not part of the package's API.
//
// Why not `prism mock`: the CLI also loads yargs, a file watcher and a log pipeline that re-parses every
// log line. Loading Prism's modules is most of the start-up time, so two of them that a static mock never
// uses are only loaded if something does use them (see standIn and lazy).
import Module, { createRequire } from 'node:module';
import { Writable } from 'node:stream';

const { document, host, port, logLevel, errors } = JSON.parse(process.argv[2]);

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

const { getHttpOperationsFromSpec } = fromServer('@stoplight/prism-http');
const { createServer } = fromCli('@stoplight/prism-http-server');
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

const logger = pino({ level: logLevel, base: {}, timestamp: false, customLevels: { success: 32 } }, readableLog);

/**
 * Two shortcuts in front of Prism's request pipeline, neither of which changes an answer:
 * - Prism's router scores every operation of the contract against every request, which was most of its
 *   time per request. It gets only the operations whose path has the request's shape (same number of
 *   segments, literal segments equal): any operation Prism can match has that shape. When none has it,
 *   Prism gets them all, so its own "no such path" answer is unchanged.
 * - A static mock answers the same request the same way every time, and a frontend repeats its requests
 *   (polling, re-renders, reloads). A clean answer (no violation) is kept for an identical request: same
 *   method, URL, headers and body. Nothing is kept for `Prefer: dynamic=true`, nor when the contract has
 *   callbacks (Prism calls them while answering).
 */
function shortcutRequests(prism, operations) {
  const shapes = operations.map((operation) => ({
    operation,
    segments: operation.path.split('/').map((segment) => (/{.+}/.test(segment) ? null : segment)),
  }));
  const remember = !operations.some((operation) => operation.callbacks?.length > 0);
  const answers = new Map();
  const maxAnswers = 500;
  const request = prism.request;

  prism.request = (input, allOperations, config) => {
    const key = remember && !config.mock?.dynamic ? JSON.stringify([input.method, input.url, input.headers, input.body, config.mock]) : undefined;
    const known = key === undefined ? undefined : answers.get(key);
    if (known) return () => Promise.resolve(known);

    const segments = input.url.path.split('/').map(decodeSegment);
    const candidates = shapes
      .filter((shape) => shape.segments.length === segments.length && shape.segments.every((literal, index) => literal === null || literal === segments[index]))
      .map((shape) => shape.operation);
    const answer = request(input, candidates.length > 0 ? candidates : allOperations, config);
    if (key === undefined) return answer;
    return () =>
      answer().then((result) => {
        const clean = result._tag === 'Right' && result.right.validations.input.length === 0 && result.right.validations.output.length === 0;
        if (clean) {
          if (answers.size >= maxAnswers) answers.delete(answers.keys().next().value);
          answers.set(key, result);
        }
        return result;
      });
  };
}

function decodeSegment(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

try {
  const operations = await getHttpOperationsFromSpec(document);
  const server = createServer(operations, {
    cors: true,
    components: { logger },
    config: {
      isProxy: false,
      validateRequest: true,
      validateResponse: true,
      checkSecurity: true,
      errors,
      upstreamProxy: undefined,
      mock: { dynamic: false, ignoreExamples: false },
    },
  });
  shortcutRequests(server.prism, operations);
  await server.listen(port, host);
  const stop = () => {
    // In-flight requests get their answer, but a client holding a connection open does not keep the mock up.
    setTimeout(() => process.exit(0), 500).unref();
    server.close().finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // startMock() holds an IPC channel open; when its process goes away, even killed, the mock goes too.
  process.once('disconnect', stop);
} catch (error) {
  const message = String(error?.message ?? error);
  if (message.includes('EADDRINUSE')) {
    process.stderr.write(`Port ${port} on ${host} is already in use; pick another port.\n`);
    process.exit(3);
  }
  process.stderr.write(`The mock could not start: ${error?.stack ?? message}\n`);
  process.exit(1);
}
