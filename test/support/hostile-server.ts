// A node:http server of a test's own on 127.0.0.1, port 0, that answers however the test says, hostile
// answers included: a redirect to another origin, a body without end, an answer that never comes. It
// records every request that reached it, and its close() ends every connection, answered or not.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Answers one request (already read whole); leaving `response` unanswered makes a server that never answers. */
export type Answer = (response: ServerResponse, request: Received) => unknown;

export interface HostileServer {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

export async function startHostileServer(answer: Answer): Promise<HostileServer> {
  const received: Received[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk);
    const entry = {
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      body: Buffer.concat(chunks).toString(),
    };
    received.push(entry);
    try {
      await answer(response, entry);
    } catch {
      response.destroy();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/**
 * Writes `chunk` again and again, waiting whenever the connection is full, until `totalBytes` are written
 * (Infinity: until the client goes away); ends the response when done. Resolves with the bytes written.
 */
export async function writeRepeatedly(
  response: ServerResponse,
  chunk: Uint8Array,
  totalBytes = Infinity,
): Promise<number> {
  let written = 0;
  while (written < totalBytes && !response.destroyed) {
    const part = totalBytes - written < chunk.byteLength ? chunk.subarray(0, totalBytes - written) : chunk;
    written += part.byteLength;
    if (!response.write(part)) {
      await new Promise<void>((resume) => {
        const go = () => {
          response.off('drain', go).off('close', go);
          resume();
        };
        response.on('drain', go).on('close', go);
      });
    }
  }
  if (!response.destroyed) response.end();
  return written;
}
