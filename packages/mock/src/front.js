// The mock's front: a `node:http` server that owns the socket and passes each request through an ordered
// list of handlers (server.js lists them). A handler is `(request, response, exchange) => boolean |
// Promise<boolean>`: true when it answered, false to pass the request on. `exchange` is one object per
// request where a handler leaves what it read for the next ones (the guard's URL, preferences and body).
import http from 'node:http';
import { sendProblem } from './reply.js';

/**
 * @param {Array<(request: http.IncomingMessage, response: http.ServerResponse, exchange: object) => boolean | Promise<boolean>>} handlers
 * @param {{ onError(error: unknown, request: http.IncomingMessage): void }} options
 */
export function createFront(handlers, { onError }) {
  return http.createServer(async (request, response) => {
    const exchange = {};
    try {
      for (const handler of handlers) {
        if (await handler(request, response, exchange)) return;
      }
      sendProblem(response, { status: 404, type: 'https://stoplight.io/prism/errors#NO_PATH_MATCHED_ERROR', title: 'Route not resolved, no path matched', detail: `No handler answered ${request.method} ${request.url}` });
    } catch (error) {
      // A fault of the mock itself, not of the request: it is reported, and this request fails alone.
      onError(error, request);
      if (!response.headersSent) sendProblem(response, { status: 500, type: 'urn:trading-analytics-mock:mock-fault', title: 'The mock failed on this request', detail: String(error?.message ?? error) });
      else response.destroy();
    }
  });
}
