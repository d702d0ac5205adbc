// Test servers on 127.0.0.1 port 0: one that serves the contract's own examples (clean unless told to
// depart from the contract for some operations), and helpers to run the bin, the same command in this
// process, or any command.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listOperations, resolve } from '@trading-analytics/core';
import { type CommandOutcome, runCommand } from '../../../../test/support/commands.js';
import { type Json, loadBundle } from '../../../../test/support/contract.js';
import { runCommandLine } from '../../src/command-line.js';

/** The built command (`npm run compile`, or the test setup, builds it). */
export const bin = fileURLToPath(new URL('../../dist/bin.js', import.meta.url));

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  at: number;
}

/** What a departure may change: the status, headers and body the server answers with. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Writes an answer by hand (a body without end, a false length, a gzip bomb); the server ends nothing itself. */
type RawAnswer = (response: ServerResponse) => unknown;

/**
 * Changes the answer of one operation; `example` is the documented 2xx answer (also when the request was
 * refused). `'hang'` never answers; a function writes the answer itself.
 */
export type Departure = (
  answer: Answer,
  request: { path: string; query: URLSearchParams; headers: IncomingMessage['headers']; example: Answer },
) => Answer | 'hang' | RawAnswer;

export interface ExampleServer {
  url: string;
  received: Received[];
  maxInFlight: number;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1, a port the OS picks; closing ends the answers still held (`hanging`) first. */
async function listening(
  server: Server,
  received: Received[],
  state: { maxInFlight: number },
  hanging: Set<ServerResponse>,
): Promise<ExampleServer> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    get maxInFlight() {
      return state.maxInFlight;
    },
    close: () =>
      new Promise<void>((done) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

const document = loadBundle();
const operations = listOperations(document);
/** Follows a reference of the bundle, read as loose JSON like the rest of this server. */
const follow = (node: unknown): Json => resolve(document, node);

/** The example named `key` (as `Prefer: example=<key>` asks the mock for it), else the first one. */
function exampleOf(media: { examples?: Record<string, unknown>; example?: unknown } | undefined, key?: string) {
  if (!media) return undefined;
  const named = key === undefined ? undefined : media.examples?.[key];
  if (named !== undefined) return follow(named)?.value;
  return media.example ?? follow(Object.values(media.examples ?? {})[0])?.value;
}

/** The example key a request prefers (`Prefer: example=<key>`), as the project's mock reads it. */
function preferredExample(headers: IncomingMessage['headers']): string | undefined {
  return /(?:^|[,;\s])example=([\w-]+)/.exec(String(headers.prefer ?? ''))?.[1];
}

/**
 * A clean answer: the first example of the lowest 2xx (the one `exampleKey` names, when given), or a 400 where
 * the contract refuses the request (a parameter out of its bounds, or a chain other than `MONAD`).
 */
function cleanAnswer(
  entry: (typeof operations)[number],
  query: URLSearchParams,
  pathValues: Record<string, string>,
  validate = true,
  exampleKey?: string,
): Answer {
  const responses: Json = entry.operation.responses;
  if (validate && responses['400']) {
    for (const parameter of entry.parameters) {
      const raw = parameter.in === 'path' ? pathValues[parameter.name] : query.get(parameter.name);
      if (raw === null || raw === undefined) continue;
      const schema = follow(parameter.schema) ?? {};
      const number = Number(raw);
      const refused =
        (schema.maximum !== undefined && !(number <= schema.maximum)) ||
        (schema.minimum !== undefined && !(number >= schema.minimum)) ||
        (schema.pattern !== undefined && !new RegExp(schema.pattern).test(raw)) ||
        (Array.isArray(schema.enum) && !schema.enum.includes(raw)) ||
        // The service description names one chain; another is refused where a 400 is declared.
        (/chain/i.test(parameter.name) && raw !== 'MONAD');
      if (refused)
        return {
          status: 400,
          headers: { 'content-type': 'application/json' },
          body: { error: `invalid ${parameter.name}` },
        };
    }
  }
  const status = Object.keys(responses)
    .filter((key) => key.startsWith('2'))
    .sort()[0];
  if (status === undefined) throw new Error('The operation documents no 2xx answer to serve.');
  const response = follow(responses[status]);
  const headers: Record<string, string> = {};
  for (const header of Object.entries(response.headers ?? {})) {
    const schema = follow(follow(header[1]).schema);
    headers[header[0]] = schema?.examples?.[0] ?? schema?.enum?.[0];
  }
  const media = response.content?.['application/json'];
  if (!media) return { status: Number(status), headers, body: undefined };
  return {
    status: Number(status),
    headers: { ...headers, 'content-type': 'application/json' },
    body: exampleOf(media, exampleKey),
  };
}

function route(method: string, pathname: string) {
  for (const entry of operations) {
    if (entry.method !== method.toLowerCase()) continue;
    const names: string[] = [];
    const pattern = new RegExp(
      `^${entry.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{([^}]+)\\\}/g, (_match, name) => {
        names.push(name);
        return '([^/]+)';
      })}$`,
    );
    const match = pattern.exec(pathname);
    if (match)
      return {
        entry,
        pathValues: Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)])),
      };
  }
  return undefined;
}

