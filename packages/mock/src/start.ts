// startMock(): the whole service on localhost, Prism over the bundled contract, in a child process of its own
// (dist/server.js) so a test suite or a dev server never shares its event loop with it.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { choiceProblems, ownOptions, scenarioKeys } from '@trading-analytics/core';
import { contractPath, readDocument } from './contract-path.js';
import { shownValue } from './message.js';
import { isPort } from './ports.js';
import { INVALID_SANDBOX_EXIT, type SandboxSettings, sandboxSettings } from './sandbox-options.js';
import type { ReloadMessage, ServerMessage, ServerSettings } from './server.js';

const logLevels = ['silent', 'fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

export interface MockOptions {
  /** Port to listen on (1-65535), or 0 for any free port (see `MockServer.url`). Default 4010. */
  port?: number;
  /** Address to listen on. Default 127.0.0.1 (loopback only). */
  host?: string;
  /**
   * What the mock prints on this process's stderr once it is ready: `silent` (default) prints nothing,
   * `error` prints each request violation as one line, `info` also prints every request.
   */
  logLevel?: (typeof logLevels)[number];
  /**
   * Answer 500 when a response the mock is about to send breaks the contract's own schema (Prism's
   * `--errors`). Off by default: every example is validated when the contract is built, and a dev mock
   * should show the documented example, with any violation in the `sl-violations` header.
   */
  errors?: boolean;
  /**
   * Reflect the calling origin with `Access-Control-Allow-Credentials: true` (and `Vary: Origin`), for a
   * frontend that calls with `credentials: 'include'`. Off by default: any origin may call, with
   * `Access-Control-Allow-Origin: *` and no credentials. The origin `null` is never reflected.
   */
  corsCredentials?: boolean;
  /**
   * Origins, besides pages on this machine's loopback (`http://localhost:<any port>`, `http://127.0.0.1:…`,
   * `http://[::1]:…`), whose pages may drive the mock's controls (`/__sandbox` and below, `/__scenarios`)
   * from a browser: `['https://app.example.com']`. A browser request for a control from any other origin is
   * refused with 403, its preflight too. The contract's operations stay open to every origin. Each entry
   * is an origin as a browser sends it (scheme, host, optional port; no path); anything else is a TypeError.
   */
  controlOrigins?: string[];
  /**
   * How long the mock may take to be ready. Default 15000 ms. On Linux it counts the mock's own time: the time
   * since it was started less the time its process waited for a CPU (`/proc/<pid>/schedstat`), so a busy machine
   * does not fail a mock that is only waiting its turn, while one that hangs, sleeps or spins still fails at the
   * limit. Elsewhere it counts wall time.
   */
  readyTimeoutMs?: number;
  /** Another OpenAPI document to serve instead of the contract that ships with the package. */
  contract?: string;
  /**
   * The case each listed operation answers until changed, by scenario key (a documented status such as
   * `'503'`, or a named example): `{ getUnrealizedPnl: '503' }`. A request's own `Prefer` still wins, and
   * `PUT /__scenarios` changes the choices while the mock runs. Rejects, listing the keys, on an unknown
   * operation or key.
   */
  scenarios?: Record<string, string>;
  /**
   * Answer from the sandbox's seeded world (`@trading-analytics/sandbox`) instead of the examples: every
   * parameter takes effect, the asked trader's data comes back, a competition join is remembered until
   * `DELETE /__sandbox`, and the control surface moves the clock, trades and injects faults. `true` for the
   * default seed (1) and start (2026-11-21T12:00:00Z), or `{ seed, now, clock, clockRate }` (`now: 'wall'` starts
   * at the machine's time; `clock: 'live'` makes now follow the wall clock, `clockRate` times as fast). A
   * request that asks for a documented case (`Prefer`, `scenarios`, `/__scenarios`) still gets it. Rejects with
   * a TypeError for a seed, start or rate the sandbox cannot use.
   */
  sandbox?: boolean | SandboxSettings;
}

export interface MockServer {
  /** Base URL with the port the mock listens on, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** The port the mock listens on: the one asked for, or the one picked for `port: 0`. */
  port: number;
  /** The sandbox's seed and where its clock started (defaults filled in) when started with `sandbox`; undefined when it serves the examples. */
  sandbox: { seed: number; now: string } | undefined;
  /** Process id of the mock (known by the time startMock resolves: the process has reported it listens). */
  pid: number;
  /** Settles when the mock's process has ended, for whatever reason. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /**
   * Serves another version of the contract (a bundled OpenAPI file; default: the one it was started with,
   * read again) on the same port, without dropping it. Resolves once the next request is answered from it.
   * Rejects when the document cannot be loaded, and the mock keeps serving the previous contract.
   */
  reload(contract?: string): Promise<void>;
  /** Stops the mock; resolves once its process is gone. Safe to call more than once. */
  close(): Promise<void>;
}

function portAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

type CheckedOptions = Required<Pick<MockOptions, 'port' | 'host' | 'logLevel' | 'readyTimeoutMs' | 'corsCredentials'>>;

function checkOptions({ port, host, logLevel, readyTimeoutMs, corsCredentials }: CheckedOptions): void {
  const shown = shownValue;
  if (!isPort(port)) {
    throw new TypeError(`startMock: port must be an integer from 0 (any free port) to 65535, got ${shown(port)}.`);
  }
  if (typeof host !== 'string' || host === '') {
    throw new TypeError(`startMock: host must be a host name or IP address, got ${shown(host)}.`);
  }
  if (!logLevels.includes(logLevel)) {
    throw new TypeError(`startMock: logLevel must be one of ${logLevels.join(', ')}, got ${shown(logLevel)}.`);
  }
  if (typeof corsCredentials !== 'boolean') {
    throw new TypeError(`startMock: corsCredentials must be true or false, got ${shown(corsCredentials)}.`);
  }
  if (!(readyTimeoutMs > 0)) {
    throw new TypeError(`startMock: readyTimeoutMs must be a positive number, got ${shown(readyTimeoutMs)}.`);
  }
}

/** How often the ready limit is checked against the mock's own time. */
const READY_CHECK_MS = 250;

/**
 * How long the main thread of process `pid` has waited for a CPU, in ms (Linux's /proc/<pid>/schedstat: time on
 * a CPU, time waiting in the run queue, in ns); undefined where there is no such file.
 */
function waitedForCpuMs(pid: number): number | undefined {
  try {
    const waitedNs = Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]);
    return Number.isFinite(waitedNs) ? waitedNs / 1e6 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Settles once the process `pid`, spawned at `spawnedAt` (performance.now()), has had `limitMs` of its own time:
 * wall time less the time it waited for a CPU (wall time where that is not known). `cancel` stops the clock.
 */
function ownTimeLimit(pid: number | undefined, spawnedAt: number, limitMs: number) {
  let timer: NodeJS.Timeout | undefined;
  /** The last time waited that could be read; undefined while none could (not Linux). */
  let waitedMs: number | undefined;
  const reached = new Promise<{ timedOut: true; waitedMs: number | undefined }>((resolve) => {
    const check = () => {
      waitedMs = (pid === undefined ? undefined : waitedForCpuMs(pid)) ?? waitedMs;
      const left = limitMs - (performance.now() - spawnedAt - (waitedMs ?? 0));
      if (left <= 0) resolve({ timedOut: true, waitedMs });
      else timer = setTimeout(check, Math.min(left, READY_CHECK_MS));
    };
    check();
  });
  return { reached, cancel: () => clearTimeout(timer) };
}

/** Keeps the last part of a stream, enough for an error message, without growing for ever. */
function tail(limit: number) {
  let text = '';
  return {
    add(chunk: string) {
      text = (text + chunk).slice(-limit);
    },
    get text() {
      return text.trim();
    },
  };
}

/** The origins of `controlOrigins`, each as a browser writes it; a TypeError for anything else. */
function checkedControlOrigins(controlOrigins: unknown): string[] {
  const isOrigin = (value: unknown) => {
    if (typeof value !== 'string') return false;
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
    } catch {
      return false;
    }
  };
  if (controlOrigins === undefined) return [];
  if (!Array.isArray(controlOrigins) || !controlOrigins.every(isOrigin)) {
    throw new TypeError(
      `startMock: controlOrigins must be a list of origins such as "https://app.example.com" (scheme, host and optional port, no path), got ${shownValue(controlOrigins)}.`,
    );
  }
  return [...controlOrigins];
}

