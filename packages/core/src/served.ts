// A sandbox (`@trading-analytics/sandbox`, or anything with its shape) served over HTTP, as the mock's
// `--sandbox` and MSW's `createSandbox` serve it: the world a request names (`X-Sandbox-World`), the request
// it reads, its answer as the core's `Answer` with the headers the contract requires, the faults it injects,
// and the control surface at `/__sandbox` and below. Both packages answer through these functions, so they
// write the same bytes for the same request.

import type { Header, Json, OpenApiDocument, Schema } from './openapi.js';
import { type ContractOperation, declaredResponse, isJsonMediaType, mediaTypeOf } from './operations.js';
import { type Answer, PROBLEMS, problemAnswer } from './problem-answers.js';
import { resolve } from './refs.js';
import type { Query } from './request-checks.js';

/** The route of the mock's own (and of MSW's sandbox handlers) that describes and resets the world. */
export const SANDBOX_PATH = '/__sandbox';
/** The request header naming the world a request acts on; without it, the default world. */
export const SANDBOX_WORLD_HEADER = 'x-sandbox-world';
/** The answer header naming the faults injected in it (`latency`, `status`, `outside-contract`). */
export const SANDBOX_FAULT_HEADER = 'x-sandbox-fault';

/** Whether a path (as sent) is the sandbox's control surface: `/__sandbox` or a path below it. */
export function isSandboxControl(path: string): boolean {
  return path === SANDBOX_PATH || path.startsWith(`${SANDBOX_PATH}/`);
}

/** What a sandbox is handed: one request that passed the contract's checks, by the contract's names. */
export interface SandboxCall {
  operationId: string;
  path: Record<string, string>;
  query: Query;
  body?: unknown;
}

/** What a sandbox answers with: a status, a JSON value (or text), its media type, and any extra headers. */
export interface SandboxReply {
  status: number;
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

/** The fault a request meets, as the sandbox decides it (its `FaultDecision`). */
export interface SandboxFault {
  delayMs: number;
  outcome:
    | { kind: 'answer' }
    | { kind: 'status'; status: number; documented: true }
    | { kind: 'status'; status: number; documented: false; answer: SandboxReply }
    | { kind: 'reset' };
  kinds: string[];
}

/** One world of a sandbox, as far as serving a request needs. */
export interface ServedWorld {
  answer(request: SandboxCall): SandboxReply;
  fault(operationId: string): SandboxFault;
}

/** The shape of `@trading-analytics/sandbox`'s sandbox, as far as serving it needs. */
export interface ServedSandbox {
  /** The world an `X-Sandbox-World` value names (undefined: the default one), or the refusal of a bad name. */
  selectWorld(name: string | undefined): { world: ServedWorld } | { refused: SandboxReply };
  /** Answers a request to the control surface (`path` is what follows `/__sandbox`). */
  control(request: { method: string; path: string; bodyText?: string; world?: string }): SandboxReply;
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
  world: ServedWorld,
): Answer {
  const call: SandboxCall = { operationId: operation.operationId, path: request.pathParameters, query: request.query };
  if (request.body !== null) call.body = request.body;
  const reply = world.answer(call);
  return replyAnswer(reply, requiredHeaders(document, operation, reply.status));
}

/** A sandbox's reply as an Answer: its body written as JSON (or as text in another media type). */
function replyAnswer(
  { status, body, contentType, headers: extra }: SandboxReply,
  base: Record<string, string>,
): Answer {
  const headers = { ...base, ...extra };
  if (body === undefined) return { status, headers, body: undefined };
  const mediaType = contentType ?? 'application/json';
  headers['content-type'] = mediaType;
  const text = isJsonMediaType(mediaTypeOf(mediaType)) || typeof body !== 'string' ? JSON.stringify(body) : body;
  return { status, headers, body: text };
}

/** The `X-Sandbox-World` of a request as a header value (one sent twice is joined, and refused as a name). */
function worldName(header: string | readonly string[] | null | undefined): string | undefined {
  if (header === null || header === undefined) return undefined;
  return typeof header === 'string' ? header : header.join(', ');
}

/**
 * The world a request acts on, or the answer refusing its `X-Sandbox-World` (a 400 problem naming the header).
 */
export function selectWorld(
  sandbox: ServedSandbox,
  header: string | readonly string[] | null | undefined,
): { world: ServedWorld } | { refused: Answer } {
  const selected = sandbox.selectWorld(worldName(header));
  return 'world' in selected ? selected : { refused: replyAnswer(selected.refused, {}) };
}

/** What serving a request does about the faults of its world: wait, then answer, drop, or answer a status. */
export interface FaultPlan {
  delayMs: number;
  /** The value of `X-Sandbox-Fault` on the answer, or undefined when no fault touched it. */
  header: string | undefined;
  next: { kind: 'answer' } | { kind: 'reset' } | { kind: 'case'; code: number } | { kind: 'refusal'; answer: Answer };
}

/** The plan for one request to an operation in a world: draws the world's fault for it. */
export function faultPlan(world: ServedWorld, operationId: string): FaultPlan {
  const { delayMs, outcome, kinds } = world.fault(operationId);
  const header = kinds.length === 0 ? undefined : kinds.join(', ');
  if (outcome.kind === 'reset') return { delayMs, header, next: { kind: 'reset' } };
  if (outcome.kind === 'answer') return { delayMs, header, next: { kind: 'answer' } };
  if (outcome.documented) return { delayMs, header, next: { kind: 'case', code: outcome.status } };
  return { delayMs, header, next: { kind: 'refusal', answer: replyAnswer(outcome.answer, {}) } };
}

/**
 * The answer of the control surface, `/__sandbox` and below (`path` is the whole path as sent): the world's
 * description, reset, clock, trades and faults, as the sandbox answers them, never stored by a cache. Without
 * a sandbox, a problem saying the server was not started with one (409: the route exists, the server is in the
 * wrong state for it).
 */
export function sandboxControlAnswer(
  request: { method: string; path: string; bodyText?: string; world?: string | readonly string[] | null },
  sandbox: ServedSandbox | undefined,
): Answer {
  if (sandbox === undefined) {
    return problemAnswer(
      PROBLEMS.sandboxOff,
      409,
      `${SANDBOX_PATH} and below control the sandbox, and this mock serves the contract's examples: start it with --sandbox (npm start -- --sandbox, or startMock({ sandbox: true })).`,
    );
  }
  const reply = sandbox.control({
    method: request.method,
    path: request.path.slice(SANDBOX_PATH.length),
    ...(request.bodyText === undefined ? {} : { bodyText: request.bodyText }),
    ...(worldName(request.world) === undefined ? {} : { world: worldName(request.world) }),
  });
  return replyAnswer(reply, { 'cache-control': 'no-store' });
}
