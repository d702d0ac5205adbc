// One operation of a run: whether it may be sent, its request from the examples and --params, the checks
// of the answer, the out-of-range requests it must refuse, and the probes at its open points.
import type { ContractOperation, OpenApiDocument } from '@trading-analytics/core';
import { type OperationFinding, operationProblem } from '../reports/problem-words.js';
import type { Redact } from '../reports/redact.js';
import type { Observation, OperationResult } from '../reports/report-types.js';
import type { Params } from '../setup/params-file.js';
import { skipReason } from '../setup/send-policy.js';
import type { RequestSpec, Sent } from '../transport/http-client.js';
import { type AnswerValidators, checkAnswer } from './answer-checks.js';
import { refusalsOf } from './documented-refusals.js';
import { describeAnswer, observe } from './open-point-probes.js';
import { applyRules } from './prose-rules.js';
import {
  headerParameters,
  parameterValues,
  requestBodyFor,
  requestLine,
  requestTarget,
  withPreference,
} from './request-values.js';

/** What every operation of a run shares. */
export interface OperationContext {
  /** Where requests go, for the report's request lines. */
  baseUrl: string;
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
  let findings: OperationFinding[] = [];
  // The request each finding came from: the operation's own, an out-of-range one, or a rule's own.
  let mainRequest: string | undefined;
  const requestOf = (finding: OperationFinding) => {
    if (finding.check === 'out-of-range') return finding.request;
    if (finding.check === 'rule' && finding.target !== undefined) return line(finding.target, undefined);
    return mainRequest;
  };
  const done = (status: OperationResult['status']) => ({
    result: {
      ...result,
      status,
      problems: findings.map((finding) => {
        const request = requestOf(finding);
        const problem = operationProblem(finding, context.redact);
        return request === undefined ? problem : { ...problem, request };
      }),
    },
    observations,
  });
  const line = (target: string, body: unknown) =>
    requestLine(context.baseUrl, entry.method, target, body, context.redact);

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
  mainRequest = line(target, body);
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
    if (answer.status === 404) {
      // The example request is the one meant to find data: a 404 there points at the base URL or --params.
      const declared = entry.responses.map((response) => response.status);
      findings.push({ check: 'status', declared, status: 404, text: answer.text, notFound: true });
      checked.findings = checked.findings.filter((finding) => finding.check !== 'status');
    }
    findings.push(...checked.findings);
    if (checked.notes.length > 0) result.notes = [...(result.notes ?? []), ...checked.notes];
  }
  findings = await applyRules(context, entry, { values, body, answer }, findings);

  for (const { parameter, value, why, preferRefusal } of refusalsOf(entry)) {
    const refusalTarget = requestTarget(entry, { ...values, [parameter.name]: value });
    // Headers given replace the run's (see send), so withPreference keeps the run's beside the preference.
    const headers = preferRefusal ? { headers: withPreference(context.headers, 'code=400') } : {};
    const refusal = await context.send({ method: entry.method, target: refusalTarget, body, ...headers });
    if (refusal.kind !== 'answer' || refusal.status !== 400) {
      const request = line(refusalTarget, body);
      findings.push({ check: 'out-of-range', parameter: parameter.name, value, why, answer: refusal, request });
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
