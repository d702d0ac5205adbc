// Valid requests for any operation, generated with fast-check from the contract's own parameter and body
// schemas. Values a schema allows are mixed with values the world knows (the cast, its markets, teams and
// competitions, time zones, instants near now), so generated requests reach data as well as its edges.
import fc from 'fast-check';
import { type Json, resolve } from '../../../../test/support/contract';
import type { SandboxDescription, SandboxRequest } from '../../src/index.js';
import { contract, operations } from './contract.js';
import { AAPL, AVA, BEN, BTC, CY, DEAD, DEE, ETH, MON, NOBODY, NOW, USDC, WMON } from './world.js';

const document = contract.document;

/** Values of the world for parameters and body fields, by name; a generated value is drawn from them half the time. */
function hints(description: SandboxDescription): Record<string, readonly unknown[]> {
  const roles = Object.values(description.tryThese)
    .flat()
    .filter((value) => /^0x[0-9a-f]{40}$/.test(value));
  const addresses = [AVA, BEN, CY, DEE, NOBODY, ...roles];
  const markets = [BTC, ETH, MON, AAPL, DEAD, ...description.cast.markets.map((market) => market.base)];
  const codes = ['MAXI42', ...description.tryThese.teamCodes!];
  const instants = [-30, -8, -1, 0].map((days) =>
    new Date((NOW + days * 86_400) * 1000).toISOString().replace('.000Z', 'Z'),
  );
  return {
    user_address: addresses,
    userAddress: addresses,
    trader: addresses,
    pair_base: markets,
    pairBase: markets,
    pairBases: [[BTC], [BTC, DEAD], [MON, MON], [ETH, AAPL, BTC]],
    collateral: [USDC, WMON],
    team_code: codes,
    code: codes,
    id: description.cast.competitions.map((competition) => competition.id),
    competitionId: description.cast.competitions.map((competition) => competition.id),
    inviteCode: [
      'MAXI-8F3K',
      ...description.cast.competitions.flatMap((competition) =>
        competition.inviteCode ? [competition.inviteCode] : [],
      ),
    ],
    timezone: ['UTC', 'America/New_York', 'Asia/Tokyo', 'Europe/Berlin', 'Australia/Adelaide'],
    startTime: instants,
    endTime: instants,
    start_time: [NOW - 30 * 86_400, NOW - 7 * 86_400, NOW - 86_400],
    end_time: [NOW, NOW - 86_400],
    page: [0, 1, 2],
    size: [1, 2, 10, 50],
    limit: [1, 2, 10],
    orderBy: ['tradingVolume', 'pnl', '1', '2'],
    search: ['0x4a7f', 'a3b', '9c1e'],
    symbol: ['BTC', 'eth', 'AAPL'],
    tags: [['crypto'], ['degen'], ['stocks', 'forex']],
    epoch: [0, 1, 11, 12],
    days: [1, 7, 30, 365],
  };
}

/** An arbitrary for a schema of the bundle; `name` picks world values from the hints. */
function arbitrary(
  schemaNode: Json,
  name: string | undefined,
  known: Record<string, readonly unknown[]>,
): fc.Arbitrary<unknown> {
  const schema = resolve(document, schemaNode);
  const fromSchema = plain(schema, known);
  const hinted = name === undefined ? undefined : known[name];
  return hinted && hinted.length > 0 ? fc.oneof(fc.constantFrom(...hinted), fromSchema) : fromSchema;
}

function plain(schema: Json, known: Record<string, readonly unknown[]>): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.oneOf) return fc.oneof(...schema.oneOf.map((branch: Json) => arbitrary(branch, undefined, known)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
      if (schema.minimum !== undefined || schema.maximum !== undefined)
        return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1_000_000 });
      return fc.oneof(
        fc.integer({ min: -3, max: 60 }),
        fc.integer({ min: NOW - 200 * 86_400, max: NOW + 86_400 }),
        fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
      );
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(arbitrary(schema.items ?? {}, undefined, known), {
        minLength: schema.minItems ?? 0,
        maxLength: 4,
      });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const record = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, arbitrary(value, key, known)]),
      );
      return fc.record(record, { requiredKeys: (schema.required ?? []) as string[] });
    }
    default: {
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      if (schema.format === 'date-time')
        return fc
          .date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-01-01T00:00:00Z'), noInvalidDate: true })
          .map((date) => date.toISOString());
      // A plain string with a default (the chain selectors): mostly the default, sometimes anything.
      if (schema.default !== undefined)
        return fc.oneof(
          { weight: 6, arbitrary: fc.constant(schema.default) },
          { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
        );
      return fc.string({ maxLength: 20 });
    }
  }
}

/** An operation's parameters: its own, and those of its path item it does not override. */
export function operationParameters(path: string, operation: Json): Json[] {
  const own = ((operation.parameters ?? []) as Json[]).map((reference) => resolve(document, reference));
  const shared = ((document.paths[path].parameters ?? []) as Json[]).map((reference) => resolve(document, reference));
  return [
    ...own,
    ...shared.filter((parameter) => !own.some((mine) => mine.name === parameter.name && mine.in === parameter.in)),
  ];
}

/** Generated valid requests for one operation of the contract. */
export function requestArbitrary(operationId: string, description: SandboxDescription): fc.Arbitrary<SandboxRequest> {
  const entry = operations.get(operationId);
  if (!entry) throw new Error(`no operation ${operationId}`);
  const known = hints(description);
  const parameters = operationParameters(entry.path, entry.operation);
  const fields = parameters.map((parameter) => {
    const value = arbitrary(parameter.schema, parameter.name, known).map((raw) => serialize(raw, parameter));
    return [parameter, parameter.required ? value : fc.option(value, { nil: undefined, freq: 2 })] as const;
  });
  const bodySchema = entry.operation.requestBody
    ? resolve(document, entry.operation.requestBody).content?.['application/json']?.schema
    : undefined;
  const body = bodySchema ? arbitrary(bodySchema, undefined, known) : fc.constant(undefined);
  return fc.tuple(fc.tuple(...fields.map(([, value]) => value)), body).map(([values, generatedBody]) => {
    const request: SandboxRequest = { operationId, path: {}, query: {} };
    fields.forEach(([parameter], at) => {
      const value = values[at];
      if (value === undefined) return;
      if (parameter.in === 'path') request.path[parameter.name] = value as string;
      else request.query[parameter.name] = value as string | string[];
    });
    if (generatedBody !== undefined) request.body = generatedBody;
    return request;
  });
}

/** A parameter value as it arrives: text, a list of texts for repeated names, one comma-joined text otherwise. */
function serialize(value: unknown, parameter: Json): string | string[] {
  if (Array.isArray(value)) return parameter.explode === false ? value.map(String).join(',') : value.map(String);
  return String(value);
}
