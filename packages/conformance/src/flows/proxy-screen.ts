// What the flows' proxy will not hand Respect: an answer over FLOW_BODY_BYTES, or one over
// FULL_VALIDATION_BYTES that breaks the contract (Respect's check of a large invalid body takes minutes and
// gigabytes). The runner's own checks say what is wrong with it; Respect is shown a 502. And how a body the
// proxy hands on is judged: by the runner's own validator, the one the operations are checked with, so an
// answer gets the same verdict in a flow as in its operation's check (Respect's schema check is turned off:
// it adds `unevaluatedProperties: false` to every object, failing an additive field the contract allows).
import type { ContractOperation, OpenApiDocument } from '@trading-analytics/core';
import { type Answered, type AnswerValidators, checkAnswer } from '../operations/answer-checks.js';
import { type OperationFinding, operationProblem, problemLine } from '../reports/problem-words.js';
import type { Redact } from '../reports/redact.js';
import { FLOW_BODY_BYTES, FULL_VALIDATION_BYTES } from '../setup/runner-caps.js';

/** Why an answer is not passed on to Respect (redacted, one line); undefined when it is. */
export type Screen = (operation: ContractOperation, answer: Answered) => string | undefined;

export function screenForFlows(document: OpenApiDocument, validators: AnswerValidators, redact: Redact): Screen {
  return (operation, answer) => {
    const bytes = Buffer.byteLength(answer.text);
    if (bytes > FLOW_BODY_BYTES) return `a body of ${bytes} bytes, over the ${FLOW_BODY_BYTES} a flow's step is handed`;
    if (bytes <= FULL_VALIDATION_BYTES) return undefined;
    // Past FULL_VALIDATION_BYTES the checks look for the first error only: bounded time.
    const [finding] = checkAnswer(document, validators, operation, answer).findings;
    if (!finding) return undefined;
    return `a body of ${bytes} bytes that departs from the contract (${problemLine(operationProblem(finding, redact))})`;
  };
}

/** What the runner's own check of an answer's body finds (`body`, `schema`): the flows' schema check. */
export type Judge = (operation: ContractOperation, answer: Answered) => OperationFinding[];

export function judgeForFlows(document: OpenApiDocument, validators: AnswerValidators): Judge {
  return (operation, answer) =>
    checkAnswer(document, validators, operation, answer).findings.filter(
      (finding) => finding.check === 'body' || finding.check === 'schema',
    );
}