/** Serves the contract's examples; `departures` (by operationId) change the answer of chosen operations. */
export async function startExampleServer({
  departures = {},
  delayMs = 0,
}: {
  departures?: Record<string, Departure>;
  delayMs?: number;
} = {}): Promise<ExampleServer> {
  const received: Received[] = [];
  let inFlight = 0;
  const state = { maxInFlight: 0 };
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer(async (request, response) => {
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      at: performance.now(),
    });
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    for await (const _chunk of request);
    if (delayMs > 0) await new Promise((done) => setTimeout(done, delayMs));
    const url = new URL(request.url ?? '/', 'http://localhost');
    const found = route(request.method ?? 'GET', url.pathname);
    let answer: Answer | 'hang' | RawAnswer = found
      ? cleanAnswer(found.entry, url.searchParams, found.pathValues, true, preferredExample(request.headers))
      : { status: 404, headers: { 'content-type': 'application/json' }, body: { error: 'no such path' } };
    const departure = found && departures[found.entry.operationId];
    if (departure)
      answer = departure(structuredClone(answer), {
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        example: cleanAnswer(found.entry, url.searchParams, found.pathValues, false, preferredExample(request.headers)),
      });
    inFlight--;
    if (answer === 'hang' || typeof answer === 'function') {
      hanging.add(response);
      if (typeof answer === 'function') {
        try {
          await answer(response);
        } catch {
          response.destroy();
        }
      }
      return;
    }
    response.writeHead(answer.status, answer.headers);
    response.end(
      answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body),
    );
  });
  return listening(server, received, state, hanging);
}

export { type CommandOutcome, runCommand } from '../../../../test/support/commands.js';

/** Runs the bin; resolves with its exit code and output. */
export function runBin(args: string[]): Promise<CommandOutcome> {
  return runCommand(process.execPath, [bin, ...args]);
}

/**
 * Runs the bin's command in this process (src/command-line.ts, what bin.ts runs), with `env` over this
 * process's environment; resolves like runBin. For a case about the command's words and reports: a Node
 * process costs a second or so of CPU, and what is about the process itself (its streams, its exit) is
 * checked through runBin.
 */
export async function runInProcess(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CommandOutcome> {
  let stdout = '';
  let stderr = '';
  const code = await runCommandLine(args, {
    env: { ...process.env, ...env },
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, signal: null, stdout, stderr };
}

const recordRss = new URL('./record-rss.mjs', import.meta.url).href;

/** A process's peak resident set size, in MiB, and its script. */
export interface PeakRss {
  script: string;
  mib: number;
}

/**
 * Runs the bin with `env` added to the environment; resolves with its exit code, output, and the peak RSS
 * of it and of every Node process it started (Respect), read from support/record-rss.mjs's log.
 */
export async function runBinMeasured(args: string[], env: Record<string, string> = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), 'conformance-rss-'));
  const log = path.join(dir, 'rss.jsonl');
  const outcome = await runCommand(process.execPath, [bin, ...args], {
    env: { ...process.env, ...env, NODE_OPTIONS: `--import=${recordRss}?log=${encodeURIComponent(log)}` },
  });
  const lines = (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean);
  const peaks: PeakRss[] = lines.map((line) => {
    const { script, maxRssKb } = JSON.parse(line) as { script: string; maxRssKb: number };
    return { script, mib: Math.round(maxRssKb / 1024) };
  });
  await rm(dir, { recursive: true, force: true });
  return { ...outcome, peaks };
}

/** A request to a planted service, and a way to ask the service behind it anything else. */
interface PlantedRequest {
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** Asks the service behind (the same method, headers and body unless given): its answer, the body parsed. */
  upstream: (target: { path?: string; query?: URLSearchParams; method?: string; body?: unknown }) => Promise<Answer>;
}

