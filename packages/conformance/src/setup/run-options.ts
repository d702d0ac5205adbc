// The options of a run, checked before anything is sent: each mistake is a UsageError that names the option
// and never shows a header value or a credential.

import type { ConformanceOptions } from '../reports/report-types.js';
import { DEFAULT_MAX_BODY_BYTES, MAX_BODY_BYTES_LIMIT, MAX_TIMER_MS } from './runner-caps.js';
import { UsageError } from './usage-error.js';

/** The caps and timeout of a run when the options leave them out. */
export const defaults: { rps: number; concurrency: number; timeoutMs: number; maxBodyBytes: number } = {
  rps: 5,
  concurrency: 4,
  timeoutMs: 10_000,
  maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
};

// The fewest requests per second: one every 2^31-1 ms (about 25 days) is the longest wait a timer holds.
const MIN_RPS = 1000 / MAX_TIMER_MS;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// A header value is Latin-1 text; a line break or NUL would end or break the request, and fetch refuses a
// character past U+00FF on every request.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of the characters refused
const FORBIDDEN_IN_HEADER_VALUE = /[\0\r\n]|[^\u0000-\u00ff]/;

/**
 * The base URL without trailing slashes. A user or password in it is refused (a request cannot carry them
 * and a message would show them), and so are a query and a fragment (every contract path is appended).
 */
export function parseBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError('--base-url is not a URL (e.g. http://127.0.0.1:4010); it is not shown here.');
  }
  if (url.username !== '' || url.password !== '') {
    throw new UsageError(
      '--base-url holds a user or password (not shown here): send credentials with --header, --header-env or --header-file.',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--base-url: ${url.protocol} is not http: or https:.`);
  }
  if (url.search !== '' || url.hash !== '') {
    throw new UsageError('--base-url must have no query or fragment: every contract path is appended to it.');
  }
  return url.href.replace(/\/+$/, '');
}

const isWhole = (value: number, least: number, most: number) =>
  Number.isInteger(value) && value >= least && value <= most;

/** The caps, timeout and headers of a run with their defaults, each checked. */
export function checkedLimits(options: ConformanceOptions) {
  const {
    rps = defaults.rps,
    concurrency = defaults.concurrency,
    timeoutMs = defaults.timeoutMs,
    maxBodyBytes = defaults.maxBodyBytes,
    headers = {},
  } = options;
  if (!(Number.isFinite(rps) && rps >= MIN_RPS)) {
    throw new UsageError(`--rps must be a positive number of at least ${MIN_RPS.toPrecision(3)}, got ${rps}.`);
  }
  if (!isWhole(concurrency, 1, Number.MAX_SAFE_INTEGER)) {
    throw new UsageError(`--concurrency must be a positive integer, got ${concurrency}.`);
  }
  if (!isWhole(timeoutMs, 1, MAX_TIMER_MS)) {
    throw new UsageError(
      `--timeout-ms must be a whole number of ms from 1 to ${MAX_TIMER_MS} (the longest a timer holds), got ${timeoutMs}.`,
    );
  }
  if (!isWhole(maxBodyBytes, 1, MAX_BODY_BYTES_LIMIT)) {
    throw new UsageError(
      `--max-body-bytes must be a whole number from 1 to ${MAX_BODY_BYTES_LIMIT}, got ${maxBodyBytes}.`,
    );
  }
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name))
      throw new UsageError(`header name ${JSON.stringify(name.slice(0, 60))} is not an HTTP token.`);
    if (typeof value !== 'string' || FORBIDDEN_IN_HEADER_VALUE.test(value)) {
      throw new UsageError(
        `the value of header ${name} holds a line break, a NUL or a character past U+00FF (the value is not shown here).`,
      );
    }
  }
  return { rps, concurrency, timeoutMs, maxBodyBytes, headers };
}

/**
 * Which operations a run sends: `--only` (or every operation), less `--skip`; the reason an operation left
 * out is reported with. An id the contract does not have is a UsageError that lists the ones it has.
 */
export function operationSelection(
  options: Pick<ConformanceOptions, 'only' | 'skip'>,
  operationIds: readonly string[],
): (operationId: string) => string | undefined {
  const known = new Set(operationIds);
  for (const [flag, ids] of [
    ['--only', options.only ?? []],
    ['--skip', options.skip ?? []],
  ] as const) {
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw new UsageError(
        `${flag}: no operation ${unknown.map((id) => JSON.stringify(id.slice(0, 80))).join(', ')} in the contract; its operationIds: ${operationIds.join(', ')}.`,
      );
    }
  }
  const only = options.only === undefined ? undefined : new Set(options.only);
  const skip = new Set(options.skip ?? []);
  return (operationId) => {
    if (only && !only.has(operationId)) return 'not selected (--only)';
    if (skip.has(operationId)) return 'left out (--skip)';
    return undefined;
  };
}
