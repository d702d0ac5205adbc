// CORS, so a frontend served from another origin (a dev server on its own port) can call the mock and read
// its answers, refusals and `sl-violations` included. A handler of the front, after the Host check: it sets
// the headers on every answer and answers preflight requests itself.
//
// The contract's operations: by default any origin may call, with `Access-Control-Allow-Origin: *` and no
// credentials: a browser then sends no cookies and reads every answer. With `corsCredentials`, the calling
// origin is reflected with `Access-Control-Allow-Credentials: true` and `Vary: Origin`, for a frontend that
// calls with `credentials: 'include'`; the opaque origin `null` (sandboxed frames, files) is never reflected.
//
// The mock's controls (`/__sandbox` and below, `/__scenarios`) are the developer's alone: a browser request
// for them from any origin but a page on this machine's loopback (any port) or one given in `controlOrigins`
// is refused with 403, its preflight too, so no web page the developer visits can reset the world or pick a
// scenario. A request without `Origin` (curl, a test, a same-origin read) is not a browser's cross-site one.
import { decodePath, isLoopbackOrigin, PROBLEMS, problemAnswer, quoted, SANDBOX_PATH } from '@trading-analytics/core';
import { writeAnswer } from './answer.js';
import type { Handler } from './front.js';
import { controlPath } from './scenario-control.js';

const CONTROL_SEGMENTS = new Set([SANDBOX_PATH.slice(1), controlPath.slice(1)]);

/** Whether a request target is one of the mock's controls: `/__sandbox`, `/__scenarios` or a path below them. */
function isControlPath(target: string): boolean {
  // The path as the guard reads it: an absolute-form target (`http://host/__sandbox`) has one too.
  const path = target.startsWith('/')
    ? (target.split('?')[0] ?? '/')
    : URL.canParse(target)
      ? new URL(target).pathname
      : '/';
  // Every operation's path starts with a letter: only `/_…` or an encoded first character can be a control.
  if (!path.startsWith('/_') && !path.startsWith('/%')) return false;
  return CONTROL_SEGMENTS.has(decodePath(path).segments[1] ?? '');
}

export function createCors({
  credentials,
  controlOrigins,
}: {
  credentials: boolean;
  /** Origins besides the loopback ones that may drive the controls (`--control-origin`). */
  controlOrigins: readonly string[];
}): Handler {
  const given = new Set(controlOrigins);
  return function cors(request, response) {
    const origin = request.headers.origin;
    const control = isControlPath(request.url ?? '/');
    if (control && origin !== undefined && !isLoopbackOrigin(origin) && !given.has(origin)) {
      const detail = `The origin ${quoted(origin)} may not use the mock's controls (${SANDBOX_PATH}, ${controlPath}): they answer pages on this machine's loopback (http://localhost or http://127.0.0.1, any port) and the origins given with --control-origin, so that no web page of another site can drive them.`;
      writeAnswer(response, problemAnswer(PROBLEMS.originNotAllowed, 403, detail));
      return true;
    }
    // A control's answers are never stored (no-store), so one asked without Origin (no browser's cross-site
    // request) needs no CORS header at all.
    if (control && origin === undefined) return false;
    if (credentials || control) {
      response.setHeader('vary', 'Origin');
      if (origin && origin !== 'null') {
        response.setHeader('access-control-allow-origin', origin);
        if (credentials) response.setHeader('access-control-allow-credentials', 'true');
      }
      // With credentials a browser takes `*` literally, so the one header a frontend reads is named.
      response.setHeader('access-control-expose-headers', credentials ? 'sl-violations' : '*');
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
