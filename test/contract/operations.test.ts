// The contract describes the service as the seed does: the same 31 operations, each with the seed's
// parameters (spelling, required flag, default, enum, range), statuses, headers and kind of body.
import { describe, expect, it } from 'vitest';
import { type Json, listOperations, loadBundle, resolve } from '../support/contract';
import { operations as facts } from './seed-facts';

const document = loadBundle();
const bundled = listOperations(document);
const find = (method: string, path: string) => bundled.find((entry) => entry.method === method && entry.path === path);

function parametersOf(path: string, operation: Json): Json[] {
  const pathLevel = document.paths[path].parameters ?? [];
  return [...pathLevel, ...(operation.parameters ?? [])].map((parameter: Json) => resolve(document, parameter));
}

function schemaOf(node: Json): Json {
  return resolve(document, node?.schema ?? node);
}

describe('operations', () => {
  it('are exactly the 31 of the seed', () => {
    expect(bundled.map((entry) => `${entry.method.toUpperCase()} ${entry.path}`).sort()).toEqual(
      facts.map((fact) => `${fact.method.toUpperCase()} ${fact.path}`).sort(),
    );
    expect(bundled).toHaveLength(31);
  });

  it('do not include the misspelt /v1/oracle/price/pair-24h-ar', () => {
    expect(document.paths['/v1/oracle/price/pair-24h-ar']).toBeUndefined();
  });

  it('have unique operationIds', () => {
    const ids = bundled.map((entry) => entry.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe.each(facts.map((fact) => [`${fact.method.toUpperCase()} ${fact.path}`, fact] as const))(
  '%s',
  (_name, fact) => {
    const entry = find(fact.method, fact.path);

    it('is tagged as the seed groups it', () => {
      expect(entry?.operation.tags).toEqual([fact.tag]);
    });

    it("takes exactly the seed's parameters", () => {
      const parameters = parametersOf(fact.path, entry!.operation);
      expect(parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual(
        Object.entries(fact.parameters)
          .map(([name, p]) => `${p.in}:${name}`)
          .sort(),
      );
      for (const [name, expected] of Object.entries(fact.parameters)) {
        const parameter = parameters.find((p) => p.name === name)!;
        const schema = schemaOf(parameter);
        expect({ name, required: parameter.required ?? false }).toEqual({ name, required: expected.required });
        expect({ name, default: schema.default }).toEqual({ name, default: expected.default });
        if (expected.enum)
          expect({ name, enum: resolve(document, schema).enum ?? resolve(document, schema.items)?.enum }).toEqual({
            name,
            enum: expected.enum,
          });
        if (expected.minimum !== undefined)
          expect([schema.minimum, schema.maximum]).toEqual([expected.minimum, expected.maximum]);
        if (expected.array === 'repeated') expect([schema.type, parameter.explode ?? true]).toEqual(['array', true]);
        if (expected.array === 'comma-separated')
          expect([schema.type, parameter.style ?? 'form', parameter.explode]).toEqual(['array', 'form', false]);
      }
    });

    it("answers with exactly the seed's statuses", () => {
      expect(Object.keys(entry!.operation.responses).sort()).toEqual([...fact.statuses].sort());
    });

    if (fact.body) {
      it(`returns ${fact.body === 'none' ? 'no body' : `a ${fact.body}`} on success`, () => {
        const successes = Object.entries(entry!.operation.responses).filter(([status]) => status.startsWith('2'));
        for (const [, reference] of successes) {
          const response = resolve(document, reference);
          const schema = schemaOf(response.content?.['application/json']);
          if (fact.body === 'none') {
            expect(response.content).toBeUndefined();
            continue;
          }
          expect(schema).toBeDefined();
          const types = new Set<string>(
            [schema.type, ...(schema.allOf ?? []), ...(schema.oneOf ?? [])]
              .flat()
              .flatMap((s: Json) => (typeof s === 'string' ? [s] : [resolve(document, s)?.type].flat()))
              .filter(Boolean),
          );
          const expected = {
            envelope: ['object'],
            array: ['array'],
            number: ['number'],
            object: ['object'],
            'nullable-object': ['null', 'object'],
          }[fact.body!];
          expect([...types].sort()).toEqual(expected);
          if (fact.body === 'envelope') {
            const content = [schema, ...(schema.allOf ?? [])]
              .map((s: Json) => resolve(document, s))
              .find((s: Json) => s.properties?.content);
            expect(content?.properties.content.type).toBe('array');
          }
        }
      });
    }
  },
);

describe('rules carried by the contract', () => {
  const unrealized = find('get', '/v1/portfolio/{user_address}/unrealized-pnl')!.operation;

  it('unrealized PnL success carries Cache-Control: no-store, and only the success does', () => {
    const ok = resolve(document, unrealized.responses['200']);
    const header = resolve(document, ok.headers?.['Cache-Control']);
    expect(header?.required).toBe(true);
    expect(resolve(document, header.schema).enum).toEqual(['no-store']);
    for (const status of ['400', '503'])
      expect(resolve(document, unrealized.responses[status]).headers?.['Cache-Control']).toBeUndefined();
  });

  it('the competition join needs only trader (older clients omit competitionId)', () => {
    const join = find('post', '/v1/trading-competition/join')!.operation;
    const schema = resolve(document, resolve(document, join.requestBody).content['application/json'].schema);
    expect(schema.required).toEqual(['trader']);
    expect(Object.keys(schema.properties).sort()).toEqual(['competitionId', 'inviteCode', 'trader']);
  });

  it('latest prices need a non-empty pairBases and allow duplicates', () => {
    const latest = find('post', '/v1/oracle/price/pairs/latest')!.operation;
    const schema = resolve(document, resolve(document, latest.requestBody).content['application/json'].schema);
    expect(schema.required).toContain('pairBases');
    expect(schema.properties.pairBases.minItems).toBe(1);
    expect(schema.properties.pairBases.uniqueItems ?? false).toBe(false);
    expect(resolve(document, schema.properties.blockChain).default).toBe('MONAD');
  });

  it('no page size has an invented maximum', () => {
    for (const { path, operation } of bundled) {
      for (const parameter of parametersOf(path, operation).filter((p) => ['size', 'limit'].includes(p.name))) {
        expect({ path, maximum: schemaOf(parameter).maximum }).toEqual({ path, maximum: undefined });
      }
    }
  });

  it('keeps the legacy values of the older variants', () => {
    const schemas = document.components.schemas;
    expect(schemas.LeaderboardType.enum).toContain('PNL');
    expect(schemas.OperationType.enum).toEqual(
      expect.arrayContaining(['OPEN_MARKET_TRADE', 'CLOSE_TRADE_SUCCESSFUL', 'OPEN_POSITION', 'CLOSE_POSITION']),
    );
    const competition = schemas.Competition;
    for (const olderVariantField of ['collateralToken', 'requiresInviteCode']) {
      expect(competition.properties).toHaveProperty(olderVariantField);
      expect(competition.required).not.toContain(olderVariantField);
    }
  });

  it('says no authentication only where the seed does (unrealized PnL), and invents no scheme', () => {
    expect(document.components.securitySchemes).toBeUndefined();
    expect(document.security).toBeUndefined();
    expect(unrealized.security).toEqual([]);
    const others = bundled.filter(({ operation }) => operation !== unrealized && operation.security !== undefined);
    expect(others.map(({ path }) => path)).toEqual([]);
  });

  it('declares no error body shape', () => {
    for (const { operation } of bundled) {
      for (const [status, reference] of Object.entries(operation.responses)) {
        if (/^[45]/.test(status)) expect(resolve(document, reference).content).toBeUndefined();
      }
    }
  });
});
