// A sandbox (`@trading-analytics/sandbox`, or anything with its shape) served over HTTP, as the mock's
// `--sandbox` and MSW's `createSandbox` serve it: the request it reads, its answer as the core's `Answer`
// with the headers the contract requires, and the `/__sandbox` route. Both packages answer through these
// functions, so they write the same bytes for the same request.

import type { Header, Json, OpenApiDocument, Schema } from './openapi.js';
import { type ContractOperation, declaredResponse, isJsonMediaType, mediaTypeOf } from './operations.js';
import { type Answer, PROBLEMS, problemAnswer } from './problem-answers.js';
import { resolve } from './refs.js';
import type { Query } from './request-checks.js';

/** The route of the mock's own (and of MSW's sandbox handlers) that describes and resets the world. */
export const SANDBOX_PATH = '/__sandbox';

/** What a sandbox is handed: one request that passed the contract's checks, by the contract's names. */
export interface SandboxCall {
  operationId: string;
  path: Record<string, string>;
  query: Query;
  body?: unknown;
}

/** The shape of `@trading-analytics/sandbox`'s sandbox, as far as serving it needs. */
export interface ServedSandbox {
  answer(request: SandboxCall): { status: number; body?: unknown; contentType?: string };
  describe(): unknown;
  reset(): void;
}

/** Whether a request asks for one of the contract's documented cases (`Prefer: code=` or `example=`), not the sandbox. */
export function selectsCase(preferences: { code?: number; exampleKey?: string }): boolean {
  return preferences.code !== undefined || preferences.exampleKey !== undefined;
}

/** A header's value as its schema fixes it: a `const`, a one-value `enum`, a `default`, or its first example. */
function fixedValue(schema: Schema | undefined): Json | undefined {
  if (schema === undefined) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length === 1) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  return Array.isArray(schema.examples) ? (schema.examples[0] as Json | undefined) : undefined;
}

// Per operation and status, kept: a request's answer reads them on every call.
const headersKept = new WeakMap<ContractOperation, Map<number, Record<string, string>>>();

/**
 * The headers the contract requires on an operation's answer of `status`, with the value each one's schema
 * fixes (`Cache-Control: no-store` on unrealized PnL's 200). A required header whose schema fixes no value
 * is left out: the contract gives nothing to send.
 */
export function requiredHeaders(
  document: OpenApiDocument,
  operation: ContractOperation,
  status: number,
): Record<string, string> {
  let byStatus = headersKept.get(operation);
  if (!byStatus) {
    byStatus = new Map();
    headersKept.set(operation, byStatus);
  }
  const known = byStatus.get(status);
  if (known) return known;
  const headers: Record<string, string> = {};
  const declared = declaredResponse(operation, status)?.response.headers ?? {};
  for (const [name, reference] of Object.entries(declared)) {
    const header = resolve<Header>(document, reference);
    if (!header?.required || name.toLowerCase() === 'content-type') continue;
    const value = fixedValue(resolve<Schema>(document, header.schema));
    if (value !== undefined && value !== null) headers[name] = String(value);
  }
  byStatus.set(status, headers);
  return headers;
}

/**
 * The sandbox's answer to a request `checkRequest` passed (and the schemas did): the request handed over by
 * the contract's names, the answer's body written as JSON (or as text in another media type), and the
 * headers the contract requires on that status.
 */
export function sandboxAnswer(
  document: OpenApiDocument,
  operation: ContractOperation,
  request: { pathParameters: Record<string, string>; query: Query; body: Json | string | null },
  sandbox: ServedSandbox,
): Answer {
  const call: SandboxCall = { operationId: operation.operationId, path: request.pathParameters, query: request.query };
  if (request.body !== null) call.body = request.body;
  const { status, body, contentType } = sandbox.answer(call);
  const headers = { ...requiredHeaders(document, operation, status) };
  if (body === undefined) return { status, headers, body: undefined };
  const mediaType = contentType ?? 'application/json';
  headers['content-type'] = mediaType;
  const text = isJsonMediaType(mediaTypeOf(mediaType)) || typeof body !== 'string' ? JSON.stringify(body) : body;
  return { status, headers, body: text };
}

const CONTROL_METHODS = 'GET, HEAD, DELETE';

/**
 * The answer of `/__sandbox`: GET (and HEAD) describe the world, DELETE puts it back to its start and
 * describes it, any other method is 405 with `Allow`. Without a sandbox, a problem saying the server was
 * not started with one (409: the route exists, the server is in the wrong state for it).
 */
export function sandboxControlAnswer(method: string, sandbox: ServedSandbox | undefined): Answer {
  if (sandbox === undefined) {
    return problemAnswer(
      PROBLEMS.sandboxOff,
      409,
      `${SANDBOX_PATH} describes and resets the sandbox, and this mock serves the contract's examples: start it with --sandbox (npm start -- --sandbox, or startMock({ sandbox: true })).`,
    );
  }
  const verb = method.toUpperCase();
  if (verb === 'DELETE') sandbox.reset();
  else if (verb !== 'GET' && verb !== 'HEAD') {
    const answer = problemAnswer(
      PROBLEMS.methodNotAllowed,
      405,
      `${SANDBOX_PATH} answers GET (the world's description) and DELETE (back to its start).`,
    );
    return { ...answer, headers: { allow: CONTROL_METHODS, ...answer.headers } };
  }
  return {
    status: 200,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    body: JSON.stringify(sandbox.describe()),
  };
}
