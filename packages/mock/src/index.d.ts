export interface MockOptions {
  /** Port to listen on (1-65535), or 0 for any free port (see `MockServer.url`). Default 4010. */
  port?: number;
  /** Address to listen on. Default 127.0.0.1 (loopback only). */
  host?: string;
  /**
   * What the mock prints on this process's stderr once it is ready: `silent` (default) prints nothing,
   * `error` prints each request violation as one line, `info` also prints every request.
   */
  logLevel?: 'silent' | 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
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
  /** How long to wait for the port to accept connections. Default 15000 ms. */
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
}

export interface MockServer {
  /** Base URL with the port the mock listens on, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** The port the mock listens on: the one asked for, or the one picked for `port: 0`. */
  port: number;
  /** Process id of the mock. */
  pid: number;
  /** Settles when the mock's process has ended, for whatever reason. */
  exited: Promise<{ code: number | null; signal: string | null }>;
  /**
   * Serves another version of the contract (a bundled OpenAPI file; default: the one it was started with,
   * read again) on the same port, without dropping it. Resolves once the next request is answered from it.
   * Rejects when the document cannot be loaded, and the mock keeps serving the previous contract.
   */
  reload(contract?: string): Promise<void>;
  /** Stops the mock; resolves once its process is gone. Safe to call more than once. */
  close(): Promise<void>;
}

/** Starts the mock; resolves once its port accepts connections. Rejects when the port is taken. */
export function startMock(options?: MockOptions): Promise<MockServer>;

/** One line telling a mock user how to pick a documented case; printed by the bin under the URL. */
export const scenarioHint: string;

/** Path of the contract the mock serves by default. */
export function contractPath(): string;

export interface ScenarioExample {
  /** The value for `Prefer: example=<key>`. */
  key: string;
  summary: string;
}

export interface ResponseScenarios {
  /** The value for `Prefer: code=<status>`. */
  status: number;
  /** False when the documented response has no body (the mock answers with an empty one). */
  hasBody: boolean;
  examples: ScenarioExample[];
}

export interface OperationScenarios {
  operationId: string;
  method: string;
  path: string;
  /** The status answered when the request selects nothing: the lowest documented 2xx. */
  defaultStatus: number | undefined;
  responses: ResponseScenarios[];
}

/** What a mock user can select per operation, read from a bundled OpenAPI document. */
export function listScenarios(document: object): OperationScenarios[];

/** What one scenario key selects: a status, and the named example when the key is one. */
export interface ScenarioSelection {
  code: number;
  exampleKey?: string;
}

/** Per operationId: its method and path, its default key, and every scenario key with what it selects. */
export function scenarioKeys(document: object): Record<string, { method: string; path: string; defaultKey: string | undefined; keys: Record<string, ScenarioSelection> }>;

/** The mock's own route for scenarios: GET lists them and the active choices, PUT sets, DELETE resets. */
export const controlPath: '/__scenarios';

/**
 * The choices of a command line: `--scenario <operationId>=<key>` (repeatable; wins) and `--scenarios
 * <file.json>`. Throws a message naming a malformed entry or an unreadable file.
 */
export function readScenarioChoices(flags?: { scenario?: string[]; scenariosFile?: string }): Record<string, string>;
