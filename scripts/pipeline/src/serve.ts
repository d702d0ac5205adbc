// Serving for `npm start` and `npm run dev`: the docs page over HTTP, and holding the mock and the docs up
// until Ctrl-C or SIGTERM, or until the mock stops on its own.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { isAllowedHost, messageOf, quoted } from '@trading-analytics/core';

/** what `npm run dev` adds to the docs server (see live-reload.ts) */
export interface LivePage {
  handle: (request: http.IncomingMessage, response: http.ServerResponse, pathname: string) => boolean;
  page: (html: string | undefined) => string;
}

/** A URL's host part for an address: an IPv6 address in brackets. */
export function urlHost(host: string) {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Serves one self-contained HTML page at `/`; everything else is a 404. With `live` (npm run dev, see
 * live-reload.ts) it also serves the reload events, and the page with the reload script. Like the mock,
 * it answers only under a loopback name or `host` (the core's `isAllowedHost`): a page of another site that
 * points a name of its own at this machine (DNS rebinding) gets a 421, and neither the page nor the events,
 * which carry the lint output. Resolves with the listening server (its `address().port` is the one picked
 * for port 0).
 */
export function serveDocs(docsFile: string, host: string, port: number, live?: LivePage): Promise<http.Server> {
  const server = http.createServer(async (request, response) => {
    if (!isAllowedHost(request.headers.host, host)) {
      response
        .writeHead(421, { 'content-type': 'text/plain; charset=utf-8' })
        .end(
          `Host ${quoted(String(request.headers.host ?? '(none)'))} is not a loopback name or the address the docs are served on (${host}).\n`,
        );
      return;
    }
    const { pathname } = new URL(request.url ?? '/', 'http://docs');
    if (live?.handle(request, response, pathname)) return;
    if (!['GET', 'HEAD'].includes(request.method ?? '') || !['/', '/index.html'].includes(pathname)) {
      response
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end(`Not found: the docs are one page, at /.\n`);
      return;
    }
    try {
      const page = live ? live.page(await readFile(docsFile, 'utf8').catch(() => undefined)) : await readFile(docsFile);
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      response.end(request.method === 'HEAD' ? undefined : page);
    } catch (error) {
      response
        .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
        .end(`Cannot read ${docsFile}: ${messageOf(error)}\n`);
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} on ${host} is already in use; pick another with --docs-port.`
            : error.message,
        ),
      ),
    );
    server.listen(port, host, () => resolve(server));
  });
}

/** The port a listening server got (the one picked when it asked for port 0). */
export function boundPort(server: http.Server) {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The docs server is not listening on a port.');
  return address.port;
}

/** Stops a docs server, dropping its open connections (a page's event stream would hold it open). */
export function closeServer(server: http.Server) {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve(undefined)));
}

/**
 * Keeps what is served up until Ctrl-C or SIGTERM (exit code 0), or until the mock stops on its own (`exited`
 * settles first: exit code 1); either way `close` stops everything first.
 */
export function stopOnSignals(
  close: () => Promise<unknown>,
  exited: Promise<{ code: number | null; signal: string | null }> | undefined,
) {
  let stopping = false;
  const stop = async (exitCode: number) => {
    stopping = true;
    await close();
    process.exit(exitCode);
  };
  process.once('SIGINT', () => stop(0));
  process.once('SIGTERM', () => stop(0));
  exited?.then(({ code, signal }) => {
    if (stopping) return;
    console.error(`The mock stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping the docs too.`);
    return stop(1);
  });
}
