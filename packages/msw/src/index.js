// @trading-analytics/msw: MSW handlers for every operation of the contract, answering its documented
// examples, with the scenarios and the refusals of the Prism mock (@trading-analytics/mock). Everything
// comes from src/contract-data.js, written from the bundled contract by scripts/build.mjs.
import { HttpResponse } from 'msw';
import { createOpenApiHttp } from 'openapi-msw';
import { operations } from './contract-data.js';
import { requestViolations } from './validate.js';

export { operations } from './contract-data.js';

const anyOrigin = '*';
const operationIds = Object.keys(operations);

function operationOf(operationId) {
  const operation = Object.hasOwn(operations, operationId) ? operations[operationId] : undefined;
  if (!operation) throw new Error(`Unknown operation "${operationId}". The operations are: ${operationIds.join(', ')}.`);
  return operation;
}

/** The keys `scenario()` accepts for an operation: each documented status and each named example. */
export function scenarioKeys(operationId) {
  return Object.keys(operationOf(operationId).scenarios);
}

function checkScenario(operationId, key) {
  const keys = scenarioKeys(operationId);
  if (!keys.includes(key)) {
    const known = keys.length > 0 ? `its scenarios are: ${keys.join(', ')}` : 'it documents no scenario';
    throw new Error(`${operationId} has no scenario "${key}"; ${known}.`);
  }
}

function checkBaseUrl(baseUrl) {
  if (baseUrl === anyOrigin) return baseUrl;
  if (typeof baseUrl !== 'string' || !/^https?:\/\/[^/]+(\/.*)?$/.test(baseUrl)) {
    throw new TypeError(`baseUrl must be an http(s) URL such as "https://api.example.com", or "${anyOrigin}" for any origin; got ${JSON.stringify(baseUrl)}.`);
  }
  return baseUrl.replace(/\/+$/, '');
}

function jsonResponse(status, body, headers = {}) {
  return new HttpResponse(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function problem(status, type, title, detail, extra = {}) {
  return new HttpResponse(JSON.stringify({ type: `https://stoplight.io/prism/errors#${type}`, title, status, detail, ...extra }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });
}

/** The answer of one documented case: its status and example, or an empty body when it has none. */
function answer(operation, key, headers = {}) {
  const choice = operation.scenarios[key];
  const body = choice.sameAs ? operation.scenarios[choice.sameAs].body : choice.body;
  if (body === undefined) return new HttpResponse(null, { status: choice.status, headers });
  return jsonResponse(choice.status, body, headers);
}

/**
 * A refused request, as the mock refuses it: the contract's 400 where the operation declares one (the
 * reasons in the `sl-violations` header), a 415 problem for a body of another media type, else a 422
 * problem whose `validation` lists the reasons.
 */
function refuse(operation, violations) {
  const unsupported = violations.find((violation) => violation.code === 415);
  if (operation.refusal) {
    const header = violations.map(({ location, severity, code, message }) => ({ location: ['request', ...(location ?? [])], severity, code, message }));
    return answer(operation, operation.refusal, { 'sl-violations': JSON.stringify(header) });
  }
  if (unsupported) return problem(415, 'INVALID_CONTENT_TYPE', 'Invalid content type', unsupported.message);
  return problem(422, 'UNPROCESSABLE_ENTITY', 'Invalid request', 'Your request is not valid and no HTTP validation response was found in the spec, so Prism is generating this error for you.', {
    validation: violations,
  });
}

/** What a `Prefer` header asks for (`example=<key>`, `code=<status>`), as the mock reads it. */
function preferred(request) {
  const header = request.headers.get('prefer');
  if (!header) return {};
  const wanted = {};
  for (const part of header.split(',')) {
    const [name, value] = part.split('=').map((text) => text?.trim());
    if (name === 'example' && value) wanted.example = value;
    if (name === 'code' && value) wanted.code = value;
  }
  return wanted;
}

/** Which case answers: a `Prefer` header first (as with the mock), then the handler's scenario. */
function chosen(operation, request, scenario) {
  const { example, code } = preferred(request);
  if (example === undefined && code === undefined) return { key: scenario };
  if (code !== undefined && !(code in operation.scenarios)) {
    return { refused: problem(404, 'NOT_FOUND', 'The server cannot find the requested content', `Requested status code ${code} is not defined in the document.`) };
  }
  if (example !== undefined) {
    const choice = operation.scenarios[example];
    const status = code ?? String(operation.scenarios[operation.defaultScenario]?.status);
    if (!choice || choice.sameAs !== undefined || String(choice.status) !== status) {
      return { refused: problem(404, 'NOT_FOUND', 'The server cannot find the requested content', `Response for contentType: application/json and exampleKey: ${example} does not exist.`) };
    }
    return { key: example };
  }
  return { key: code };
}

function handler(operationId, scenario, baseUrl) {
  const operation = operationOf(operationId);
  const http = createOpenApiHttp({ baseUrl: checkBaseUrl(baseUrl) });
  return http[operation.method](operation.path, async ({ request, params }) => {
    const violations = await requestViolations(operation, request, params);
    if (violations instanceof Response) return violations;
    if (violations.length > 0) return refuse(operation, violations);
    const { key, refused } = chosen(operation, request, scenario);
    if (refused) return refused;
    // An operation that documents no status is answered 200 with an empty body, as the mock does.
    if (key === null) return new HttpResponse(null, { status: 200 });
    return answer(operation, key);
  });
}

/**
 * One handler per operation, answering its default case, or the case `scenarios` picks for it. Put them in
 * `setupServer(...)` or `setupWorker(...)`; they match the contract's paths on any origin unless `baseUrl`
 * narrows them to one.
 */
export function createHandlers({ baseUrl = anyOrigin, scenarios = {} } = {}) {
  for (const [operationId, key] of Object.entries(scenarios)) checkScenario(operationId, key);
  return operationIds.map((operationId) => handler(operationId, scenarios[operationId] ?? operations[operationId].defaultScenario, baseUrl));
}

/** A handler that answers one operation with one of its documented cases, for `server.use(...)`. */
export function scenario(operationId, key, { baseUrl = anyOrigin } = {}) {
  checkScenario(operationId, key);
  return handler(operationId, key, baseUrl);
}

/** Every operation answering its default case, on any origin. */
export const handlers = createHandlers();
