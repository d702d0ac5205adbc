// The sandbox's answers held to the bundled contract. An answer's status is one the operation declares, with
// a body valid against its schema when it is a success; beyond the declared statuses the sandbox may answer
// only what its README names as its own choices:
// - 400 `invalid-request` for input the contract accepts but the sandbox cannot use (a negative page, a
//   range that ends before it starts, an unknown time-zone name...): the mock's documented refusal of a
//   request, a problem+json 400, where the operation declares no 400;
// - the join's 403, 404 and 409 where the service leaves its status open (issue 20, item 4).
// Every refusal is a problem+json `{ type, title, status, detail }`.
import { ContractValidator, type Json, listOperations, type OperationEntry } from '../../../../test/support/contract';
import type { SandboxAnswer } from '../../src/index.js';

export const contract = new ContractValidator();
export const operations: ReadonlyMap<string, OperationEntry> = new Map(
  listOperations(contract.document).map((entry) => [entry.operation.operationId as string, entry]),
);

const PROBLEM = 'urn:trading-analytics-sandbox:';

/** The refusals the sandbox answers beyond what an operation declares, by operationId ('*' for every one). */
const SANDBOX_CHOICES: Readonly<Record<string, readonly { status: number; kinds: readonly string[] }[]>> = {
  '*': [{ status: 400, kinds: ['invalid-request'] }],
  joinCompetition: [
    { status: 400, kinds: ['invalid-request'] },
    { status: 403, kinds: ['invite-code-required', 'wrong-invite-code'] },
    { status: 404, kinds: ['unknown-competition', 'unknown-invite-code'] },
    { status: 409, kinds: ['competition-ended'] },
  ],
};

/** Whether an answer is one the sandbox's README names as its own choice for the operation. */
function isSandboxChoice(operationId: string, answer: SandboxAnswer): boolean {
  const kind = String((answer.body as { type?: unknown } | undefined)?.type ?? '').slice(PROBLEM.length);
  const choices = SANDBOX_CHOICES[operationId] ?? SANDBOX_CHOICES['*'] ?? [];
  return choices.some((choice) => choice.status === answer.status && choice.kinds.includes(kind));
}

/** Readable reasons an answer breaks the contract; empty when it keeps it. */
export function answerErrors(operationId: string, answer: SandboxAnswer): string[] {
  const entry = operations.get(operationId);
  if (!entry) return [`the contract has no operation ${operationId}`];
  const responses = entry.operation.responses as Record<string, Json>;
  const declared = responses[String(answer.status)] ?? responses.default;
  if (answer.status >= 200 && answer.status < 300) {
    if (!declared)
      return [`${answer.status} is not a status ${operationId} declares (${Object.keys(responses).join(', ')})`];
    const pointer = contract.responseSchemaPointer(entry.method, entry.path, answer.status);
    if (pointer === undefined)
      return answer.body === undefined
        ? []
        : [`${answer.status} of ${operationId} has no body, but the sandbox sent one`];
    if (answer.body === undefined) return [`${answer.status} of ${operationId} needs a body`];
    if (answer.contentType !== undefined && answer.contentType !== 'application/json')
      return [`content type ${answer.contentType}`];
    return contract.errorsAt(pointer, JSON.parse(JSON.stringify(answer.body)));
  }
  const errors: string[] = [];
  const body = answer.body as Record<string, unknown> | undefined;
  if (!declared && !isSandboxChoice(operationId, answer)) {
    errors.push(
      `${answer.status} ${String(body?.type)} is neither a status ${operationId} declares (${Object.keys(responses).join(', ')}) nor a choice the sandbox's README names`,
    );
  }
  if (answer.status < 400) errors.push(`unexpected status ${answer.status}`);
  if (answer.contentType !== 'application/problem+json')
    errors.push(`a refusal is application/problem+json, not ${answer.contentType}`);
  if (
    !body ||
    typeof body.type !== 'string' ||
    !body.type.startsWith(PROBLEM) ||
    typeof body.title !== 'string' ||
    body.status !== answer.status ||
    typeof body.detail !== 'string' ||
    body.detail === ''
  ) {
    errors.push(`a refusal carries { type, title, status, detail }: ${JSON.stringify(body)}`);
  }
  return errors;
}
