// Every example in the contract is valid against its own schema, checked by a real JSON Schema 2020-12
// validator, so the mock never serves, and the docs never show, a body the contract forbids.
import { describe, expect, it } from 'vitest';
import { ContractValidator, escapePointer, type Json, listOperations, resolve } from '../support/contract';

const contract = new ContractValidator();
const document = contract.document;

interface ExampleCase {
  name: string;
  schemaPointer: string;
  value: unknown;
}

function bodyExamples(): ExampleCase[] {
  const cases: ExampleCase[] = [];
  for (const { method, path, operation, pointer } of listOperations(document)) {
    const bodies: [string, Json][] = [['requestBody', operation.requestBody]];
    for (const [status, response] of Object.entries(operation.responses ?? {}))
      bodies.push([`responses/${status}`, response]);
    for (const [where, reference] of bodies) {
      const body = resolve(document, reference);
      for (const [mediaType, media] of Object.entries((body?.content ?? {}) as Record<string, Json>)) {
        for (const [key, exampleRef] of Object.entries((media.examples ?? {}) as Record<string, Json>)) {
          cases.push({
            name: `${method.toUpperCase()} ${path} ${where} ${key}`,
            schemaPointer: `${pointer}/${where}/content/${escapePointer(mediaType)}/schema`,
            value: resolve(document, exampleRef).value,
          });
        }
      }
    }
  }
  return cases;
}

function schemaExamples(): ExampleCase[] {
  return Object.entries(document.components.schemas as Record<string, Json>).flatMap(([name, schema]) =>
    (schema.examples ?? []).map((value: unknown, index: number) => ({
      name: `components.schemas.${name} examples[${index}]`,
      schemaPointer: `#/components/schemas/${name}`,
      value,
    })),
  );
}

describe('examples', () => {
  const bodies = bodyExamples();

  it('exist for every body of every operation', () => {
    expect(bodies.length).toBeGreaterThan(60);
  });

  it.each(bodies.map((c) => [c.name, c] as const))('%s is valid', (_name, { schemaPointer, value }) => {
    expect(contract.errorsAt(schemaPointer, value)).toEqual([]);
  });

  it.each(schemaExamples().map((c) => [c.name, c] as const))('%s is valid', (_name, { schemaPointer, value }) => {
    expect(contract.errorsAt(schemaPointer, value)).toEqual([]);
  });
});

/** Every pagination envelope inside the examples (a `content` array with its page fields), with where it sits. */
function envelopes(node: Json, where: string, found: [string, Json][] = []): [string, Json][] {
  if (node === null || typeof node !== 'object') return found;
  if (Array.isArray(node.content) && typeof node.pageSize === 'number') found.push([where, node]);
  for (const [key, child] of Object.entries(node)) envelopes(child, `${where}.${key}`, found);
  return found;
}

describe('page metadata of the examples', () => {
  const pages = bodyExamples().flatMap(({ name, value }) => envelopes(value, name));

  it('exist to check', () => {
    expect(pages.length).toBeGreaterThan(10);
  });

  it.each(pages)('%s agrees with itself', (_name, page) => {
    const { content, pageNumber, pageSize, totalPages, totalElements } = page;
    // No page holds more rows than its size, the page count follows from the size, and only the last page is short.
    expect(content.length).toBeLessThanOrEqual(pageSize);
    expect(totalPages).toBe(pageSize > 0 ? Math.ceil(totalElements / pageSize) : 0);
    if (totalPages === 0) expect([pageNumber, content.length]).toEqual([0, 0]);
    else expect(pageNumber).toBeLessThan(totalPages);
    const rowsBefore = pageNumber * pageSize;
    expect(content.length).toBe(Math.max(0, Math.min(pageSize, totalElements - rowsBefore)));
  });
});

describe('the validator behind these checks', () => {
  const schemaOf = (name: string) => `#/components/schemas/${name}`;

  it('rejects a scaled integer sent as a JSON number or with a decimal point', () => {
    expect(contract.errorsAt(schemaOf('IntegerString'), 97250.5)).not.toEqual([]);
    expect(contract.errorsAt(schemaOf('IntegerString'), '97250.5')).not.toEqual([]);
    expect(contract.errorsAt(schemaOf('IntegerString'), '-97250500000000000000000')).toEqual([]);
  });

  it('accepts a plain decimal string or one with an exponent (the tolerant reading), and nothing looser', () => {
    for (const accepted of ['-0.0312', '1250.75', '1.2e3', '1.25E+3', '5E-7', '-3e0']) {
      expect({ accepted, errors: contract.errorsAt(schemaOf('DecimalString'), accepted) }).toEqual({
        accepted,
        errors: [],
      });
    }
    for (const refused of ['+1', '.5', '5.', '1e', '1,000', '12.5 USD', 'NaN']) {
      expect({ refused, errors: contract.errorsAt(schemaOf('DecimalString'), refused) }).not.toEqual({
        refused,
        errors: [],
      });
    }
  });

  it('rejects an address that is not 40 hex digits', () => {
    expect(contract.errorsAt(schemaOf('Address'), '0x1234')).not.toEqual([]);
  });

  it('rejects an unrealized PnL whose monetary field is a number, or a missing required field', () => {
    const [good] = bodyExamples().filter((c) =>
      c.name.startsWith('GET /v1/portfolio/{user_address}/unrealized-pnl responses/200'),
    );
    expect(good).toBeDefined();
    if (!good) return; // failed just above
    expect(contract.errorsAt(good.schemaPointer, good.value)).toEqual([]);
    const asNumber = { ...(good.value as Json), unrealizedPnlUsd: 12.5 };
    expect(contract.errorsAt(good.schemaPointer, asNumber)).not.toEqual([]);
    const { positionCount: _dropped, ...missing } = good.value as Json;
    expect(contract.errorsAt(good.schemaPointer, missing)).not.toEqual([]);
  });
});

describe('the competition list examples', () => {
  // L419-L421: the list filters by `status` and `isReadyToDisplay` (default true); `userAddress` only fills in
  // `hasJoined`. So every example must be what one of those filters makes of the full list.
  const examples = resolve(document, document.paths['/v1/trading-competition'].get.responses['200']).content[
    'application/json'
  ].examples;
  const all: Json[] = examples.allCompetitions.value;
  const statuses = [undefined, 'UPCOMING', 'ONGOING', 'ENDED'];
  const answers = new Map(
    statuses.map((status) => [
      status ?? 'every status',
      all.filter((c) => c.isReadyToDisplay && (status === undefined || c.status === status)).map((c) => c.id),
    ]),
  );

  it.each(Object.entries(examples as Record<string, Json>))('%s is what some request returns', (_key, example) => {
    const ids = example.value.map((competition: Json) => competition.id);
    expect([...answers.values()].map((answer) => answer.join())).toContain(ids.join());
  });
});
