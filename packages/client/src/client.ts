import createFetchClient, {
  type Client,
  createQuerySerializer,
  type HeadersOptions,
  serializeArrayParam,
} from 'openapi-fetch';
import { guardedFetch, type RedirectMode } from './guarded-fetch.js';
import { invalid, own } from './invalid.js';
import { readJsonBodies } from './json-body.js';
import { type RetryOptions, retryMiddleware } from './retry.js';
import type { paths } from './schema.js';
import { limitTime } from './time-limit.js';

export interface ClientOptions {
  /** Address of the service, e.g. `https://api.example.com` (the contract names none, so it is required). */
  baseUrl: string;
  /** fetch to use instead of the global one (tests, proxies, instrumentation). */
  fetch?: (input: Request) => Promise<Response>;
  /** Headers sent with every request. */
  headers?: HeadersOptions;
  /** Retry settings for reads, or false to send every request once. */
  retry?: RetryOptions | false;
  /**
   * Time limit of one call in milliseconds, retries, backoff and reading the body included: an integer from
   * 1 to 2147483647 (2^31-1), or Infinity (the default) for none.
   */
  timeoutMs?: number;
  /**
   * What a redirect (3xx) does. `manual` (the default): none is followed; the 3xx is the call's answer, an
   * error that `unwrap` throws as an ApiError. `follow-same-origin`: a redirect to the request's own scheme,
   * host and port is followed (at most 5 in a row); one to any other origin is still the answer, so headers
   * and bodies never travel to a server the caller did not name.
   */
  redirect?: RedirectMode;
  /**
   * Largest response body read, in decoded bytes (after gzip or any Content-Encoding is undone), default
   * 8 MiB (8388608). A larger one ends the call with a RangeError "Response body over N bytes".
   */
  maxBodyBytes?: number;
}

/** The openapi-fetch client typed by the contract's `paths`. */
export type TradingAnalyticsClient = Client<paths>;

const serialize = createQuerySerializer();

// `chains` is the one comma-separated (form, explode: false) array of the contract; every other array is
// repeated (`tags=a&tags=b`), which is openapi-fetch's default. An empty list is left out, as openapi-fetch
// leaves out any empty array.
const querySerializer = (query: Record<string, unknown>) => {
  const { chains } = query;
  if (!Array.isArray(chains) || !chains.length) return serialize(query);
  const joined = serializeArrayParam('chains', chains, { style: 'form', explode: false });
  const others = serialize({ ...query, chains: undefined });
  return others ? `${others}&${joined}` : joined;
};

// The largest example answer of the contract is 3 KB (two trade-history events, each joined to its
// position); a page of 1000 such events, past any default page size, is about 1.5 MB. 8 MiB leaves room
// for pages larger still, and keeps what one answer can make the client hold (its bytes, its text, its
// parsed value) to tens of megabytes.
const DEFAULT_MAX_BODY_BYTES = 8 * 2 ** 20;

/**
 * A typed client for the trading analytics service. Reads are retried (see `retryMiddleware`) unless
 * `retry` is false; results are openapi-fetch's `{ data, error, response }`, and `unwrap` turns them into
 * the data or an ApiError. A success whose body is empty or not JSON where the contract promises JSON
 * rejects with an ApiError. Only the options' own properties are read.
 */
export function createClient(options?: ClientOptions): TradingAnalyticsClient {
  const {
    baseUrl,
    fetch = globalThis.fetch,
    headers,
    retry,
    timeoutMs = Infinity,
    redirect = 'manual',
    maxBodyBytes = DEFAULT_MAX_BODY_BYTES,
  } = own(options);
  if (!/^https?:\/\/[^/]/.test(baseUrl)) invalid('baseUrl must be an http(s) URL', baseUrl);
  // A timer takes 1 to 2^31-1 ms; Node turns a longer wait into 1 ms.
  if (!(Number.isInteger(timeoutMs) ? timeoutMs > 0 && timeoutMs < 2 ** 31 : timeoutMs === Infinity)) {
    invalid('timeoutMs must be an integer from 1 to 2147483647, or Infinity', timeoutMs);
  }
  if (redirect !== 'manual' && redirect !== 'follow-same-origin')
    invalid('redirect must be "manual" or "follow-same-origin"', redirect);
  if (!(Number.isSafeInteger(maxBodyBytes) && maxBodyBytes > 0))
    invalid('maxBodyBytes must be a positive integer', maxBodyBytes);

  // `redirect: 'manual'` here spares the guarded fetch a copy of each request; it still sees to a call's own.
  const client = createFetchClient<paths>({
    baseUrl,
    fetch: guardedFetch(fetch, redirect, maxBodyBytes),
    headers,
    querySerializer,
    redirect: 'manual',
  });
  if (retry !== false) client.use(retryMiddleware(retry));
  readJsonBodies(client);
  // Around each call rather than in a middleware, so that the limit covers the whole call and its timer is
  // cleared however the call ends.
  if (timeoutMs < Infinity) limitTime(client, timeoutMs);
  return client;
}
