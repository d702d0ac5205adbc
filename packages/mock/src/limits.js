// The mock's limits on what a request may carry, each with the reason for its value. They are listed in the
// package README ("Limits"); a request beyond one is refused with a 4xx naming the limit, never served.

/**
 * Largest request body read, in bytes. The contract's largest body, a list of pair addresses for latest
 * prices, is a few kilobytes; 1 MiB is hundreds of times that, and caps what a flood of large bodies can
 * make the mock hold (each body is read whole before it is validated).
 */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Deepest nesting of arrays and objects in a JSON body. The contract's deepest request body is 3 levels
 * (an object holding an object of options); 32 leaves room for any sane client and keeps Prism's schema
 * validator, which recurses per level, far from the stack's limit.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Integers the contract declares without a range must fit a JSON number exactly: a client's
 * `JSON.parse` (and the mock's) silently rounds anything past 2^53 - 1. Money and quantities travel as
 * strings, so no integer field of the contract needs more.
 */
export const MAX_SAFE_INTEGER = BigInt(Number.MAX_SAFE_INTEGER);

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
