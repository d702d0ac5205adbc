// The guard: the first handler a request meets after CORS (front.ts). It reads the URL, the headers and the
// body within the core's limits, hands them to the core's `checkRequest` (the checks the MSW handlers make
// too), and either answers the refusal or the 404 of a case the operation does not document, or leaves the
// checked request on the exchange for the handlers after it: the scenario control, then Prism.
import type http from 'node:http';
import {
  type BodyRead,
  bodyAdmission,
  bodyTooLarge,
  type Contract,
  checkRequest,
  decodePath,
  MAX_BODY_BYTES,
  refusal,
  selectionMissAnswer,
  type Violation,
} from '@trading-analytics/core';
import { writeAnswer } from './answer.js';
import type { Handler } from './front.js';
import { DISCARD_LINGER_MS } from './mock-limits.js';

/** @param currentContract the contract served right now (read on every request, so a reload applies at once) */
export function createGuard(currentContract: () => Contract): Handler {
  return async function guard(request, response, exchange) {
    const contract = currentContract();
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://mock.invalid');
    } catch {
      const violation = { location: ['request', 'url'], message: 'The request target is not a URL path' };
      writeAnswer(response, refusal(undefined, [violation]));
      return true;
    }
    const method = request.method ?? 'GET';
    const { headers } = request;
    const body = await readBody(request, response, contract, method, url.pathname);
    const checked = checkRequest(contract, {
      method,
      rawPath: url.pathname,
      rawSearch: url.search,
      accept: headers.accept,
      prefer: single(headers.prefer),
      contentType: headers['content-type'],
      body,
    });
    if (checked.outcome === 'refused') writeAnswer(response, refusal(checked.operation, checked.violations));
    else if (checked.outcome === 'missing') writeAnswer(response, selectionMissAnswer(checked.detail));
    else {
      // Extended in place: copying the checked request with a spread cost as much as all the checks.
      exchange.guarded = Object.assign(checked, { method, path: url.pathname });
      return false;
    }
    return true;
  };
}

/** A header Node may give as a list (an unknown one sent twice) as one value, joined as HTTP joins them. */
const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);

const unreadable: Violation[] = [{ location: ['request', 'body'], message: 'The body could not be read to its end' }];

/**
 * Reads the body, up to MAX_BODY_BYTES. A body sent to an operation that takes none, or in a media type it
 * does not declare, or announced larger than the limit, is refused before it is read, and one that grows
 * past the limit as soon as it does; the rest of a refused body is thrown away (discardRest).
 */
async function readBody(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  contract: Contract,
  method: string,
  rawPath: string,
): Promise<BodyRead> {
  const { headers } = request;
  const length = headers['content-length'];
  const hasBody = headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (!hasBody) return { kind: 'none' };
  const refuse = (violations: Violation[]): BodyRead => {
    discardRest(request, response);
    return { kind: 'refused', violations };
  };
  const { operation } = contract.route(method, decodePath(rawPath).segments);
  const admission = operation ? bodyAdmission(operation, headers['content-type']) : [];
  if (admission.length > 0) return refuse(admission);
  if (Number(length) > MAX_BODY_BYTES) return refuse(bodyTooLarge());

  const received = await readUpTo(request, MAX_BODY_BYTES);
  if (received === 'tooLarge') return refuse(bodyTooLarge());
  if (received === 'failed') return refuse(unreadable);
  return { kind: 'text', text: received.toString('utf8') };
}

/**
 * The body's bytes, or tooLarge as soon as they pass `limit`; what arrives after that is not kept. (No
 * `for await`: leaving it early destroys the request, and with it the socket the refusal must go out on.)
 */
function readUpTo(request: http.IncomingMessage, limit: number): Promise<Buffer | 'tooLarge' | 'failed'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (outcome: Buffer | 'tooLarge' | 'failed') => {
      request.off('data', onData).off('end', onEnd).off('error', onError);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) settle('tooLarge');
      else chunks.push(chunk);
    };
    const onEnd = () => settle(Buffer.concat(chunks));
    const onError = () => settle('failed');
    request.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/**
 * A refused body is read on and thrown away, so the client, still sending, gets to read the refusal
 * instead of a reset connection; a body still arriving DISCARD_LINGER_MS after the answer closes it.
 */
function discardRest(request: http.IncomingMessage, response: http.ServerResponse): void {
  request.resume();
  response.once('finish', () => {
    if (request.complete) return;
    const timer = setTimeout(() => request.socket?.destroy(), DISCARD_LINGER_MS);
    timer.unref();
    request.once('end', () => clearTimeout(timer));
  });
}
