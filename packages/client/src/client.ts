import createFetchClient, { createQuerySerializer, serializeArrayParam, type Client, type HeadersOptions } from 'openapi-fetch';
import { invalid } from './invalid.js';
import { retryMiddleware, type RetryOptions } from './retry.js';
import type { paths } from './schema.js';

export interface ClientOptions {
  /** Address of the service, e.g. `https://api.example.com` (the contract names none, so it is required). */
  baseUrl: string;
  /** fetch to use instead of the global one (tests, proxies, instrumentation). */
  fetch?: (input: Request) => Promise<Response>;
  /** Headers sent with every request. */
  headers?: HeadersOptions;
  /** Retry settings for reads, or false to send every request once. */
  retry?: RetryOptions | false;
  /** Time limit of one call in milliseconds, retries and backoff included (default Infinity: none). */
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
export function createClient({ baseUrl, fetch, headers, retry, timeoutMs = Infinity } = {} as ClientOptions): TradingAnalyticsClient {
  if (!/^https?:\/\/[^/]/.test(baseUrl)) invalid('baseUrl must be an http(s) URL', baseUrl);
  if (!(timeoutMs > 0)) invalid('timeoutMs must be > 0', timeoutMs);

  const client = createFetchClient<paths>({ baseUrl, fetch, headers, querySerializer });
  // The time limit goes on the request's signal, so that it also ends a backoff wait between attempts.
  if (timeoutMs < Infinity) client.use({ onRequest: ({ request }) => new Request(request, { signal: AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]) }) });
  if (retry !== false) client.use(retryMiddleware(retry));
  return client;
}
