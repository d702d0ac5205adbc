// One operation of a run: whether it may be sent, its request from the examples and --params, the checks
// of the answer, the out-of-range requests it must refuse, and the probes at its open points.
import type { ContractOperation, OpenApiDocument } from '@trading-analytics/core';
import { type AnswerValidators, checkAnswer, outOfRangeValues } from './checks.js';
import type { RequestSpec, Sent } from './http.js';
import { describeAnswer, observe } from './observations.js';
import type { Params } from './params.js';
import { skipReason } from './policy.js';
import { type OperationFinding, operationProblem } from './problems.js';
import type { Redact } from './redact.js';
import type { Observation, OperationResult } from './report.js';
import { headerParameters, parameterValues, requestBodyFor, requestTarget } from './requests.js';

/** What every operation of a run shares. */
export interface OperationContext {
  document: OpenApiDocument;
  validators: AnswerValidators;
  params: Params;
  allowWrites: boolean;
  timeoutMs: number;
  /** The --header values, sent with the operation's own request. */
  headers: Record<string, string>;
  /** Sends one request through the run's limiter. */
  send: (spec: RequestSpec) => Promise<Sent>;
  /** Takes the run's secrets out of what the service sent, before it is cut for the report. */
  redact: Redact;
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
    result: { ...result, status, problems: findings.map((finding) => operationProblem(finding, context.redact)) },
    observations,
  });

  const skipped = skipReason(entry.operationId, context.allowWrites);
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
  if (answer.kind === 'oversized') {
    findings.push({ check: 'body-size', status: answer.status, maxBodyBytes: answer.maxBodyBytes });
  } else {
    const checked = checkAnswer(document, context.validators, entry, answer);
    findings.push(...checked.findings);
    if (checked.notes.length > 0) result.notes = [...(result.notes ?? []), ...checked.notes];
  }

  for (const { parameter, value, why } of outOfRangeValues(document, entry)) {
    const refusalTarget = requestTarget(entry, { ...values, [parameter.name]: value });
    const refusal = await context.send({ method: entry.method, target: refusalTarget, body });
    if (refusal.kind !== 'answer' || refusal.status !== 400) {
      findings.push({ check: 'out-of-range', parameter: parameter.name, value, why, answer: refusal });
    }
    if (refusal.kind === 'answer' || refusal.kind === 'oversized') {
      observations.push({
        operationId: entry.operationId,
        point: 'Error body shape (400)',
        request: `${method} ${refusalTarget}`,
        observed: describeAnswer(refusal, context.redact),
      });
    }
  }

  observations.push(...(await observe(entry, { values, body }, context.send, context.redact)));
  return done(findings.length > 0 ? 'fail' : 'pass');
}
