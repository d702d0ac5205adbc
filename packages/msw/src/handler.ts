// One operation's handler, for `createHandlers`, `scenario` and `createSandbox`: the core's checks and the
// contract's schemas (validate.ts), then what the request prefers (a documented case, as on the mock), else
// what the handler answers when nothing is preferred: one documented case, or the sandbox's answer.
import {
  type Answer,
  PROBLEMS,
  type Preferences,
  problemAnswer,
  requiredHeaders,
  type ServedSandbox,
  sandboxAnswer,
  selectsCase,
} from '@trading-analytics/core';
import { type HttpHandler, HttpResponse } from 'msw';
import { createOpenApiHttp } from 'openapi-msw';
import { contract, type OperationData, operationOf } from './operations.js';
import { requestChecks } from './validate.js';

/** The base URL that matches the contract's paths on any origin. */
export const anyOrigin = '*';

/** The base URL itself, without a trailing slash; a TypeError for anything but an http(s) URL or `*`. */
export function checkBaseUrl(baseUrl: unknown): string {
  if (baseUrl === anyOrigin) return baseUrl;
  if (typeof baseUrl !== 'string' || !/^https?:\/\/[^/]+(\/.*)?$/.test(baseUrl)) {
    throw new TypeError(
      `baseUrl must be an http(s) URL such as "https://api.example.com", or "${anyOrigin}" for any origin; got ${JSON.stringify(baseUrl)}.`,
    );
  }
  return baseUrl.replace(/\/+$/, '');
}

const utf8 = new TextEncoder();

/**
 * The answer as a Response, with the Content-Length the mock writes (0 for an empty body): openapi-fetch reads
 * `Content-Length: 0` as no body (`error: undefined`), and without the header reads the text (`error: ""`),
 * so the length makes a client's result over MSW the one it gets over HTTP.
 */
export const respond = ({ status, headers, body }: Answer) =>
  new HttpResponse(body ?? null, {
    status,
    headers: { ...headers, 'content-length': String(body === undefined ? 0 : utf8.encode(body).byteLength) },
  });

/**
 * The answer of one documented case: its status and example (or an empty body when it has none), with the
 * headers the contract requires on that status, as the mock sends them.
 */
function caseAnswer(operationId: string, operation: OperationData, key: string): Answer {
  const choice = operation.scenarios[key];
  // A `Prefer: example=` the checks let through names an example of the status; only one outside the JSON
  // body, which no scenario key names and the contract does not have, would end here.
  if (!choice)
    return problemAnswer(PROBLEMS.mockFault, 500, `${operationId} has no JSON example ${JSON.stringify(key)}.`);
  const headers = { ...requiredHeaders(contract.document, operationOf(operationId).model, choice.status) };
  const body = choice.sameAs === undefined ? choice.body : operation.scenarios[choice.sameAs]?.body;
  if (body === undefined) return { status: choice.status, headers, body: undefined };
  return {
    status: choice.status,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
}

/**
 * The case a request prefers (as on the mock): its example, or its status; null, an empty 200 as the mock
 * answers, for a status the operation documents no case of; undefined when it prefers nothing.
 */
function preferredKey(operation: OperationData, { code, exampleKey }: Preferences): string | null | undefined {
  if (exampleKey !== undefined) return exampleKey;
  if (code !== undefined) return Object.hasOwn(operation.scenarios, String(code)) ? String(code) : null;
  return undefined;
}

/** What answers a request that prefers no case: a documented case (null: an empty 200), or a sandbox. */
export type Unpreferred = { key: string | null } | { sandbox: ServedSandbox };

// The handlers register operations by the contract's own methods and paths, which `paths` types one by one.
type AnyPaths = Record<string, Record<'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch', unknown>>;

export function handler(operationId: string, unpreferred: Unpreferred, baseUrl: unknown): HttpHandler {
  const { model, data } = operationOf(operationId);
  const method = model.method;
  if (method === 'trace') throw new Error(`${operationId}: MSW has no handler for the TRACE method.`);
  const check = requestChecks(contract, model);
  return createOpenApiHttp<AnyPaths>({ baseUrl: checkBaseUrl(baseUrl) })[method](model.path, async ({ request }) => {
    const checked = await check(request);
    if ('answer' in checked) return respond(checked.answer);
    const { passed } = checked;
    if ('sandbox' in unpreferred && !selectsCase(passed.preferences)) {
      return respond(sandboxAnswer(contract.document, model, passed, unpreferred.sandbox));
    }
    const preferred = preferredKey(data, passed.preferences);
    const key = preferred !== undefined ? preferred : 'key' in unpreferred ? unpreferred.key : null;
    return respond(key === null ? { status: 200, headers: {}, body: undefined } : caseAnswer(operationId, data, key));
  });
}
