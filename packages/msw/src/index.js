// @trading-analytics/msw: MSW handlers for every operation of the contract, answering its documented
// examples, with the scenarios and the refusals of the Prism mock (@trading-analytics/mock). Everything
// comes from src/contract-data.js, written from the bundled contract by scripts/build.mjs.
import { HttpResponse } from 'msw';
import { createOpenApiHttp } from 'openapi-msw';
import { operations } from './contract-data.js';
import { checkRequest } from './validate.js';

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

/** The answer of one documented case: its status and example, or an empty body when it has none. */
function answer(operation, key, headers = {}) {
  const choice = operation.scenarios[key];
  const body = choice.sameAs ? operation.scenarios[choice.sameAs].body : choice.body;
  if (body === undefined) return new HttpResponse(null, { status: choice.status, headers });
  return jsonResponse(choice.status, body, headers);
}

/** The reasons of a refusal as the mock writes them in `sl-violations` (header values are Latin-1). */
function violationsHeader(violations) {
  const value = JSON.stringify(violations.map((violation) => ({ severity: 'Error', ...violation })));
  return value.replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A refused request, as the mock refuses it: always a 400 with the reasons in `sl-violations`; the
 * contract's own 400 where the operation declares one, else the mock's problem+json listing the reasons.
 */
function refuse(operation, violations) {
  const header = { 'sl-violations': violationsHeader(violations) };
  if (operation.refusal) return answer(operation, operation.refusal, header);
  const body = {
    type: 'urn:trading-analytics-mock:invalid-request',
    title: 'Invalid request',
    status: 400,
    detail: violations.map((violation) => violation.message).join('; '),
    validation: violations.map((violation) => ({ severity: 'Error', ...violation })),
  };
  return new HttpResponse(JSON.stringify(body), { status: 400, headers: { 'content-type': 'application/problem+json', ...header } });
}

function notFound(detail) {
  const body = { type: 'https://stoplight.io/prism/errors#NOT_FOUND', title: 'The server cannot find the requested content', status: 404, detail };
  return new HttpResponse(JSON.stringify(body), { status: 404, headers: { 'content-type': 'application/problem+json' } });
}

/** Which case answers: what the request prefers (as on the mock), else the handler's scenario. */
function chosenKey(operation, { code, exampleKey }, scenario) {
  if (exampleKey !== undefined) return exampleKey;
  if (code !== undefined) return String(code) in operation.scenarios ? String(code) : null;
  return scenario;
}

function handler(operationId, scenario, baseUrl) {
  const operation = operationOf(operationId);
  const http = createOpenApiHttp({ baseUrl: checkBaseUrl(baseUrl) });
  return http[operation.method](operation.path, async ({ request, params }) => {
    const checked = await checkRequest(operationId, operation, request, params);
    if (checked.violations) return refuse(operation, checked.violations);
    if (checked.missing) return notFound(checked.missing);
    const key = chosenKey(operation, checked.preferences, scenario);
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

/**
 * openapi-msw's `http`, typed by the contract's paths and matching any origin, for a handler of your own
 * (a body the examples do not have): `http.get('/v1/sstk/apy', ({ response }) => response(200).json('0.05'))`.
 */
export const http = createOpenApiHttp({ baseUrl: anyOrigin });
