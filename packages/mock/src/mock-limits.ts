// The mock's limits on what a request may carry and on what it keeps, each with the reason for its value. They
// are listed in the package README ("Limits"); a request beyond one is refused with a 4xx naming the limit,
// never served. The limits on a request's body and its numbers are the core's, shared with the MSW handlers.

export {
  MAX_BODY_BYTES,
  MAX_JSON_DEPTH,
  MAX_JSON_VALUES,
  MAX_SAFE_INTEGER,
  MAX_VIOLATIONS_LISTED,
} from '@trading-analytics/core';

/**
 * How long the rest of a refused body is read and thrown away after the refusal is sent (nothing of it is
 * kept). A client that is still sending when the mock answers reads the refusal instead of a reset
 * connection; 5 s is enough for a 100 MB body on loopback, and a body that never ends only holds its
 * connection that long.
 */
export const DISCARD_LINGER_MS = 5_000;

/**
 * The idle time each answer's `Keep-Alive: timeout=5` header gives a client for reusing its connection, and
 * how long the mock really holds an idle connection open: 10 s longer. A client (Node's fetch) reuses a
 * connection until a little before the time said; when its timers ran late on a loaded machine it sent its
 * next request on a connection the mock had closed at exactly that time, and failed with "other side
 * closed". Held longer than said, such a request is answered; an idle connection holds no more than a socket.
 */
export const KEEP_ALIVE_SAID_S = 5;
export const KEEP_ALIVE_HELD_MS = 15_000;

/** Answers kept for repeated identical requests: a frontend repeats a few dozen distinct requests, not thousands. */
export const CACHE_MAX_ENTRIES = 500;

/**
 * Bytes of answers kept (bodies and headers). The contract's largest example answer is a few kilobytes, so
 * 8 MiB holds every entry; the bound matters only when answers are unexpectedly large.
 */
export const CACHE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Largest request, in bytes of its canonical form (method, URL, headers, body), that is remembered at all.
 * Repeated requests of a frontend are small; a larger one is answered normally but not kept, so neither the
 * key's hashing nor the cache's memory grows with what a client sends.
 */
export const CACHE_MAX_REQUEST_BYTES = 16 * 1024;
