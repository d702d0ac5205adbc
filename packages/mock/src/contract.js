// One contract served by Prism: its operations, a Prism instance over them and the answers kept for
// repeated requests, all built from the document by serveContract(). The front holds the result in one
// variable (server.js), so serving another version of the contract is building a new one and swapping it.
import { createAnswerCache } from './answer-cache.js';
import { createInstance, getHttpOperationsFromSpec, serialize } from './prism.js';
import { refuse, sendProblem, setViolations } from './reply.js';

/**
 * @param {string | object} document path or parsed OpenAPI document
 * @param {{ logger: object, errors: boolean }} options
 */
export async function serveContract(document, { logger, errors }) {
  const operations = await getHttpOperationsFromSpec(document);
  const config = {
    isProxy: false,
    validateRequest: true,
    validateResponse: true,
    checkSecurity: true,
    errors,
    upstreamProxy: undefined,
    mock: { dynamic: false, ignoreExamples: false },
  };
  const prism = createInstance(config, { logger });
  // A template's segments: the literal text, or null for a parameter.
  const shapes = operations.map((operation) => ({
    operation,
    segments: operation.path.split('/').map((segment) => (/{.+}/.test(segment) ? null : segment)),
  }));
  // Prism calls a contract's callbacks while answering, so such an answer is not the same twice.
  const remember = !operations.some((operation) => operation.callbacks?.length > 0);
  const answers = createAnswerCache();

  /**
   * The operations whose path has the request's shape (same number of segments, literal segments equal),
   * most literal first, and the one of them for the request's method. Prism's router scores every
   * operation against every request, which was most of its time per request; it only gets these.
   */
  function route(method, segments) {
    const candidates = shapes
      .filter((shape) => shape.segments.length === segments.length && shape.segments.every((literal, index) => literal === null || literal === segments[index]))
      .sort((a, b) => literals(b) - literals(a))
      .map((shape) => shape.operation);
    const operation = candidates.find((candidate) => candidate.method === method.toLowerCase());
    return { operation, candidates };
  }

  /** Answers a request the guard has let through (exchange: what the guard read from it), as Prism would. */
  async function handle(request, response, exchange) {
    const input = {
      method: exchange.method.toLowerCase(),
      url: { path: exchange.path, baseUrl: typeof exchange.query.__server === 'string' ? exchange.query.__server : undefined, query: exchange.query },
      headers: request.headers,
      body: exchange.body,
    };
    logger.info({ input }, 'Request received');
    const requestConfig = { ...config, mock: { ...config.mock, ...exchange.preferences } };
    const key = remember && !requestConfig.mock.dynamic ? answers.keyOf({ ...exchange, headers: request.headers }) : undefined;
    const known = answers.get(key);
    if (known) {
      send(response, known);
      return true;
    }

    const result = await prism.request(input, exchange.candidates.length > 0 ? exchange.candidates : operations, requestConfig)();
    if (result._tag === 'Left') {
      answerError(response, exchange, result.left);
      logger.error({ input }, `Request terminated with error: ${result.left}`);
      return true;
    }
    const { output, validations } = result.right;
    const violations = [...validations.input.map(withPrefix('request')), ...validations.output.map(withPrefix('response'))];
    for (const violation of violations) {
      const level = { Error: 'error', Warning: 'warn' }[violation.severity] ?? 'info';
      logger[level]({ name: 'VALIDATOR' }, `Violation: ${violation.location.join('.')} ${violation.message}`);
    }
    const outputErrors = violations.filter((violation) => violation.location[0] === 'response' && violation.severity === 'Error');
    if (errors && outputErrors.length > 0) {
      sendProblem(response, {
        status: 500,
        type: 'VIOLATIONS',
        title: 'Request/Response not valid',
        detail: 'The response breaks the contract and the errors option is on, so the mock answers 500 instead.',
        violations,
      });
      return true;
    }
    const headers = { ...output.headers };
    const contentType = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
    const serialized = serialize(output.body, contentType);
    const answer = { status: output.statusCode, headers, body: Buffer.from(serialized ?? '') };
    setViolations(response, violations);
    send(response, answer);
    if (violations.length === 0) answers.set(key, answer);
    return true;
  }

  return { operations, route, handle };
}

function literals(shape) {
  return shape.segments.filter((segment) => segment !== null).length;
}

const withPrefix = (prefix) => (detail) => ({
  location: [prefix, ...(detail.path ?? [])],
  severity: ['Error', 'Warning', 'Information', 'Hint'][detail.severity] ?? 'Error',
  code: detail.code,
  message: detail.message,
});

function send(response, { status, headers, body }) {
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  response.setHeader('content-length', body.length);
  response.writeHead(status);
  response.end(body);
}

/**
 * Prism's refusals of the request's content (422 for a value the schema refuses, 415 for a media type)
 * become the mock's one refusal (reply.js); its other errors (no such path or method, no such example)
 * keep Prism's status and problem+json body.
 */
function answerError(response, exchange, error) {
  const status = error.status || 500;
  if (status === 422 || status === 415) {
    const validation = error.additional?.validation ?? [];
    const violations = validation.length > 0 ? validation.map((entry) => ({ ...entry, location: ['request', ...(entry.location ?? [])] })) : [{ location: ['request'], message: error.detail ?? error.message }];
    refuse(response, exchange.operation, violations);
    return;
  }
  for (const [name, value] of Object.entries(error.additional?.headers ?? {})) response.setHeader(name, value);
  sendProblem(response, { status, type: error.name ?? 'ERROR', title: error.message, detail: error.detail ?? '' });
}
