// CORS, so a frontend served from another origin (a dev server on its own port) can call the mock and read
// its answers, refusals and `sl-violations` included. The first handler of the front: it sets the headers
// on every answer and answers preflight requests itself.
//
// By default any origin may call, with `Access-Control-Allow-Origin: *` and no credentials: a browser then
// sends no cookies and reads every answer. With `corsCredentials`, the calling origin is reflected with
// `Access-Control-Allow-Credentials: true` and `Vary: Origin`, for a frontend that calls with
// `credentials: 'include'`; the opaque origin `null` (sandboxed frames, files) is never reflected.
import type { Handler } from './front.js';

export function createCors({ credentials }: { credentials: boolean }): Handler {
  return function cors(request, response) {
    const origin = request.headers.origin;
    if (credentials) {
      response.setHeader('vary', 'Origin');
      if (origin && origin !== 'null') {
        response.setHeader('access-control-allow-origin', origin);
        response.setHeader('access-control-allow-credentials', 'true');
      }
      // With credentials a browser takes `*` literally, so the one header a frontend reads is named.
      response.setHeader('access-control-expose-headers', 'sl-violations');
    } else {
      response.setHeader('access-control-allow-origin', '*');
      response.setHeader('access-control-expose-headers', '*');
    }
    const askedMethod = request.headers['access-control-request-method'];
    const preflight = request.method === 'OPTIONS' && origin !== undefined && askedMethod !== undefined;
    if (!preflight) return false;
    const askedHeaders = request.headers['access-control-request-headers'];
    response.setHeader('access-control-allow-methods', askedMethod || 'GET,POST,OPTIONS');
    response.setHeader('access-control-allow-headers', askedHeaders || (credentials ? 'content-type,prefer' : '*'));
    response.writeHead(204, { 'content-length': 0 });
    response.end();
    return true;
  };
}