/**
 * Starts the mock; resolves once its port accepts connections. Rejects when the port is taken. Only the
 * options' own properties are read: one inherited through the object's prototype is ignored.
 */
export async function startMock(given: MockOptions = {}): Promise<MockServer> {
  const options = ownOptions(given);
  const {
    port = 4010,
    host = '127.0.0.1',
    logLevel = 'silent',
    errors = false,
    corsCredentials = false,
    readyTimeoutMs = 15_000,
  } = options;
  checkOptions({ port, host, logLevel, readyTimeoutMs, corsCredentials });
  const controlOrigins = checkedControlOrigins(options.controlOrigins);
  const sandbox = sandboxSettings(options.sandbox);
  const document = options.contract ?? contractPath();
  if (!existsSync(document)) throw new Error(`startMock: the contract ${document} does not exist.`);
  const scenarios = options.scenarios ?? {};
  // Checked here, before a process is spawned, so a typo fails startMock with the keys that exist.
  const scenarioProblems = choiceProblems(scenarioKeys(readDocument(document)), scenarios);
  if (scenarioProblems.length > 0) throw new Error(`startMock: ${scenarioProblems.join('\n')}`);
  if (port !== 0 && (await portAnswers(host, port))) {
    throw new Error(`Port ${port} on ${host} is already in use; pick another with { port }.`);
  }

  const settings: ServerSettings = {
    document,
    host,
    port,
    logLevel,
    errors: Boolean(errors),
    corsCredentials,
    controlOrigins,
    scenarios,
    sandbox,
  };
  // What the package spawns runs from dist/, whether this module is dist/start.js or its source.
  const serverFile = fileURLToPath(new URL('../dist/server.js', import.meta.url));
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [serverFile, JSON.stringify(settings)], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const stderr = tail(8_000);
  // 'exit' may come before the last of stderr: a process that ended early is explained once it is all read.
  const stderrRead = new Promise<void>((resolve) => {
    if (child.stderr) child.stderr.once('close', () => resolve());
    else resolve();
  });
  let ready = false;
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    if (ready && logLevel !== 'silent') process.stderr.write(chunk);
    else stderr.add(chunk);
  });
  // Without this, an unhandled 'error' (spawn failure) would crash the caller instead of failing startMock.
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(force);
    }
  };

  // The mock says it listens, and on which port, over the IPC channel; port 0 asks it to pick a free one.
  type Ready = Extract<ServerMessage, { ready: true }>;
  const listening = new Promise<Ready>((resolve) => {
    child.on('message', (message) => {
      const said = message as Partial<Ready> | undefined;
      if (said?.ready === true && Number.isInteger(said.port)) resolve(said as Ready);
    });
  });
  const limit = ownTimeLimit(child.pid, spawnedAt, readyTimeoutMs);
  const outcome = await Promise.race([
    listening.then((said) => ({ boundPort: said.port, world: said.sandbox ?? undefined })),
    exited.then(() => ({ exitedEarly: true }) as const),
    limit.reached,
  ]);
  limit.cancel();
  if (spawnError) throw new Error(`The mock could not be started: ${spawnError.message}`);
  if ('exitedEarly' in outcome) {
    await stderrRead;
    if (child.exitCode === 3) throw new Error(`Port ${port} on ${host} is already in use; pick another with { port }.`);
    if (child.exitCode === INVALID_SANDBOX_EXIT) throw new TypeError(`startMock: the sandbox's ${stderr.text}`);
    throw new Error(stderr.text || `The mock exited before it was ready (exit code ${child.exitCode}).`);
  }
  if ('timedOut' in outcome) {
    await stop();
    const output = stderr.text ? `\n${stderr.text}` : '';
    const { waitedMs } = outcome;
    const waited =
      waitedMs === undefined ? '' : ` of its own time (it also waited ${(waitedMs / 1000).toFixed(1)} s for a CPU)`;
    throw new Error(`The mock was not ready on ${host}:${port} within ${readyTimeoutMs} ms${waited}.${output}`);
  }
  // A process that reported it listens was spawned, so it has a pid; this only tells the type system so.
  const { pid } = child;
  if (pid === undefined) throw new Error('The mock reported it was ready but has no process id.');
  ready = true;

  let reloads = 0;
  const reload = async (contract = document) => {
    if (typeof contract !== 'string' || contract === '') {
      throw new TypeError(`reload: the contract must be a file path, got ${JSON.stringify(contract)}.`);
    }
    if (!existsSync(contract)) throw new Error(`reload: the contract ${contract} does not exist.`);
    if (child.exitCode !== null || child.signalCode !== null || !child.connected) {
      throw new Error('reload: the mock is not running.');
    }
    reloads += 1;
    const id = reloads;
    const answered = new Promise<ServerMessage>((resolve) => {
      const onMessage = (message: unknown) => {
        if ((message as { reloaded?: unknown } | undefined)?.reloaded !== id) return;
        child.off('message', onMessage);
        resolve(message as ServerMessage);
      };
      child.on('message', onMessage);
    });
    const request: ReloadMessage = { reload: contract, id };
    child.send(request);
    const stopped = exited.then(() => ({ ok: false, error: 'the mock stopped while reloading' }) as const);
    const result = await Promise.race([answered, stopped]);
    if ('ok' in result && !result.ok) {
      throw new Error(`The mock could not load ${contract}; it still serves the previous contract: ${result.error}`);
    }
  };

  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${outcome.boundPort}`,
    port: outcome.boundPort,
    sandbox: outcome.world,
    pid,
    exited,
    reload,
    close: stop,
  };
}
