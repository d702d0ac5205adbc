// A request checked as the mock checks it, with the core's code: the guard's checks (`checkRequest`, in the
// mock's order), then the contract's schemas with Prism's settings (`requestSchemaViolations`). A refused
// request and a `Prefer` that selects nothing documented get the core's answers, so the handlers and the mock
// write the same bytes.
import {
  type Answer,
  type BodyRead,
  bodyAdmission,
  bodyTooLarge,
  type Contract,
  type ContractOperation,
  checkRequest,
  createRouter,
  MAX_BODY_BYTES,
  type PassedRequest,
  refusal,
  schemaRefusal,
  selectionMissAnswer,
  utf8Length,
} from '@trading-analytics/core';

/** What a checked request gets: an answer of the core's (refused, or nothing selected), or what was read. */
type Checked = { answer: Answer } | { passed: PassedRequest };

/** The checks of one operation's handler, run on each request it matches. */
export type CheckRequest = (request: Request) => Promise<Checked>;

/**
 * The body as the mock reads it: none, its text, or refused past MAX_BODY_BYTES, where a body the operation
 * does not take (or not in this media type) is refused for that first, as the mock refuses it unread.
 */
async function readBody(
  request: Request,
  operation: ContractOperation,
  contentType: string | undefined,
): Promise<BodyRead> {
  if (request.body === null) return { kind: 'none' };
  const text = await request.clone().text();
  if (utf8Length(text) <= MAX_BODY_BYTES) return { kind: 'text', text };
  const admission = bodyAdmission(operation, contentType);
  return { kind: 'refused', violations: admission.length > 0 ? admission : bodyTooLarge() };
}

/**
 * The request's path from where the operation's template starts: a base URL's own path prefix, and the
 * trailing slash MSW also matches, are left out.
 */
function operationPath(pathname: string, template: string): string {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const length = template.split('/').length - 1;
  return `/${trimmed.split('/').slice(-length).join('/')}`;
}

/**
 * The checks of one operation's handler. MSW has already matched the request to the operation, so the
 * core routes it to that operation only (a handler put first with `server.use` answers a path another
 * template also has).
 */
export function requestChecks(contract: Contract, operation: ContractOperation): CheckRequest {
  const ownRoute: Contract = { ...contract, route: createRouter([operation]) };
  return async (request) => {
    const url = new URL(request.url);
    const header = (name: string) => request.headers.get(name) ?? undefined;
    const contentType = header('content-type');
    const checked = checkRequest(ownRoute, {
      method: request.method,
      rawPath: operationPath(url.pathname, operation.path),
      rawSearch: url.search,
      accept: header('accept'),
      prefer: header('prefer'),
      contentType,
      body: await readBody(request, operation, contentType),
    });
    if (checked.outcome === 'refused') return { answer: refusal(operation, checked.violations) };
    if (checked.outcome === 'missing') return { answer: selectionMissAnswer(checked.detail) };
    const refused = schemaRefusal(contract.document, operation, checked);
    if (refused) return { answer: refused.answer };
    return { passed: checked };
  };
}
