// Scenarios without headers: an app that cannot add `Prefer` to its own requests (a running frontend, a
// Playwright test) picks each operation's case on the mock itself, at start (`startMock({ scenarios })`,
// `--scenario op=key`, `--scenarios file.json`) or while it runs through `/__scenarios`. A request's own
// `Prefer` header (or `__code`/`__example`) still wins over the active choice.
import { scenarioKeys } from './scenarios.js';
import { sendProblem } from './reply.js';

/** The mock's own route; the contract has no path under `/__`. */
export const controlPath = '/__scenarios';

/** Why `choices` cannot be applied (unknown operation or key, a key that is not text), or undefined. */
export function choiceProblems(catalog, choices) {
  if (choices === null || typeof choices !== 'object' || Array.isArray(choices)) {
    return [`Scenarios must be a JSON object of "<operationId>": "<key>", got ${JSON.stringify(choices)}.`];
  }
  const problems = [];
  for (const [operationId, key] of Object.entries(choices)) {
    const operation = Object.hasOwn(catalog, operationId) ? catalog[operationId] : undefined;
    if (!operation) {
      problems.push(`Unknown operation "${operationId}". The operations are: ${Object.keys(catalog).join(', ')}.`);
    } else if (key !== null && (typeof key !== 'string' || !Object.hasOwn(operation.keys, key))) {
      const known = Object.keys(operation.keys);
      problems.push(`${operationId} has no scenario ${JSON.stringify(key)}; ${known.length > 0 ? `its scenarios are: ${known.join(', ')}` : 'it documents no scenario'}.`);
    }
  }
  return problems;
}

/**
 * The `/__scenarios` route and the choices it keeps, for one contract.
 * @param {object} document the bundled OpenAPI document the mock serves
 * @param {Record<string, string>} initial the choices made at start (already checked by startMock)
 */
export function createScenarioControl(document, initial = {}) {
  let catalog = scenarioKeys(document);
  const problems = choiceProblems(catalog, initial);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  let active = Object.fromEntries(Object.entries(initial).filter(([, key]) => key !== null));

  const state = () => ({
    active,
    operations: Object.fromEntries(
      Object.entries(catalog).map(([operationId, { method, path, defaultKey, keys }]) => [operationId, { method, path, default: defaultKey ?? null, scenarios: Object.keys(keys) }]),
    ),
  });
  const sendState = (response, status = 200) => {
    const body = JSON.stringify(state());
    response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store' });
    response.end(body);
  };
  const refuse = (response, detail) =>
    sendProblem(response, { status: 400, type: 'urn:trading-analytics-mock:invalid-scenarios', title: 'Invalid scenarios', detail });

  /** A handler of the front (after the guard, which has read the URL, the body and the preferences). */
  function scenarios(request, response, exchange) {
    if (exchange.path === controlPath) {
      if (exchange.method === 'GET' || exchange.method === 'HEAD') sendState(response);
      else if (exchange.method === 'DELETE') {
        active = {};
        sendState(response);
      } else if (exchange.method === 'PUT') {
        const body = jsonBody(request, exchange);
        const problems = body === undefined ? [`PUT ${controlPath} takes a JSON object such as {"getUnrealizedPnl": "503"} (Content-Type: application/json); null for an operation clears its choice.`] : choiceProblems(catalog, body);
        if (problems.length > 0) refuse(response, problems.join(' '));
        else {
          const next = { ...active };
          for (const [operationId, key] of Object.entries(body)) {
            if (key === null) delete next[operationId];
            else next[operationId] = key;
          }
          active = next;
          sendState(response);
        }
      } else {
        response.setHeader('allow', 'GET, HEAD, PUT, DELETE');
        sendProblem(response, { status: 405, type: 'urn:trading-analytics-mock:method-not-allowed', title: 'Method not allowed', detail: `${controlPath} answers GET, PUT and DELETE.` });
      }
      return true;
    }
    const operationId = exchange.operation?.iid;
    const key = operationId === undefined ? undefined : active[operationId];
    // A request that asks for a case itself gets it: its preferences win over the active choice.
    if (key !== undefined && exchange.preferences.code === undefined && exchange.preferences.exampleKey === undefined) {
      const { code, exampleKey } = catalog[operationId].keys[key];
      exchange.preferences = { ...exchange.preferences, code, ...(exampleKey === undefined ? {} : { exampleKey }) };
    }
    return false;
  }

  /**
   * Follows a reloaded contract (`MockServer.reload`): its keys become the ones offered, and a choice whose
   * operation or key is gone is dropped rather than answered with a case the contract no longer has.
   */
  scenarios.useDocument = (next) => {
    catalog = scenarioKeys(next);
    active = Object.fromEntries(Object.entries(active).filter(([operationId, key]) => Object.hasOwn(catalog, operationId) && Object.hasOwn(catalog[operationId].keys, key)));
  };
  return scenarios;
}

/** The JSON body of a control request (the guard has read it within its limits), or undefined. */
function jsonBody(request, exchange) {
  const mediaType = String(request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (mediaType !== 'application/json' || !exchange.bodyText) return undefined;
  try {
    return JSON.parse(exchange.bodyText);
  } catch {
    return undefined;
  }
}
