// The sandbox reads every parameter the contract declares, under the same name and place, with the same
// enumerations, and with the same default wherever the contract declares one.
import { describe, expect, it } from 'vitest';
import { type Json, resolve } from '../../../test/support/contract';
import { PARAMETERS } from '../src/index.js';
import { DOCUMENTED_ERRORS } from '../src/statuses.js';
import { contract, operations } from './support/contract.js';
import { operationParameters } from './support/requests.js';

const document = contract.document;

/** The contract's default of a parameter: on its schema, or on the component schema it refers to. */
function contractDefault(parameter: Json): unknown {
  const schema = parameter.schema ?? {};
  if (schema.default !== undefined) return schema.default;
  return resolve(document, schema)?.default;
}

function contractEnum(parameter: Json): unknown {
  return resolve(document, parameter.schema ?? {})?.enum;
}

const cases = [...operations.entries()].map(
  ([operationId, entry]) => [operationId, operationParameters(entry.path, entry.operation)] as const,
);

describe('parameters', () => {
  it.each(cases)("%s: the sandbox reads exactly the contract's parameters", (operationId, parameters) => {
    const mine = PARAMETERS[operationId] ?? [];
    expect(mine.map((one) => `${one.in}:${one.name}`).sort()).toEqual(
      parameters.map((one) => `${one.in}:${one.name}`).sort(),
    );
    for (const parameter of parameters) {
      const own = mine.find((one) => one.name === parameter.name && one.in === parameter.in);
      expect(own?.required ?? false, `${operationId} ${parameter.name} required`).toBe(parameter.required ?? false);
      const values = contractEnum(parameter);
      if (values !== undefined) expect(own?.values, `${operationId} ${parameter.name} values`).toEqual(values);
      // The sandbox checks a value no more strictly than the contract: an address where it declares the address
      // pattern (a plain string, such as pair_base, takes any text), an integer or a boolean where it types one.
      const schema = resolve(document, parameter.schema ?? {});
      const expected =
        schema.pattern === '^0x[0-9a-fA-F]{40}$'
          ? 'address'
          : schema.type === 'integer'
            ? 'integer'
            : schema.type === 'boolean'
              ? 'boolean'
              : schema.type === 'array'
                ? 'list'
                : values !== undefined
                  ? 'enum'
                  : 'string';
      expect(own?.kind, `${operationId} ${parameter.name} kind`).toBe(expected);
    }
  });

  it.each(cases)("%s: every default the contract declares is the sandbox's default", (operationId, parameters) => {
    const mine = PARAMETERS[operationId] ?? [];
    for (const parameter of parameters) {
      const declared = contractDefault(parameter);
      const own = mine.find((one) => one.name === parameter.name && one.in === parameter.in);
      if (declared !== undefined) {
        expect(own?.default, `${operationId} ${parameter.name}`).toEqual(declared);
        expect(own?.choice, `${operationId} ${parameter.name} is the contract's default, not a choice`).toBeUndefined();
      } else if (own?.default !== undefined) {
        // A default the contract does not declare is the sandbox's own, and says why.
        expect(own.choice, `${operationId} ${parameter.name} explains its own default`).toMatch(/\w/);
      }
    }
  });

  it("compares a default for most operations (the check reaches the contract's defaults)", () => {
    const compared = cases.flatMap(([, parameters]) =>
      parameters.filter((parameter) => contractDefault(parameter) !== undefined),
    );
    expect(compared.length).toBeGreaterThan(40);
  });
});

describe('documented error statuses', () => {
  it.each([...operations.entries()])(
    "%s: a fault answers as the contract's own case exactly the 4xx and 5xx statuses it documents",
    (operationId, entry) => {
      const declared = Object.keys(entry.operation.responses as Record<string, unknown>)
        .filter((key) => /^[45]\d\d$/.test(key))
        .map(Number);
      expect([...(DOCUMENTED_ERRORS[operationId] ?? [])]).toEqual(declared);
    },
  );
});
