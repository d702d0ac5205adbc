// The local proxy Respect talks to instead of the service. It serves its own Respect alone: the URL Respect
// is given (through its environment, never its command line) carries a random token of the run, and a
// request without it, or under a `Host` other than a loopback name, is refused before anything reads it,
// never passed on and never listed: any process of the machine can find the proxy's port. It passes on
// only the requests `admit` lets through (the operations the flows name, as the run may send them), each
// through the run's limiter, timeout, body cap and --header values, so the caps hold and the header values
// never reach Respect. A redirect reaches Respect without its Location, so Respect cannot follow it: it is
// the step's answer.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isAllowedHost, isJsonMediaType, MAX_BODY_BYTES, mediaTypeOf } from '@trading-analytics/core';
import type { OperationFinding } from '../reports/problem-words.js';
import type { RequestSpec, Sent } from '../transport/http-client.js';
import type { Admit } from './proxy-admission.js';
import type { Judge, Screen } from './proxy-screen.js';

const HOP_BY_HOP = new Set(['connection', 'content-length', 'content-encoding', 'transfer-encoding', 'keep-alive']);

/** Something that happened to one request of the flows, which the report says. */
export type ProxyEvent = { method: string; target: string } & (
  | { kind: 'refused'; reason: string }
  | { kind: 'redirect'; status: number; location: string | null }
  | { kind: 'timeout' }
  | { kind: 'oversized'; status: number; maxBodyBytes: number }
  | { kind: 'network'; error: string }
  | { kind: 'withheld'; status: number; reason: string }
);

/** One request Respect made, in the order they came, with what happened to it when anything did. */
export interface ProxiedRequest {
  method: string;
  target: string;
  event?: ProxyEvent;
  /** The body handed to Respect (at most FLOW_BODY_BYTES, see screen.ts): Respect's log leaves it out of a step that errs. */
  handed?: string;
  /** What the runner's own check found in the body handed (see proxy-screen.ts): the step's schema check. */
  findings?: OperationFinding[];
}

export interface FlowProxy {
  server: Server;
  /** The proxy's base URL for Respect: `http://127.0.0.1:<port>/<token>`, the token the run's own. */
  url: string;
  /** Every request Respect made, in order. */
  requests: ProxiedRequest[];
  close(): Promise<void>;
}

/** The request's body as text (undefined for none), or null when it is over `limit` bytes (the rest is left unread). */
async function readRequestBody(request: IncomingMessage, limit: number): Promise<string | undefined | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).byteLength;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : undefined;
}

/**
 * Starts the proxy on 127.0.0.1, a free port, under a path of its own (its `url`): `admit` says which
 * requests are passed on, `screen` which answers are not handed to Respect (shown as a 502), `judge` what
 * the runner's check finds in those that are.
 */
export function startProxy(
  forward: (spec: RequestSpec) => Promise<Sent>,
  admit: Admit,
  screen: Screen = () => undefined,
  judge: Judge = () => [],
): Promise<FlowProxy> {
  const requests: ProxiedRequest[] = [];
  // 24 random bytes: no process can guess the path, and none but Respect is told it.
  const prefix = `/${randomBytes(24).toString('base64url')}`;
  const server = createServer(async (request, response) => {
    const method = request.method ?? 'GET';
    const raw = request.url ?? '/';
    if (!raw.startsWith(`${prefix}/`) || !isAllowedHost(request.headers.host, '127.0.0.1')) {
      response.writeHead(403, { 'content-type': 'text/plain', connection: 'close' });
      response.end('not a request of the conformance runner’s flows');
      return;
    }
    const target = raw.slice(prefix.length);
    const seen: ProxiedRequest = { method, target };
    requests.push(seen);
    const refuse = (status: number, reason: string) => {
      seen.event = { method, target, kind: 'refused', reason };
      response.writeHead(status, { 'content-type': 'text/plain', connection: 'close' });
      response.end(`refused by the conformance runner, never sent to the service: ${reason}`);
    };
    try {
      const admission = admit(method, target);
      if ('refused' in admission) return refuse(403, admission.refused);
      const rawBody = await readRequestBody(request, MAX_BODY_BYTES);
      if (rawBody === null) return refuse(413, `a request body over ${MAX_BODY_BYTES} bytes`);
      const answer = await forward({ method, target, rawBody });
      const withheld = answer.kind === 'answer' ? screen(admission.operation, answer) : undefined;
      if (answer.kind === 'answer' && withheld !== undefined) {
        seen.event = { method, target, kind: 'withheld', status: answer.status, reason: withheld };
        response.writeHead(502, { 'content-type': 'text/plain' });
        response.end(`the service's answer is not passed on to the flows: ${withheld}`);
        return;
      }
      if (answer.kind !== 'answer') {
        seen.event = { method, target, ...answerEvent(answer) };
        response.writeHead(answer.kind === 'timeout' ? 504 : 502, { 'content-type': 'text/plain' });
        response.end(
          answer.kind === 'timeout'
            ? 'no answer within the timeout'
            : answer.kind === 'oversized'
              ? `the answer's body is over ${answer.maxBodyBytes} bytes`
              : 'network error',
        );
        return;
      }
      const headers: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!HOP_BY_HOP.has(name)) headers[name] = value;
      });
      // Media types are case-insensitive (`Application/JSON; Charset=UTF-8` is JSON) but Respect reads only the
      // lower-case spelling as JSON; the runner's own check of the operation reads the service's spelling.
      const contentType = headers['content-type'];
      if (contentType !== undefined && isJsonMediaType(mediaTypeOf(contentType))) {
        headers['content-type'] = contentType.toLowerCase();
      }
      if (answer.status >= 300 && answer.status < 400) {
        seen.event = { method, target, kind: 'redirect', status: answer.status, location: headers.location ?? null };
        delete headers.location;
      }
      response.writeHead(answer.status, headers);
      seen.handed = answer.text;
      const findings = judge(admission.operation, answer);
      if (findings.length > 0) seen.findings = findings;
      response.end(answer.text);
    } catch {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('the conformance runner failed on this request');
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}`,
        requests,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    ),
  );
}

function answerEvent(answer: Exclude<Sent, { kind: 'answer' }>) {
  if (answer.kind === 'timeout') return { kind: 'timeout' as const };
  if (answer.kind === 'oversized') {
    return { kind: 'oversized' as const, status: answer.status, maxBodyBytes: answer.maxBodyBytes };
  }
  return { kind: 'network' as const, error: answer.error };
}
