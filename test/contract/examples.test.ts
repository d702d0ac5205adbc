// Every example in the contract is valid against its own schema, checked by a real JSON Schema 2020-12
// validator, so the mock never serves, and the docs never show, a body the contract forbids.
import { describe, expect, it } from 'vitest';
import { ContractValidator, escapePointer, listOperations, resolve, type Json } from '../support/contract';

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
    for (const [status, response] of Object.entries(operation.responses ?? {})) bodies.push([`responses/${status}`, response]);
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

describe('the validator behind these checks', () => {
  const schemaOf = (name: string) => `#/components/schemas/${name}`;

  it('rejects a scaled integer sent as a JSON number or with a decimal point', () => {
    expect(contract.errorsAt(schemaOf('IntegerString'), 97250.5)).not.toEqual([]);
    expect(contract.errorsAt(schemaOf('IntegerString'), '97250.5')).not.toEqual([]);
    expect(contract.errorsAt(schemaOf('IntegerString'), '-97250500000000000000000')).toEqual([]);
  });

  it('rejects a decimal string with an exponent and accepts a plain one', () => {
    expect(contract.errorsAt(schemaOf('DecimalString'), '1.2e3')).not.toEqual([]);
    expect(contract.errorsAt(schemaOf('DecimalString'), '-0.0312')).toEqual([]);
  });

  it('rejects an address that is not 40 hex digits', () => {
    expect(contract.errorsAt(schemaOf('Address'), '0x1234')).not.toEqual([]);
  });

  it('rejects an unrealized PnL whose monetary field is a number, or a missing required field', () => {
    const [good] = bodyExamples().filter((c) => c.name.startsWith('GET /v1/portfolio/{user_address}/unrealized-pnl responses/200'));
    expect(good).toBeDefined();
    expect(contract.errorsAt(good.schemaPointer, good.value)).toEqual([]);
    const asNumber = { ...(good.value as Json), unrealizedPnlUsd: 12.5 };
    expect(contract.errorsAt(good.schemaPointer, asNumber)).not.toEqual([]);
    const { positionCount: _dropped, ...missing } = good.value as Json;
    expect(contract.errorsAt(good.schemaPointer, missing)).not.toEqual([]);
  });
});
