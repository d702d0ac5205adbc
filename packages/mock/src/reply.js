// How the mock writes its own answers (refusals and selection misses), the same way Prism writes its own:
// the reasons in the `sl-violations` header, and an `application/problem+json` body when the contract
// documents no body for the answer.

// Prism's cap on the header, kept: Node refuses a response header block above 16 KiB.
const MAX_VIOLATIONS_HEADER = 8 * 1024 - 100;

/** Puts violations in the `sl-violations` header as Prism does: a JSON array of `{ location, severity, code, message }`. */
export function setViolations(response, violations) {
  if (violations.length === 0) return;
  let value = JSON.stringify(violations.map((violation) => ({ severity: 'Error', ...violation })));
  if (value.length > MAX_VIOLATIONS_HEADER) value = `Too many violations! ${value.slice(0, MAX_VIOLATIONS_HEADER)}`;
  // A header value may hold Latin-1 only; the reasons quote what the client sent, which may be anything.
  response.setHeader('sl-violations', value.replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** Ends the exchange with a problem+json body (RFC 9457), the shape of Prism's own errors. */
export function sendProblem(response, { status, type, title, detail, violations = [] }) {
  setViolations(response, violations);
  const body = JSON.stringify({ type, title, status, detail, ...(violations.length > 0 ? { validation: violations.map((violation) => ({ severity: 'Error', ...violation })) } : {}) });
  response.writeHead(status, { 'content-type': 'application/problem+json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

/**
 * Refuses a request, in the one way the mock refuses bad input: with the operation's documented 400 when
 * it declares one (its first example, or an empty body when it documents none), and otherwise with
 * `400 application/problem+json`, the mock's own choice since the contract documents no status for it.
 * Either way the reasons are in `sl-violations`.
 */
export function refuse(response, operation, violations, detail = violations.map((violation) => violation.message).join('; ')) {
  const declared = operation?.responses?.find((candidate) => candidate.code === '400');
  if (!declared) {
    sendProblem(response, { status: 400, type: 'urn:trading-analytics-mock:invalid-request', title: 'Invalid request', detail, violations });
    return;
  }
  setViolations(response, violations);
  const content = declared.contents?.find((candidate) => candidate.examples?.length > 0) ?? declared.contents?.[0];
  const example = content?.examples?.[0];
  if (!content || !example) {
    response.writeHead(400, { 'content-length': 0 });
    response.end();
    return;
  }
  const body = typeof example.value === 'string' && !/json/.test(content.mediaType) ? example.value : JSON.stringify(example.value);
  response.writeHead(400, { 'content-type': content.mediaType, 'content-length': Buffer.byteLength(body) });
  response.end(body);
}
