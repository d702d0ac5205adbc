// One operation of a run: whether it may be sent, its request from the examples and --params, the checks
// of the answer, the out-of-range requests it must refuse, and the probes at its open points.
import type { ContractOperation, ContractValidator, OpenApiDocument } from '@trading-analytics/core';
import { checkAnswer, outOfRangeValues } from './checks.js';
import type { RequestSpec, Sent } from './http.js';
import { describeAnswer, observe } from './observations.js';
import type { Params } from './params.js';
import { type OperationFinding, operationProblem } from './problems.js';
import type { Observation, OperationResult } from './report.js';
import { headerParameters, parameterValues, requestBodyFor, requestTarget } from './requests.js';

/** What every operation of a run shares. */
export interface OperationContext {
  document: OpenApiDocument;
  validator: ContractValidator;
  params: Params;
  allowWrites: boolean;
  timeoutMs: number;
  /** The --header values, sent with the operation's own request. */
  headers: Record<string, string>;
  /** Sends one request through the run's limiter. */
  send: (spec: RequestSpec) => Promise<Sent>;
}

/**
 * Why an operation is not sent, from its operationId's verb (the contract's grammar: list/get/query read,
 * join writes, submit is the gasless trade submission); undefined when it is sent.
 */
function skipReason(entry: ContractOperation, allowWrites: boolean): string | undefined {
  if (/^(list|get|query)[A-Z]/.test(entry.operationId)) return undefined;
  if (/^submit[A-Z]/.test(entry.operationId)) {
    return 'never sent: the gasless submission would submit a trade, and its request is not documented';
  }
  if (!allowWrites) return 'a write (it records data on the service): runs only with --allow-writes';
  return undefined;
}

/** Checks one operation; resolves with its result and what it observed at the open points. */
export async function checkOperation(
  context: OperationContext,
  entry: ContractOperation,
): Promise<{ result: OperationResult; observations: Observation[] }> {
  const { document, params, timeoutMs } = context;
  const method = entry.method.toUpperCase();
  // The keys in the order every report has written them.
  const result: OperationResult = {
    operationId: entry.operationId,
    method,
    path: entry.path,
    status: 'pass',
    problems: [],
  };
  const observations: Observation[] = [];
  const findings: OperationFinding[] = [];
  const done = (status: OperationResult['status']) => ({
    result: { ...result, status, problems: findings.map(operationProblem) },
    observations,
  });

  const skipped = skipReason(entry, context.allowWrites);
  if (skipped) return { result: { ...result, status: 'skipped', reason: skipped }, observations };
  const { values, missing, placeholders } = parameterValues(document, entry, params);
  if (placeholders.length > 0) {
    result.notes = [
      `no example in the contract, sent a placeholder: ${placeholders.join(', ')} (give real values with --params)`,
    ];
  }
  if (missing.length > 0) {
    findings.push({ check: 'request', missing });
    return done('fail');
  }
  const body = requestBodyFor(document, entry, params);
  const target = requestTarget(entry, values);
  const headers = { ...context.headers, ...headerParameters(entry, values) };
  const answer = await context.send({ method: entry.method, target, body, headers });
  result.request = `${method} ${target}`;
  result.ms = answer.ms;
  if (answer.kind === 'timeout') {
    findings.push({ check: 'timeout', timeoutMs });
    return done('timeout');
  }
  if (answer.kind === 'network') {
    findings.push({ check: 'network', error: answer.error });
    return done('fail');
  }
  result.answered = answer.status;
  findings.push(...checkAnswer(document, context.validator, entry, answer));

  for (const { parameter, value, why } of outOfRangeValues(document, entry)) {
    const refusalTarget = requestTarget(entry, { ...values, [parameter.name]: value });
    const refusal = await context.send({ method: entry.method, target: refusalTarget, body });
    if (refusal.kind !== 'answer' || refusal.status !== 400) {
      findings.push({ check: 'out-of-range', parameter: parameter.name, value, why, answer: refusal });
    }
    if (refusal.kind === 'answer') {
      observations.push({
        operationId: entry.operationId,
        point: 'Error body shape (400)',
        request: `${method} ${refusalTarget}`,
        observed: describeAnswer(refusal),
      });
    }
  }

  observations.push(...(await observe(entry, { values, body }, context.send)));
  return done(findings.length > 0 ? 'fail' : 'pass');
}
