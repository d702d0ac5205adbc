// The sandbox mode (`--sandbox`, `startMock({ sandbox })`): two handlers of the front, after the guard and
// the scenario control. `/__sandbox` and below are the control surface (describe and reset a world, move its
// clock, open and close trades, set faults; a problem when the mock serves the examples instead); a request for
// an operation is held to the contract's schemas, meets its world's faults (X-Sandbox-World picks the world),
// then is answered by the world unless it asks for a documented case, which Prism answers from the contract's
// examples as without --sandbox. What is written is the core's, so the MSW handlers of `createSandbox` write
// the same bytes.
import {
  type Answer,
  type Contract,
  type ContractOperation,
  declaredResponse,
  faultPlan,
  isJsonMediaType,
  isSandboxControl,
  mediaTypeOf,
  type OpenApiDocument,
  PROBLEMS,
  problemAnswer,
  requestValidators,
  SANDBOX_FAULT_HEADER,
  SANDBOX_WORLD_HEADER,
  type ServedSandbox,
  sandboxAnswer,
  sandboxControlAnswer,
  schemaRefusal,
  selectsCase,
  selectWorld,
} from '@trading-analytics/core';
import { writeAnswer } from './answer.js';
import { guardedRequest, type Handler } from './front.js';
import type { Logger } from './prism.js';

/** `/__sandbox` and below: the control surface of the world X-Sandbox-World names; without a sandbox, a problem saying to start with one. */
export function createSandboxControl(sandbox: ServedSandbox | undefined): Handler {
  return (request, response, exchange) => {
    const guarded = guardedRequest(exchange);
    if (!isSandboxControl(guarded.path)) return false;
    const { method, path, bodyText } = guarded;
    const world = request.headers[SANDBOX_WORLD_HEADER];
    writeAnswer(response, sandboxControlAnswer({ method, path, bodyText, world }, sandbox));
    return true;
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The world's answers, for requests of the contract's operations that ask for no documented case. A
 * request the schemas refuse is refused as Prism refuses it (the core's `refusal`), and reported on the log
 * as Prism reports one; a path or method the contract lacks, and a documented case, go on to Prism. With
 * `errors` (startMock's option), an answer whose body breaks the contract's schema is a 500, as Prism's is.
 * @param currentContract the contract served right now (read on every request, so a reload applies at once)
 */
export function createSandboxAnswers(
  currentContract: () => Contract,
  sandbox: ServedSandbox,
  { logger, errors }: { logger: Logger; errors: boolean },
): Handler {
  return async (request, response, exchange) => {
    const guarded = guardedRequest(exchange);
    const { operation } = guarded;
    if (operation === undefined) return false;
    const { document } = currentContract();
    const refused = schemaRefusal(document, operation, guarded);
    if (refused) {
      const input = { method: guarded.method, url: { path: guarded.path } };
      const reasons = refused.violations.map((violation) => `${violation.location.join('.')} ${violation.message}`);
      logger.error({ input }, `Request refused: ${reasons.join('; ')}`);
      writeAnswer(response, refused.answer);
      return true;
    }
    const selected = selectWorld(sandbox, request.headers[SANDBOX_WORLD_HEADER]);
    if ('refused' in selected) {
      writeAnswer(response, selected.refused);
      return true;
    }
    const { world } = selected;
    const plan = faultPlan(world, operation.operationId);
    if (plan.delayMs > 0) await sleep(plan.delayMs);
    if (plan.next.kind === 'reset') {
      // A dropped connection: no status line, no body; the client sees a network error.
      request.socket.destroy();
      return true;
    }
    if (plan.header !== undefined) response.setHeader(SANDBOX_FAULT_HEADER, plan.header);
    if (plan.next.kind === 'refusal') {
      writeAnswer(response, plan.next.answer);
      return true;
    }
    // A documented status is the contract's own case for it, from Prism, as `Prefer: code=` would pick it.
    if (plan.next.kind === 'case') guarded.preferences = { code: plan.next.code };
    if (selectsCase(guarded.preferences)) return false;
    const answer = sandboxAnswer(document, operation, guarded, world);
    writeAnswer(response, errors ? checkedAnswer(document, operation, answer) : answer);
    return true;
  };
}

/** The answer, or a 500 with the reasons when its JSON body breaks the schema the contract declares for its status. */
function checkedAnswer(document: OpenApiDocument, operation: ContractOperation, answer: Answer): Answer {
  const mediaType = mediaTypeOf(answer.headers['content-type']);
  const declared = declaredResponse(operation, answer.status)?.contents.find(
    (content) => content.mediaType.toLowerCase() === mediaType,
  );
  if (answer.body === undefined || !declared?.schema || !isJsonMediaType(mediaType)) return answer;
  const problems = requestValidators(document).strict.errors(declared.schema, JSON.parse(answer.body));
  if (problems.length === 0) return answer;
  const violations = problems.map((problem) => ({
    location: ['response', 'body', ...problem.at.split('/').filter((step) => step !== '' && step !== '(root)')],
    message: problem.message,
  }));
  const detail = 'The response breaks the contract and the errors option is on, so the mock answers 500 instead.';
  return problemAnswer(PROBLEMS.violations, 500, detail, violations);
}