/** Changes the answer of one operation of a planted service; the rest of its answers are the service's own. */
export type Plant = (answer: Answer, request: PlantedRequest) => Answer | Promise<Answer>;

const HOP_BY_HOP = new Set(['connection', 'content-length', 'content-encoding', 'transfer-encoding', 'keep-alive']);

/** An address in mixed case, as an EIP-55 checksum writes some: every other hex letter upper case. */
function mixedCase(address: string): string {
  let letters = 0;
  return `0x${[...address.slice(2)].map((digit) => (/[a-f]/.test(digit) && letters++ % 2 === 0 ? digit.toUpperCase() : digit)).join('')}`;
}

const ADDRESS = /^0x[0-9a-f]{40}$/;

/** Every lower-case address of a value in mixed case, but where the description says they are lower case. */
function withMixedCase(operationId: string, value: unknown): unknown {
  if (typeof value === 'string') return ADDRESS.test(value) ? mixedCase(value) : value;
  if (Array.isArray(value)) return value.map((item) => withMixedCase(operationId, item));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      // "`userAddress` | string | Lowercase `<address>`" (unrealized PnL); "Keys are lowercase `pairBase` addresses".
      if (operationId === 'getUnrealizedPnl' && key === 'userAddress') return [key, item];
      if (operationId === 'queryLatestPrices' && key === 'prices') return [key, item];
      return [key, withMixedCase(operationId, item)];
    }),
  );
}

/**
 * A service planted in front of another (the sandbox): every request is passed to `upstream` and its answer
 * passed back, but for the operations `plants` changes and those `instead` answers without passing them on
 * (a join never registered); with `mixedCaseAddresses`, every address it answers is in mixed case except
 * where the service description says lower case; `delayMs` holds each answer that long (its `maxInFlight`
 * counts the requests it held at once).
 */
export async function startPlantedService({
  upstream,
  plants = {},
  instead = {},
  mixedCaseAddresses = false,
  delayMs = 0,
}: {
  upstream: string;
  plants?: Record<string, Plant>;
  instead?: Record<string, () => Answer>;
  mixedCaseAddresses?: boolean;
  delayMs?: number;
}): Promise<ExampleServer> {
  const received: Received[] = [];
  let inFlight = 0;
  const state = { maxInFlight: 0 };
  const ask = async (
    method: string,
    path: string,
    query: URLSearchParams,
    headers: IncomingMessage['headers'],
    body: unknown,
  ): Promise<Answer> => {
    const search = query.toString();
    const forwarded: Record<string, string> = {};
    for (const name of ['prefer', 'content-type', 'accept']) if (headers[name]) forwarded[name] = String(headers[name]);
    const response = await fetch(`${upstream}${path}${search ? `?${search}` : ''}`, {
      method,
      headers: forwarded,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answerHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name)) answerHeaders[name] = value;
    });
    const text = await response.text();
    let parsed: unknown = text === '' ? undefined : text;
    if (/json/.test(answerHeaders['content-type'] ?? '') && text !== '') parsed = JSON.parse(text);
    return { status: response.status, headers: answerHeaders, body: parsed };
  };
  const server = createServer(async (request, response) => {
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      at: performance.now(),
    });
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    try {
      if (delayMs > 0) await new Promise((done) => setTimeout(done, delayMs));
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      const body: unknown = text === '' ? undefined : JSON.parse(text);
      const method = request.method ?? 'GET';
      const url = new URL(request.url ?? '/', 'http://localhost');
      const found = route(method, url.pathname);
      const replaced = found && instead[found.entry.operationId];
      let answer = replaced ? replaced() : await ask(method, url.pathname, url.searchParams, request.headers, body);
      const plant = found && plants[found.entry.operationId];
      if (plant) {
        answer = await plant(answer, {
          path: url.pathname,
          query: new URLSearchParams(url.searchParams),
          body,
          upstream: (target) =>
            ask(
              target.method ?? method,
              target.path ?? url.pathname,
              target.query ?? url.searchParams,
              request.headers,
              'body' in target ? target.body : body,
            ),
        });
      }
      if (mixedCaseAddresses && found)
        answer = { ...answer, body: withMixedCase(found.entry.operationId, answer.body) };
      response.writeHead(answer.status, answer.headers);
      response.end(
        answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body),
      );
    } catch (error) {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(`the planted service failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      inFlight--;
    }
  });
  return listening(server, received, state, new Set());
}
