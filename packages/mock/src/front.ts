// The mock's front: a `node:http` server that owns the socket and passes each request through an ordered
// list of handlers (server.ts lists them). A handler answers and returns true, or returns false to pass the
// request on. `exchange` is one object per request where a handler leaves what it read for the next ones:
// the guard leaves the request it checked.
import http from 'node:http';
import { type PassedRequest, PROBLEMS, problemAnswer } from '@trading-analytics/core';
import { writeAnswer } from './answer.js';
import { messageOf } from './message.js';
import { KEEP_ALIVE_HELD_MS, KEEP_ALIVE_SAID_S } from './mock-limits.js';

/** A request the guard has read and checked, with what it read (see guard.ts). */
export interface GuardedRequest extends PassedRequest {
  method: string;
  /** The URL's path as sent, still percent-encoded. */
  path: string;
}

interface Exchange {
  /** Set by the guard once the request has passed its checks. */
  guarded?: GuardedRequest;
}

export type Handler = (
  request: http.IncomingMessage,
  response: http.ServerResponse,
  exchange: Exchange,
) => boolean | Promise<boolean>;

/** What the guard left on the exchange, for a handler that comes after it. */
export function guardedRequest(exchange: Exchange): GuardedRequest {
  if (exchange.guarded === undefined)
    throw new Error('A handler that needs the checked request runs before the guard.');
  return exchange.guarded;
}

export function createFront(
  handlers: readonly Handler[],
  { onError }: { onError(error: unknown, request: http.IncomingMessage): void },
): http.Server {
  const server = http.createServer(async (request, response) => {
    const exchange: Exchange = {};
    // Said on every answer (Node then says nothing of its own): a client's idle connection is safe to reuse for
    // this long, and the mock holds it open longer (mock-limits.ts).
    response.setHeader('Keep-Alive', `timeout=${KEEP_ALIVE_SAID_S}`);
    try {
      for (const handler of handlers) {
        if (await handler(request, response, exchange)) return;
      }
      const detail = `No handler answered ${request.method} ${request.url}`;
      writeAnswer(response, problemAnswer(PROBLEMS.noPathMatched, 404, detail));
    } catch (error) {
      // A fault of the mock itself, not of the request: it is reported, and this request fails alone.
      onError(error, request);
      if (response.headersSent) response.destroy();
      else writeAnswer(response, problemAnswer(PROBLEMS.mockFault, 500, messageOf(error)));
    }
  });
  server.keepAliveTimeout = KEEP_ALIVE_HELD_MS;
  return server;
}
