import createFetchClient, { createQuerySerializer, serializeArrayParam, type Client, type HeadersOptions } from 'openapi-fetch';
import { invalid } from './invalid.js';
import { retryMiddleware, type RetryOptions } from './retry.js';
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

/**
 * A typed client for the trading analytics service. Reads are retried (see `retryMiddleware`) unless
 * `retry` is false; results are openapi-fetch's `{ data, error, response }`, and `unwrap` turns them into
 * the data or an ApiError.
 */
export function createClient({
  baseUrl,
  fetch,
  headers,
  retry,
  timeoutMs = Infinity,
} = {} as ClientOptions): TradingAnalyticsClient {
  if (!/^https?:\/\/[^/]/.test(baseUrl)) invalid('baseUrl must be an http(s) URL', baseUrl);
  // A timer takes 1 to 2^31-1 ms; Node turns a longer wait into 1 ms.
  if (!(Number.isInteger(timeoutMs) ? timeoutMs > 0 && timeoutMs < 2 ** 31 : timeoutMs == Infinity)) {
    invalid('timeoutMs must be an integer from 1 to 2147483647, or Infinity', timeoutMs);
  }

  const client = createFetchClient<paths>({ baseUrl, fetch, headers, querySerializer });
  if (retry !== false) client.use(retryMiddleware(retry));
  // Around each call rather than in a middleware, so that the limit covers the whole call and its timer is
  // cleared however the call ends.
  if (timeoutMs < Infinity) limitTime(client, timeoutMs);
  return client;
}
