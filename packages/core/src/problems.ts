// The problem vocabulary of the mock and the MSW handlers: what a refused or unanswerable request gets, as
// data (status, headers, body), so both write the same bytes. Problem bodies are RFC 9457
// `application/problem+json`, the shape of Prism's own errors; the reasons of a refusal also travel in
// Prism's `sl-violations` header.
import { MAX_VIOLATIONS_HEADER, MAX_VIOLATIONS_LISTED } from './limits.js';
import type { ContractOperation } from './operations.js';

/** One reason a request (or an answer) breaks the contract, located by path: `['request', 'query', 'page']`. */
export interface Violation {
  location: string[];
  message: string;
  severity?: 'Error' | 'Warning' | 'Information' | 'Hint';
  code?: string | number;
}

/** The problem types the mock and the handlers answer with, and their titles. */
export const PROBLEMS = {
  /** A request the contract refuses where it declares no 400 (the mock's own choice of status). */
  invalidRequest: { type: 'urn:trading-analytics-mock:invalid-request', title: 'Invalid request' },
  /** A `Prefer` that selects a status or example the operation does not document. */
  notFound: { type: 'urn:trading-analytics-mock:case-not-documented', title: 'No documented case matches' },
  /** A path no handler answers. */
  noPathMatched: {
    type: 'https://stoplight.io/prism/errors#NO_PATH_MATCHED_ERROR',
    title: 'Route not resolved, no path matched',
  },
  /** A fault of the mock itself, not of the request. */
  mockFault: { type: 'urn:trading-analytics-mock:mock-fault', title: 'The mock failed on this request' },
  /** A scenario choice naming an unknown operation or key. */
  invalidScenarios: { type: 'urn:trading-analytics-mock:invalid-scenarios', title: 'Invalid scenarios' },
  /** A method a route of the mock's own does not answer. */
  methodNotAllowed: { type: 'urn:trading-analytics-mock:method-not-allowed', title: 'Method not allowed' },
  /** `/__sandbox` on a mock that serves the examples, not a sandbox. */
  sandboxOff: { type: 'urn:trading-analytics-mock:sandbox-off', title: 'The mock was not started with --sandbox' },
  /** A request whose `Host` is neither a loopback name nor the mock's bound host (a DNS-rebinding page's). */
  hostNotAllowed: { type: 'urn:trading-analytics-mock:host-not-allowed', title: 'Host not allowed' },
  /** A browser request for the mock's controls from an origin other than the developer's own. */
  originNotAllowed: { type: 'urn:trading-analytics-mock:origin-not-allowed', title: 'Origin not allowed' },
  /** An answer that breaks the contract while the mock's `errors` option is on. */
  violations: { type: 'VIOLATIONS', title: 'Request/Response not valid' },
} as const;

export type ProblemKind = keyof typeof PROBLEMS;

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  validation?: Violation[];
}

/** An answer as data: what the mock writes to its socket and the handlers return as a Response. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  /** The body's text, or undefined for an empty body. */
  body: string | undefined;
}

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

const withSeverity = (violation: Violation): Violation => ({ severity: 'Error', ...violation });

/** The violations an answer lists: the first MAX_VIOLATIONS_LISTED. */
const listed = (violations: readonly Violation[]): readonly Violation[] =>
  violations.length > MAX_VIOLATIONS_LISTED ? violations.slice(0, MAX_VIOLATIONS_LISTED) : violations;

/**
 * The `sl-violations` header's value as Prism writes it: a JSON array of `{ location, severity, code, message }`
 * (the first MAX_VIOLATIONS_LISTED), capped, and escaped to printable ASCII since a header value may hold
 * Latin-1 only while the reasons quote what the client sent. Undefined when there is nothing to report.
 */
export function violationsHeader(violations: readonly Violation[]): string | undefined {
  if (violations.length === 0) return undefined;
  let value = JSON.stringify(listed(violations).map(withSeverity));
  if (value.length > MAX_VIOLATIONS_HEADER) value = `Too many violations! ${value.slice(0, MAX_VIOLATIONS_HEADER)}`;
  return value.replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function violationHeaders(violations: readonly Violation[]): Record<string, string> {
  const header = violationsHeader(violations);
  return header === undefined ? {} : { 'sl-violations': header };
}

/** A problem+json answer of one of the PROBLEMS kinds (or Prism's own type and title). */
export function problemAnswer(
  problem: { type: string; title: string },
  status: number,
  detail: string,
  violations: readonly Violation[] = [],
): Answer {
  const body: Problem = { type: problem.type, title: problem.title, status, detail };
  if (violations.length > 0) body.validation = listed(violations).map(withSeverity);
  return {
    status,
    headers: { ...violationHeaders(violations), 'content-type': PROBLEM_MEDIA_TYPE },
    body: JSON.stringify(body),
  };
}

/**
 * The one way a bad request is refused: with the operation's documented 400 when it declares one (its first
 * example, or an empty body when it documents none), and otherwise with `400 application/problem+json`, the
 * mock's own choice since the contract documents no status for it. Either way the reasons are in
 * `sl-violations`.
 */
export function refusal(operation: ContractOperation | undefined, violations: readonly Violation[]): Answer {
  const declared = operation?.responses.find((response) => response.status === '400');
  if (!declared) {
    const more = violations.length - listed(violations).length;
    const detail = `${listed(violations)
      .map((violation) => violation.message)
      .join(
        '; ',
      )}${more > 0 ? `; and ${more} more (a refusal lists ${MAX_VIOLATIONS_LISTED}, MAX_VIOLATIONS_LISTED)` : ''}`;
    return problemAnswer(PROBLEMS.invalidRequest, 400, detail, violations);
  }
  const content = declared.contents.find((candidate) => candidate.examples.length > 0) ?? declared.contents[0];
  const example = content?.examples[0];
  if (!content || !example) return { status: 400, headers: violationHeaders(violations), body: undefined };
  const body =
    typeof example.value === 'string' && !/json/.test(content.mediaType)
      ? example.value
      : JSON.stringify(example.value);
  return { status: 400, headers: { ...violationHeaders(violations), 'content-type': content.mediaType }, body };
}

/** The 404 of a `Prefer` that selects nothing the operation documents. */
export function selectionMissAnswer(detail: string): Answer {
  return problemAnswer(PROBLEMS.notFound, 404, detail);
}
