// Prism's modules, loaded through their public entry points without Prism's CLI and its HTTP server: the
// mock's front (front.ts) owns the socket and hands each request to a Prism instance (served-contract.ts).
//
// Why not `prism mock`: the CLI also loads yargs, a file watcher and a log pipeline that re-parses every
// log line. Loading Prism's modules is most of the start-up time, so those that a static mock may never
// use are only loaded if something does use them (see standIn, lazy and keptUntilUsed).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Writable } from 'node:stream';

// Prism's packages are resolved from the CLI's own folder, so they are found whether npm hoisted them or
// nested them under the CLI.
const fromCli = createRequire(createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json'));
const fromServer = createRequire(fromCli.resolve('@stoplight/prism-http-server'));
const fromHttp = createRequire(fromServer.resolve('@stoplight/prism-http'));
const fromHttpSpec = createRequire(fromHttp.resolve('@stoplight/http-spec'));

/**
 * An object that is only built, by `load`, when one of its properties is first read (or, for a module whose
 * export is a function, when it is first called).
 */
function lazy(load: () => object): object {
  let real: object | undefined;
  const target = () => {
    real ??= load();
    return real;
  };
  return new Proxy(() => undefined, {
    get: (_, key) => Reflect.get(target(), key),
    has: (_, key) => key in target(),
    apply: (_, self, args) => Reflect.apply(target() as (...args: unknown[]) => unknown, self, args),
  });
}

/**
 * An object whose methods named in `kept` are called at load only to set it up: until anything else of it is
 * read, those calls are kept, then replayed in order on the real object, which `load` builds then.
 */
function keptUntilUsed(load: () => object, kept: readonly string[]): object {
  let real: Record<PropertyKey, unknown> | undefined;
  const calls: [string, unknown[]][] = [];
  const target = () => {
    if (!real) {
      real = load() as Record<PropertyKey, unknown>;
      for (const [name, args] of calls.splice(0)) (real[name] as (...args: unknown[]) => unknown)(...args);
    }
    return real;
  };
  return new Proxy(
    {},
    {
      get: (_, key) =>
        !real && typeof key === 'string' && kept.includes(key)
          ? (...args: unknown[]) => {
              calls.push([key, args]);
            }
          : Reflect.get(target(), key),
      has: (_, key) => key in target(),
    },
  );
}

/** Stands a lazy copy in for the module at `filename`: the real one is loaded on first use. */
function loadedOnUse(require: NodeJS.Require, filename: string): void {
  standIn(
    require,
    filename,
    lazy(() => {
      delete require.cache[filename];
      return require(filename);
    }),
  );
}

/**
 * Puts `exports` in the module cache as the module at `filename`, so that `require` returns it at once.
 * Node documents `require.cache` for exactly this ("adding or replacing entries is also possible"); on
 * Node 20 there is no hook that reaches a `require` made inside a CommonJS package (`module.registerHooks`
 * arrives in Node 22.15), and Prism offers no option to leave the two modules out.
 */
function standIn(require: NodeJS.Require, filename: string, exports: object): void {
  // The documented form of an entry is `{ exports }`; `loaded` tells `require` the module is complete.
  require.cache[filename] = { id: filename, filename, loaded: true, exports } as NodeJS.Module;
}

// Prism's example generator loads @faker-js/faker with its ~60 locales (over a second here) for dynamic
// examples; the mock serves the contract's own examples, so faker is only loaded if a request asks for
// `Prefer: dynamic=true`, and then in its English-only build.
const englishFaker = lazy(() => fromHttp('@faker-js/faker/locale/en'));
standIn(fromHttp, fromHttp.resolve('@faker-js/faker'), { default: englishFaker, faker: englishFaker });
// Postman collections are another input format of Prism's; the mock only reads OpenAPI.
loadedOnUse(fromHttpSpec, fromHttpSpec.resolve('postman-collection'));
// Prism's reading of a document into operations (a reference resolver, a YAML parser, three input formats): a
// start that finds Prism's operations kept beside the contract (prism-operations.ts) never needs it.
loadedOnUse(fromHttp, fromHttp.resolve('./utils/operations'));
// Prism fetches only to forward a request to a real server or to call a contract's callbacks.
loadedOnUse(fromHttp, fromHttp.resolve('node-fetch'));
// json-schema-faker makes dynamic examples (and values for a parameter with no example); Prism only sets its
// options at load. Those calls are kept and replayed when a request first needs it (~0.12 s of each start).
const fakerFile = fromHttp.resolve('json-schema-faker');
standIn(fromHttp, fakerFile, {
  JSONSchemaFaker: keptUntilUsed(() => {
    delete fromHttp.cache[fakerFile];
    return (fromHttp(fakerFile) as { JSONSchemaFaker: object }).JSONSchemaFaker;
  }, ['extend', 'option']),
});
// lodash's functional build (~0.1 s to load) is used by Prism only to tag a failed security check.
loadedOnUse(fromHttp, fromHttp.resolve('lodash/fp'));

/** An operation as Prism models it (`@stoplight/types`' IHttpOperation), as far as the mock reads it. */
export interface PrismOperation {
  /** The operationId, when the document gives one. */
  iid?: string;
  method: string;
  path: string;
  callbacks?: unknown[];
}

/** A request as Prism takes it. */
interface PrismRequest {
  method: string;
  url: { path: string; baseUrl: string | undefined; query: Record<string, string | string[]> };
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

type HeaderValue = string | number | readonly string[];

/** One of Prism's validation results, located relative to the request or the response. */
export interface PrismDiagnostic {
  path?: string[];
  /** 0 error, 1 warning, 2 information, 3 hint. */
  severity: number;
  code?: string | number;
  message: string;
}

/** Prism's refusal or failure: a problem with its status and, for a refused request, the reasons. */
export interface PrismError {
  name?: string;
  message: string;
  status?: number;
  detail?: string;
  additional?: {
    headers?: Record<string, HeaderValue>;
    validation?: { location?: string[]; severity?: string; code?: string | number; message: string }[];
  };
}

type PrismResult =
  | { _tag: 'Left'; left: PrismError }
  | {
      _tag: 'Right';
      right: {
        output: { statusCode: number; headers?: Record<string, HeaderValue>; body?: unknown };
        validations: { input: PrismDiagnostic[]; output: PrismDiagnostic[] };
      };
    };

export interface PrismConfig {
  isProxy: false;
  validateRequest: boolean;
  validateResponse: boolean;
  checkSecurity: boolean;
  errors: boolean;
  upstreamProxy: undefined;
  mock: { dynamic?: boolean; ignoreExamples?: boolean; code?: number; exampleKey?: string; seed?: string };
}

interface PrismInstance {
  request(request: PrismRequest, operations: PrismOperation[], config: PrismConfig): () => Promise<PrismResult>;
}

type LogMethod = { (message: string): void; (fields: object, message: string): void };

/** The part of Prism's pino logger the mock calls. */
export interface Logger {
  error: LogMethod;
  warn: LogMethod;
  info: LogMethod;
}

const prismHttp = fromServer('@stoplight/prism-http') as {
  createInstance(config: PrismConfig, components: { logger: Logger }): PrismInstance;
  getHttpOperationsFromSpec(specFilePathOrObject: string): Promise<PrismOperation[]>;
};
export const { createInstance } = prismHttp;
/** Prism's operations of the document at `file` (read on call, so its module loads only when it is called). */
export const getHttpOperationsFromSpec = (file: string) => prismHttp.getHttpOperationsFromSpec(file);

/**
 * The versions of the Prism packages that turn a document into operations (Prism's HTTP package, its OpenAPI
 * reader, reference resolver and JSON utilities), as installed here: what operations kept from another
 * install must have been made with.
 */
export function operationsMakers(): Record<string, string> {
  // The package's folder is found where `require` would look for it: not every one of them exports its package.json.
  const versionOf = (require: NodeJS.Require, name: string) => {
    for (const folder of require.resolve.paths(name) ?? []) {
      const manifest = path.join(folder, name, 'package.json');
      if (existsSync(manifest)) return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
    }
    throw new Error(`Prism's ${name} is not installed.`);
  };
  return {
    '@stoplight/prism-http': versionOf(fromServer, '@stoplight/prism-http'),
    '@stoplight/http-spec': versionOf(fromHttp, '@stoplight/http-spec'),
    '@stoplight/json-schema-ref-parser': versionOf(fromHttp, '@stoplight/json-schema-ref-parser'),
    '@stoplight/json': versionOf(fromHttp, '@stoplight/json'),
  };
}

const pino = fromCli('pino') as (options: object, destination: Writable) => Logger;

/**
 * Prism logs JSON through pino; a person reads one short line per message. Prism reports a request
 * violation twice (while validating, then again while answering when a 400 is declared); the second copy
 * is dropped. Response violations are reported once and kept.
 */
const readableLog = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n')) {
      if (!line) continue;
      let entry: { msg?: unknown; input?: { method: string; url: { path: string } } };
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
export function createLogger(level: string): Logger {
  return pino({ level, base: {}, timestamp: false, customLevels: { success: 32 } }, readableLog);
}
