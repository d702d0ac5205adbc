// The sandbox's answers held to the bundled contract: a 2xx answer must be a status the operation declares,
// with a body valid against its schema; a refusal must be a 4xx (or the declared 503) problem+json.
import { ContractValidator, type Json, type OperationEntry, listOperations } from '../../../../test/support/contract';
import type { SandboxAnswer } from '../../src/index.js';

export const contract = new ContractValidator();
export const operations: ReadonlyMap<string, OperationEntry> = new Map(listOperations(contract.document).map((entry) => [entry.operation.operationId as string, entry]));

/** Readable reasons an answer breaks the contract; empty when it keeps it. */
export function answerErrors(operationId: string, answer: SandboxAnswer): string[] {
  const entry = operations.get(operationId);
  if (!entry) return [`the contract has no operation ${operationId}`];
  const responses = entry.operation.responses as Record<string, Json>;
  const declared = responses[String(answer.status)];
  if (answer.status >= 200 && answer.status < 300) {
    if (!declared) return [`${answer.status} is not a status ${operationId} declares (${Object.keys(responses).join(', ')})`];
    const pointer = contract.responseSchemaPointer(entry.method, entry.path, answer.status);
    if (pointer === undefined) return answer.body === undefined ? [] : [`${answer.status} of ${operationId} has no body, but the sandbox sent one`];
    if (answer.body === undefined) return [`${answer.status} of ${operationId} needs a body`];
    if (answer.contentType !== undefined && answer.contentType !== 'application/json') return [`content type ${answer.contentType}`];
    return contract.errorsAt(pointer, JSON.parse(JSON.stringify(answer.body)));
  }
  const errors: string[] = [];
  const body = answer.body as Record<string, unknown> | undefined;
  if (answer.status >= 500 && !declared && !responses.default) errors.push(`${answer.status} is a server error ${operationId} does not declare`);
  if (answer.status < 400) errors.push(`unexpected status ${answer.status}`);
  if (answer.contentType !== 'application/problem+json') errors.push(`a refusal is application/problem+json, not ${answer.contentType}`);
  if (!body || typeof body.type !== 'string' || !body.type.startsWith('urn:trading-analytics-sandbox:') || typeof body.title !== 'string' || body.status !== answer.status || typeof body.detail !== 'string' || body.detail === '') {
    errors.push(`a refusal carries { type, title, status, detail }: ${JSON.stringify(body)}`);
  }
  return errors;
}
