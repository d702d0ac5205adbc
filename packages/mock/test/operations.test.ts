// Every operation of the contract answers a valid request with its documented default case, and the body
// is valid against the contract: what a frontend gets before it asks for any particular scenario. The answers
// are the shared mock's, asked once per run by the global setup (test/support/prism-answers.ts).
import { describe, expect, inject, it } from 'vitest';
import { ContractValidator, resolve } from '../../../test/support/contract';
import { present } from '../../../test/support/present';
import { recordedAnswer } from '../../../test/support/prism-answers';
import { listScenarios } from '../src/index.js';
import { validRequestFor, validRequests } from './support/requests';

const contract = new ContractValidator();
const operations = listScenarios(contract.document);
const answers = inject('prismAnswers');

function templateMatches(template: string, path: string): boolean {
  const pattern = template
    .split('/')
    .map((segment) => (/{.+}/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\-]/g, '\\$&')));
  return new RegExp(`^${pattern.join('/')}$`).test(path);
}

function firstExample(method: string, path: string, status: number): unknown {
  const response = resolve(
    contract.document,
    contract.document.paths[path][method.toLowerCase()].responses[String(status)],
  );
  const examples = response?.content?.['application/json']?.examples ?? {};
  const [first] = Object.values(examples);
  return first === undefined ? undefined : resolve(contract.document, first).value;
}

describe('every operation answers a valid request', () => {
  it('has a valid request written for each operation of the contract', () => {
    expect(Object.keys(validRequests).sort()).toEqual(operations.map((operation) => operation.operationId).sort());
  });

  for (const operation of operations) {
    it(`${operation.operationId}: ${operation.method} ${operation.path}`, () => {
      const request = present(validRequestFor(operation.operationId), `a valid request for ${operation.operationId}`);
      expect(request.method).toBe(operation.method);
      expect(templateMatches(operation.path, request.path), `${request.path} is not a ${operation.path} path`).toBe(
        true,
      );

      const answer = recordedAnswer(answers, operation.operationId);
      expect(answer.violations, 'a valid request raised violations').toBeNull();
      // An operation without any documented status (the gasless submission) gets an empty 200.
      const status = operation.defaultStatus ?? 200;
      expect(answer.answered).toBe(status);
      const text = answer.body;
      const pointer =
        operation.defaultStatus === undefined
          ? undefined
          : contract.responseSchemaPointer(operation.method, operation.path, status);
      if (pointer === undefined) {
        expect(text).toBe('');
        return;
      }
      const body = JSON.parse(text);
      expect(contract.errorsAt(pointer, body)).toEqual([]);
      expect(body).toEqual(firstExample(operation.method, operation.path, status));
    });
  }
});
