import type { Middleware, MiddlewareCallbackParams } from 'openapi-fetch';
import { ApiError } from './errors.js';
import { invalid, own } from './invalid.js';

export interface RetryOptions {
  /** Attempts in all, the first one included (default 3); 1 sends each request once. */
  attempts?: number;
  /** Backoff before the first retry, doubled before each next one (default 250 ms). */
  baseDelayMs?: number;
  /** Ceiling of one backoff (default 4000 ms). */
  maxDelayMs?: number;
  /** Source of the jitter, a number in [0, 1) (default Math.random): each wait is that share of the backoff. */
  random?: () => number;
}

// Reads are safe to repeat: every GET, and the POSTs under /v1/oracle/, which only query prices and
// payloads. Every other POST (the competition join, the gasless intent) changes state and is sent once.
const isRead = ({ request, schemaPath }: MiddlewareCallbackParams) =>
  request.method === 'GET' || schemaPath.startsWith('/v1/oracle/');

// Waits, unless the signal aborts first. The listener is removed either way: a caller's signal may be
// long-lived and shared by many calls.
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      signal.aborted ? reject(signal.reason) : resolve();
    };
    const timer = setTimeout(done, ms);
    signal.aborted ? done() : signal.addEventListener('abort', done);
  });

/**
 * openapi-fetch middleware that repeats a read (every GET and the two oracle POST queries, never the
 * competition join) when the service answers 503 or the network fails, waiting a jittered exponential
 * backoff between attempts. The request's AbortSignal (and so `timeoutMs`) also ends a wait. When the
 * last attempt still gets 503 the call rejects with an ApiError: an unavailable value never reaches the
 * caller as data.
 */
export function retryMiddleware(options?: RetryOptions): Middleware {
  const { attempts = 3, baseDelayMs = 250, maxDelayMs = 4000, random = Math.random } = own(options);
  const limits = { attempts: [attempts, 1], baseDelayMs: [baseDelayMs, 0], maxDelayMs: [maxDelayMs, 0] };
  for (const [name, [value, least]] of Object.entries(limits)) {
    // A wait of 2^31 ms or more is one a timer cannot hold: Node would end it after 1 ms.
    if (!(value >= least && value < 2 ** 31)) invalid(`retry.${name} must be from ${least} to 2147483647`, value);
  }
  // A fetched request has spent its body, so the body of a read POST is kept to be sent again. The key is
  // the options object openapi-fetch creates for each call, so nothing outlives the call.
  const bodies = new WeakMap<object, ArrayBuffer>();

  // Takes over a read that failed with 503 or a network error; anything else goes on as it came (undefined).
  // An aborted request is not sent again: the first wait rejects with the signal's reason.
  async function retry(
    params: MiddlewareCallbackParams,
    response?: Response,
    error?: unknown,
  ): Promise<Response | undefined> {
    const { request, options } = params;
    if (!isRead(params)) return;
    for (let attempt = 1; attempt < attempts; attempt++) {
      // Release the connection held by the unread 503 before waiting.
      await response?.body?.cancel();
      await sleep(random() * Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1)), request.signal);
      try {
        // A GET has no body to restore: `body: undefined` copies it as it is.
        response = await options.fetch(new Request(request, { body: bodies.get(options) }));
        if (response.status !== 503) return response;
      } catch (failure) {
        // An abort lands here too; the next wait then rejects with the signal's reason.
        response = undefined;
        error = failure;
      }
    }
    if (!response) throw error;
    // The service documents no 503 body, so it is kept as text (undefined when empty), not parsed.
    throw new ApiError(response, (await response.text()) || undefined);
  }

  // The hooks answer synchronously when there is nothing to do, as for almost every request.
  return {
    onRequest(params) {
      if (params.request.body && isRead(params))
        return params.request
          .clone()
          .arrayBuffer()
          .then((body) => void bodies.set(params.options, body));
    },
    onResponse(params) {
      if (params.response.status === 503) return retry(params, params.response);
    },
    onError: (params) => retry(params, undefined, params.error),
  };
}
