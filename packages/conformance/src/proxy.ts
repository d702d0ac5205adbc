// The local proxy Respect talks to instead of the service: every request it forwards goes through the run's
// limiter, timeout and --header values, so the caps hold and the header values never reach Respect.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestSpec, Sent } from './http.js';

const HOP_BY_HOP = new Set(['connection', 'content-length', 'content-encoding', 'transfer-encoding', 'keep-alive']);

export interface Proxy {
  server: Server;
  url: string;
  /** `METHOD /path` of each request the service did not answer within the timeout. */
  timeouts: string[];
}

/** Starts the proxy on 127.0.0.1, a free port. A request the service does not answer gets a 504 (timeout) or 502. */
export function startProxy(forward: (spec: RequestSpec) => Promise<Sent>): Promise<Proxy> {
  const timeouts: string[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const rawBody = chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : undefined;
    const method = request.method ?? 'GET';
    const target = request.url ?? '/';
    const answer = await forward({ method, target, rawBody });
    if (answer.kind !== 'answer') {
      if (answer.kind === 'timeout') timeouts.push(`${method} ${target.split('?')[0]}`);
      response.writeHead(answer.kind === 'timeout' ? 504 : 502, { 'content-type': 'text/plain' });
      response.end(answer.kind === 'timeout' ? 'no answer within the timeout' : `network error: ${answer.error}`);
      return;
    }
    const headers: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name)) headers[name] = value;
    });
    response.writeHead(answer.status, headers);
    response.end(answer.text);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, timeouts }),
    ),
  );
}
