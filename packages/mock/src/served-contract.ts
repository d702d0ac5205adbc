// One contract served by Prism: the core's model of it (operations, router), Prism's operations and an
// instance over them, and the answers kept for repeated requests, all built from the document by
// serveContract(). The front holds the result in one variable (server.ts), so serving another version of
// the contract is building a new one and swapping it.
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import {
  type Contract,
  type ContractOperation,
  createContract,
  type OpenApiDocument,
  PROBLEMS,
  problemAnswer,
  refusal,
  type Violation,
  violationsHeader,
} from '@trading-analytics/core';
import { writeAnswer } from './answer.js';
import { createAnswerCache, type KeptAnswer } from './answer-cache.js';
import { serializedBody } from './body.js';
import type { GuardedRequest } from './front.js';
import {
  createInstance,
  type Logger,
  type PrismConfig,
  type PrismDiagnostic,
  type PrismError,
  type PrismOperation,
} from './prism.js';
import { prismOperations } from './prism-operations.js';

export interface ServedContract {
  /** The core's model of the document: what the guard and the scenario control read. */
  model: Contract;
  /** Answers a request the guard has let through, as Prism would. */
  handle(request: http.IncomingMessage, response: http.ServerResponse, guarded: GuardedRequest): Promise<void>;
}

const severities = ['Error', 'Warning', 'Information', 'Hint'] as const;
const logLevels = { Error: 'error', Warning: 'warn' } as const;

/** Builds everything that depends on the document at `file`. Rejects when it cannot be read or modelled. */
export async function serveContract(
  file: string,
  { logger, errors }: { logger: Logger; errors: boolean },
): Promise<ServedContract> {
  const bytes = readFileSync(file);
  const model = createContract(JSON.parse(bytes.toString('utf8')) as OpenApiDocument);
  // Kept beside the package's contract by its build; otherwise Prism reads the file itself: it follows the
  // document's references, and rewrites what it reads.
  const operations = await prismOperations(file, bytes);
  const config: PrismConfig = {
    isProxy: false,
    validateRequest: true,
    validateResponse: true,
    checkSecurity: true,
    errors,
    upstreamProxy: undefined,
    mock: { dynamic: false, ignoreExamples: false },
  };
  const prism = createInstance(config, { logger });
  // Prism's operation for each of the core's: the same operationId (Prism's iid), else the same method and path.
  const prismOperation = new Map<ContractOperation, PrismOperation>();
  for (const operation of model.operations) {
    const found =
      operations.find((candidate) => candidate.iid === operation.operationId) ??
      operations.find((candidate) => candidate.method === operation.method && candidate.path === operation.path);
    if (found) prismOperation.set(operation, found);
  }
  // Prism calls a contract's callbacks while answering, so such an answer is not the same twice.
  const remember = !operations.some((operation) => (operation.callbacks?.length ?? 0) > 0);
  const answers = createAnswerCache();

  async function handle(request: http.IncomingMessage, response: http.ServerResponse, guarded: GuardedRequest) {
    const { method, path, query, preferences, bodyText } = guarded;
    const server = query.__server;
    const input = {
      method: method.toLowerCase(),
      url: { path, baseUrl: typeof server === 'string' ? server : undefined, query },
      headers: request.headers,
      body: guarded.body,
    };
    logger.info({ input }, 'Request received');
    const requestConfig: PrismConfig = { ...config, mock: { ...config.mock, ...preferences } };
    const identity = { method, path, query, headers: request.headers, bodyText, preferences };
    const key = remember && !requestConfig.mock.dynamic ? answers.keyOf(identity) : undefined;
    const known = answers.get(key);
    if (known) {
      writeAnswer(response, known);
      return;
    }

    // Prism's router scores every operation it is given against the request, which was most of its time per
    // request: it gets only those whose path has the request's shape, or all of them to answer a 404.
    const candidates = guarded.candidates.flatMap((operation) => prismOperation.get(operation) ?? []);
    const result = await prism.request(input, candidates.length > 0 ? candidates : operations, requestConfig)();
    if (result._tag === 'Left') {
      writeAnswer(response, errorAnswer(guarded.operation, result.left));
      logger.error({ input }, `Request terminated with error: ${result.left}`);
      return;
    }
    const { output, validations } = result.right;
    const violations = [
      ...validations.input.map((diagnostic) => located('request', diagnostic)),
      ...validations.output.map((diagnostic) => located('response', diagnostic)),
    ];
    for (const violation of violations) {
      const level = logLevels[violation.severity as keyof typeof logLevels] ?? 'info';
      logger[level]({ name: 'VALIDATOR' }, `Violation: ${violation.location.join('.')} ${violation.message}`);
    }
    const outputErrors = violations.filter(
      (violation) => violation.location[0] === 'response' && violation.severity === 'Error',
    );
    if (errors && outputErrors.length > 0) {
      const detail = 'The response breaks the contract and the errors option is on, so the mock answers 500 instead.';
      writeAnswer(response, problemAnswer(PROBLEMS.violations, 500, detail, violations));
      return;
    }
    const headers = { ...output.headers };
    const contentType = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
    const answer: KeptAnswer = {
      status: output.statusCode,
      headers,
      body: Buffer.from(serializedBody(output.body, contentType === undefined ? undefined : String(contentType))),
    };
    const header = violationsHeader(violations);
    writeAnswer(
      response,
      header === undefined ? answer : { ...answer, headers: { 'sl-violations': header, ...headers } },
    );
    if (violations.length === 0) answers.set(key, answer);
  }

  return { model, handle };
}

/** One of Prism's diagnostics as a violation of the request or the response. */
function located(prefix: 'request' | 'response', diagnostic: PrismDiagnostic): Violation {
  return {
    location: [prefix, ...(diagnostic.path ?? [])],
    severity: severities[diagnostic.severity] ?? 'Error',
    code: diagnostic.code,
    message: diagnostic.message,
  };
}

/**
 * Prism's refusals of the request's content (422 for a value the schema refuses, 415 for a media type)
 * become the mock's one refusal; its other errors (no such path or method, no such example) keep Prism's
 * status and problem+json body.
 */
function errorAnswer(operation: ContractOperation | undefined, error: PrismError) {
  const status = error.status || 500;
  if (status === 422 || status === 415) {
    const validation = error.additional?.validation ?? [];
    const violations: Violation[] =
      validation.length > 0
        ? validation.map((entry) => ({ ...entry, location: ['request', ...(entry.location ?? [])] }) as Violation)
        : [{ location: ['request'], message: error.detail ?? error.message }];
    return refusal(operation, violations);
  }
  const answer = problemAnswer({ type: error.name ?? 'ERROR', title: error.message }, status, error.detail ?? '');
  return { ...answer, headers: { ...error.additional?.headers, ...answer.headers } };
}
