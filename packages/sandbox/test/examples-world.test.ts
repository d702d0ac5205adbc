// The examples are views of the sandbox's world (issue 27, item 2): every named response example of the
// bundled contract that names the cast (an address of Ava, Ben, Cy or Dee in its value, or one of their names
// in its summary) declares the request it answers in `x-request` ({ path, query, body }), and the sandbox at
// its default seed and now answers that request with the example's status and exactly its value. The
// examples are found by walking the bundle, so a new example that names the cast is covered without a list.
import { describe, expect, it } from 'vitest';
import { resolve } from '../../../test/support/contract';
import { contract, operations } from './support/contract.js';
import { AVA, ask, BEN, CY, DEE, defaultSandbox } from './support/world.js';

interface DeclaredRequest {
  path?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | string[]>;
  body?: unknown;
}
interface CastExample {
  operationId: string;
  status: string;
  key: string;
  value: unknown;
  request?: DeclaredRequest;
}

const ADDRESSES = [AVA, BEN, CY, DEE];
const NAMES = /\b(Ava|Ben|Cy|Dee)\b/;

function castExamples(): CastExample[] {
  const found: CastExample[] = [];
  for (const [operationId, entry] of operations) {
    for (const [status, response] of Object.entries(entry.operation.responses ?? {})) {
      const examples = resolve(contract.document, response).content?.['application/json']?.examples ?? {};
      for (const [key, reference] of Object.entries(examples)) {
        const example = resolve(contract.document, reference);
        const text = JSON.stringify(example.value).toLowerCase();
        if (!ADDRESSES.some((address) => text.includes(address)) && !NAMES.test(example.summary ?? '')) continue;
        found.push({ operationId, status, key, value: example.value, request: example['x-request'] });
      }
    }
  }
  return found;
}

const examples = castExamples();
const sandbox = defaultSandbox();

describe('the examples that name the cast', () => {
  it('are found in the bundle: the cast appears in the examples of most operations', () => {
    expect(new Set(examples.map((example) => example.operationId)).size).toBeGreaterThanOrEqual(15);
  });

  it.each(examples.map((example) => [`${example.operationId} ${example.status} ${example.key}`, example] as const))(
    '%s is the sandbox world answering its request',
    (_, example) => {
      expect(example.request, 'the example declares the request it answers in x-request').toBeDefined();
      const { path = {}, query = {}, body } = example.request as DeclaredRequest;
      const answer = ask(sandbox, example.operationId, query, path, body);
      expect(String(answer.status)).toBe(example.status);
      expect(answer.body).toEqual(example.value);
    },
  );
});
