// Scenarios without headers: an app that cannot add `Prefer` to its own requests (a running frontend, a
// Playwright test) picks each operation's case on the mock itself, at start (`startMock({ scenarios })`,
// `--scenario op=key`, `--scenarios file.json`) or while it runs through `/__scenarios`. A request's own
// `Prefer` header (or `__code`/`__example`) still wins over the active choice.
import type http from 'node:http';
import {
  choiceProblems,
  mediaTypeOf,
  type OpenApiDocument,
  PROBLEMS,
  problemAnswer,
  type ScenarioCatalog,
  type ScenarioChoices,
  scenarioKeys,
} from '@trading-analytics/core';
import { writeAnswer } from './answer.js';
import { type GuardedRequest, guardedRequest, type Handler } from './front.js';

/** The mock's own route for scenarios: GET lists them and the active choices, PUT sets, DELETE resets. */
export const controlPath = '/__scenarios';

interface ScenarioControl extends Handler {
  /**
   * Follows a reloaded contract (`MockServer.reload`): its keys become the ones offered, and a choice whose
   * operation or key is gone is dropped rather than answered with a case the contract no longer has.
   */
  useDocument(document: OpenApiDocument): void;
}

/**
 * The `/__scenarios` route and the choices it keeps, for one contract: a handler of the front, after the
 * guard, which has read the URL, the body and the preferences.
 * @param initial the choices made at start (already checked by startMock); null leaves an operation unchosen
 */
export function createScenarioControl(document: OpenApiDocument, initial: ScenarioChoices = {}): ScenarioControl {
  let catalog: ScenarioCatalog = scenarioKeys(document);
  const problems = choiceProblems(catalog, initial);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  let active: Record<string, string> = withoutCleared(initial);

  const sendState = (response: http.ServerResponse) => {
    const operations = Object.fromEntries(
      Object.entries(catalog).map(([operationId, { method, path, defaultKey, keys }]) => [
        operationId,
        { method, path, default: defaultKey ?? null, scenarios: Object.keys(keys) },
      ]),
    );
    const body = JSON.stringify({ active, operations });
    // The length named before cache-control, where the mock has always sent it.
    const headers = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
    };
    writeAnswer(response, { status: 200, headers, body });
  };

  const control = (request: http.IncomingMessage, response: http.ServerResponse, guarded: GuardedRequest) => {
    const { method } = guarded;
    if (method === 'GET' || method === 'HEAD') return sendState(response);
    if (method === 'DELETE') {
      active = {};
      return sendState(response);
    }
    if (method !== 'PUT') {
      const detail = `${controlPath} answers GET, PUT and DELETE.`;
      const answer = problemAnswer(PROBLEMS.methodNotAllowed, 405, detail);
      return writeAnswer(response, { ...answer, headers: { allow: 'GET, HEAD, PUT, DELETE', ...answer.headers } });
    }
    const body = jsonBody(request, guarded);
    const problems =
      body === undefined
        ? [
            `PUT ${controlPath} takes a JSON object such as {"getUnrealizedPnl": "503"} (Content-Type: application/json); null for an operation clears its choice.`,
          ]
        : choiceProblems(catalog, body);
    if (problems.length > 0) {
      return writeAnswer(response, problemAnswer(PROBLEMS.invalidScenarios, 400, problems.join(' ')));
    }
    const next = { ...active };
    for (const [operationId, key] of Object.entries(body as ScenarioChoices)) {
      if (key === null) delete next[operationId];
      else next[operationId] = key;
    }
    active = next;
    sendState(response);
  };

  const scenarios: Handler = (request, response, exchange) => {
    const guarded = guardedRequest(exchange);
    if (guarded.path === controlPath) {
      control(request, response, guarded);
      return true;
    }
    const operationId = guarded.operation?.operationId;
    const key = operationId !== undefined && Object.hasOwn(active, operationId) ? active[operationId] : undefined;
    const selection = key === undefined ? undefined : selectionOf(catalog, operationId, key);
    // A request that asks for a case itself gets it: its preferences win over the active choice.
    const { preferences } = guarded;
    if (selection && preferences.code === undefined && preferences.exampleKey === undefined) {
      const { code, exampleKey } = selection;
      guarded.preferences = { ...preferences, code, ...(exampleKey === undefined ? {} : { exampleKey }) };
    }
    return false;
  };

  return Object.assign(scenarios, {
    useDocument(next: OpenApiDocument) {
      catalog = scenarioKeys(next);
      active = Object.fromEntries(
        Object.entries(active).filter(([operationId, key]) => selectionOf(catalog, operationId, key) !== undefined),
      );
    },
  });
}

/** What `key` selects for the operation, or undefined when the contract has no such operation or key. */
function selectionOf(catalog: ScenarioCatalog, operationId: string | undefined, key: string) {
  if (operationId === undefined || !Object.hasOwn(catalog, operationId)) return undefined;
  const keys = catalog[operationId]?.keys ?? {};
  return Object.hasOwn(keys, key) ? keys[key] : undefined;
}

function withoutCleared(choices: ScenarioChoices): Record<string, string> {
  return Object.fromEntries(Object.entries(choices).filter((entry): entry is [string, string] => entry[1] !== null));
}

/** The JSON body of a control request (the guard has read it within its limits), or undefined. */
function jsonBody(request: http.IncomingMessage, guarded: GuardedRequest): unknown {
  if (mediaTypeOf(request.headers['content-type']) !== 'application/json' || !guarded.bodyText) return undefined;
  try {
    return JSON.parse(guarded.bodyText);
  } catch {
    return undefined;
  }
}
