// The limits on what a request may carry, shared by the mock and the MSW handlers, each with the reason for
// its value. They are listed in the mock's README ("Limits"); a request beyond one is refused with a 4xx
// naming the limit, never served.

/**
 * Largest request body read, in bytes. The contract's largest body, a list of pair addresses for latest
 * prices, is a few kilobytes; 1 MiB is hundreds of times that, and caps what a flood of large bodies can
 * make the mock hold (each body is read whole before it is validated).
 */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Deepest nesting of arrays and objects in a JSON body. The contract's deepest request body is 3 levels
 * (an object holding an object of options); 32 leaves room for any sane client and keeps a schema
 * validator, which recurses per level, far from the stack's limit.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Most values in a JSON body: every array item, every member's value and the body itself. The contract's
 * longest request (the pair bases of latest prices) holds one value per market, tens of them; 10,000 is
 * hundreds of times that, and bounds what the checks make of one body: a validator reporting every error
 * (one per value at worst) and the integer check of every number.
 */
export const MAX_JSON_VALUES = 10_000;

/**
 * Most violations a refusal lists (in its problem body; its `sl-violations` header has a cap in bytes). A
 * client mends a request from the first few; a body of MAX_BODY_BYTES can break a schema in a hundred
 * thousand places, and listing each would answer megabytes to a request of one.
 */
export const MAX_VIOLATIONS_LISTED = 100;

/**
 * Integers the contract declares without a range must fit a JSON number exactly: a client's
 * `JSON.parse` silently rounds anything past 2^53 - 1. Money and quantities travel as strings, so no
 * integer field of the contract needs more.
 */
export const MAX_SAFE_INTEGER = BigInt(Number.MAX_SAFE_INTEGER);

/** Longest `sl-violations` header value (Prism's cap, kept: Node refuses a response header block above 16 KiB). */
export const MAX_VIOLATIONS_HEADER = 8 * 1024 - 100;
