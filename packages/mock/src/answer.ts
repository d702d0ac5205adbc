// How every answer the mock makes itself reaches the socket: the core's answers as data (refusals, problems,
// selection misses) and the ones Prism computed or the answer cache replays.
import type { ServerResponse } from 'node:http';

/** An answer to write: the core's `Answer`, or one whose body is already bytes (a replayed answer). */
interface WritableAnswer {
  status: number;
  headers: Readonly<Record<string, string | number | readonly string[]>>;
  /** The body, or undefined for an empty one. */
  body: string | Uint8Array | undefined;
}

/** Ends the exchange with `answer`: its headers, its length, its status and its body. */
export function writeAnswer(response: ServerResponse, { status, headers, body }: WritableAnswer): void {
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  const length = body === undefined ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  response.setHeader('content-length', length);
  response.writeHead(status);
  response.end(body);
}
