// What every answer is made with: refusals as problem+json, reading parameters with the sandbox's defaults,
// pages, and the chain selectors.

import type { components } from '@trading-analytics/client';
import { MAX_LIST_ITEMS, SHOWN_CHARS } from '../limits.js';
import { operationParameters, type Parameter } from '../parameters.js';
import type { SandboxAnswer, SandboxRequest } from '../types.js';

const PROBLEM_TYPE = 'application/problem+json';

/** Thrown by an answer for an input it cannot use; the sandbox turns it into a problem answer. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly kind: string,
    readonly title: string,
    detail: string,
  ) {
    super(detail);
  }
}

/** A problem+json answer (RFC 9457), the same shape the mock uses for its own refusals. */
export function problem(status: number, kind: string, title: string, detail: string): SandboxAnswer {
  return {
    status,
    contentType: PROBLEM_TYPE,
    body: { type: `urn:trading-analytics-sandbox:${kind}`, title, status, detail },
  };
}

export const badRequest = (detail: string): Refusal => new Refusal(400, 'invalid-request', 'Invalid request', detail);
export const notFound = (kind: string, detail: string): Refusal => new Refusal(404, kind, 'Not found', detail);

export const ok = (body: unknown): SandboxAnswer => ({ status: 200, body });

/** A value of the request as a message shows it: quoted, cut at SHOWN_CHARS characters. */
export const shown = (value: unknown): string => {
  const text = String(value);
  return JSON.stringify(text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text);
};

/** Refuses a list input longer than MAX_LIST_ITEMS (400 naming it). */
export function checkListLength(name: string, length: number): void {
  if (length > MAX_LIST_ITEMS)
    throw badRequest(`${name} holds ${length} values; the sandbox takes at most ${MAX_LIST_ITEMS} (MAX_LIST_ITEMS)`);
}

/** Values read from a request: integers, booleans, strings, string lists, by parameter name. */
export type Values = Record<string, number | boolean | string | string[] | undefined>;

function readOne(
  parameter: Parameter,
  raw: string | string[] | undefined,
): number | boolean | string | string[] | undefined {
  if (raw === undefined) return parameter.default;
  if (parameter.kind === 'list') {
    const given = Array.isArray(raw) ? raw : [raw];
    checkListLength(parameter.name, given.length);
    const values = parameter.style === 'csv' ? given.flatMap((value) => value.split(',')) : given;
    checkListLength(parameter.name, values.length);
    return values;
  }
  // A scalar sent twice: the first value counts, as Prism and most servers read it.
  const text = Array.isArray(raw) ? (raw[0] ?? '') : raw;
  switch (parameter.kind) {
    case 'integer': {
      const value = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isSafeInteger(value))
        throw badRequest(`${parameter.name} must be an integer within ±(2^53 - 1), not ${shown(text)}`);
      if (parameter.minimum !== undefined && value < parameter.minimum)
        throw badRequest(`${parameter.name} must be at least ${parameter.minimum}, not ${value}`);
      if (parameter.maximum !== undefined && value > parameter.maximum)
        throw badRequest(`${parameter.name} must be at most ${parameter.maximum}, not ${value}`);
      return value;
    }
    case 'boolean':
      if (text !== 'true' && text !== 'false')
        throw badRequest(`${parameter.name} must be true or false, not ${shown(text)}`);
      return text === 'true';
    case 'enum':
      if (!(parameter.values ?? []).includes(text))
        throw badRequest(`${parameter.name} must be one of ${(parameter.values ?? []).join(', ')}, not ${shown(text)}`);
      return text;
    case 'address':
      if (!/^0x[0-9a-fA-F]{40}$/.test(text))
        throw badRequest(`${parameter.name} must be a 0x-prefixed 20-byte hex address, not ${shown(text)}`);
      return text.toLowerCase();
    default:
      return text;
  }
}

/** The operation's query and path parameters, checked and with the sandbox's defaults applied. */
export function readParameters(request: SandboxRequest): Values {
  const values: Values = {};
  for (const parameter of operationParameters(request.operationId)) {
    const source = parameter.in === 'path' ? request.path : request.query;
    const raw = source && Object.hasOwn(source, parameter.name) ? source[parameter.name] : undefined;
    if (raw === undefined && parameter.required) throw badRequest(`${parameter.name} is required`);
    values[parameter.name] = readOne(parameter, raw);
  }
  return values;
}

/** The one chain the world lives on. */
export const CHAIN = 'MONAD';

/**
 * Whether a chain selector names the world's chain (for a list such as `chains`: whether it is among them).
 * The service documents a refusal of an invalid chain for unrealized PnL only (`requireChain`); everywhere
 * else a chain the sandbox holds no data for is answered as an account without history is: empty pages,
 * all-zero records and volumes, the pairs listed in `failures`. That is the sandbox's choice.
 */
export function onChain(value: unknown): boolean {
  return Array.isArray(value) ? value.includes(CHAIN) : value === CHAIN;
}

/** Unrealized PnL's documented 400 for an invalid chain parameter: any chain but the world's. */
export function requireChain(value: unknown, name: string): void {
  if (!onChain(value)) {
    throw new Refusal(
      400,
      'unknown-chain',
      'Unknown chain',
      `${name} ${shown(value)} is not a chain of the sandbox; its world lives on ${CHAIN}`,
    );
  }
}

type Page<T> = components['schemas']['PageMetadata'] & { content: T[] };

/**
 * One page of `total` items, 0-indexed; `pick(from, to)` gives the items of the slice. Any page size is served:
 * a page never holds more than the list, and every list of the world is finite. A negative page or a page
 * size below 1 names no page (the envelope's fields start at 0), so it is refused as input the sandbox cannot use.
 */
export function paginate<T>(
  total: number,
  page: number,
  size: number,
  pick: (from: number, to: number) => T[],
  sizeName = 'size',
): Page<T> {
  if (page < 0) throw badRequest(`page must be 0 or more (pages count from 0), not ${page}`);
  if (size < 1) throw badRequest(`${sizeName} must be 1 or more, not ${size}`);
  const from = Math.min(total, page * size);
  const to = Math.min(total, from + size);
  return {
    content: pick(from, to),
    pageNumber: page,
    pageSize: size,
    totalPages: Math.ceil(total / size),
    totalElements: total,
  };
}

export function bodyObject(request: SandboxRequest): Record<string, unknown> {
  const { body } = request;
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('The body must be a JSON object');
  return body as Record<string, unknown>;
}
