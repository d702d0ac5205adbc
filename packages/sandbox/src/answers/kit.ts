// What every answer is made with: refusals as problem+json, reading parameters with the sandbox's defaults,
// pages, and the chain selectors.
import type { SandboxAnswer, SandboxRequest } from '../types.js';
import { type Parameter, operationParameters } from '../parameters.js';

export const PROBLEM_TYPE = 'application/problem+json';

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
  return { status, contentType: PROBLEM_TYPE, body: { type: `urn:trading-analytics-sandbox:${kind}`, title, status, detail } };
}

export const badRequest = (detail: string): Refusal => new Refusal(400, 'invalid-request', 'Invalid request', detail);
export const notFound = (kind: string, detail: string): Refusal => new Refusal(404, kind, 'Not found', detail);

export const ok = (body: unknown): SandboxAnswer => ({ status: 200, body });

const shown = (text: string): string => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);

/** Values read from a request: integers, booleans, strings, string lists, by parameter name. */
export type Values = Record<string, number | boolean | string | string[] | undefined>;

function readOne(parameter: Parameter, raw: string | string[] | undefined): number | boolean | string | string[] | undefined {
  if (raw === undefined) return parameter.default;
  if (parameter.kind === 'list') {
    const values = Array.isArray(raw) ? raw : [raw];
    return parameter.style === 'csv' ? values.flatMap((value) => value.split(',')) : values;
  }
  // A scalar sent twice: the first value counts, as Prism and most servers read it.
  const text = Array.isArray(raw) ? (raw[0] ?? '') : raw;
  switch (parameter.kind) {
    case 'integer': {
      if (!/^-?\d{1,15}$/.test(text)) throw badRequest(`${parameter.name} must be an integer, not ${shown(text)}`);
      const value = Number(text);
      if (parameter.minimum !== undefined && value < parameter.minimum) throw badRequest(`${parameter.name} must be at least ${parameter.minimum}, not ${value}`);
      if (parameter.maximum !== undefined && value > parameter.maximum) throw badRequest(`${parameter.name} must be at most ${parameter.maximum}, not ${value}`);
      return value;
    }
    case 'boolean':
      if (text !== 'true' && text !== 'false') throw badRequest(`${parameter.name} must be true or false, not ${shown(text)}`);
      return text === 'true';
    case 'enum':
      if (!(parameter.values ?? []).includes(text)) throw badRequest(`${parameter.name} must be one of ${(parameter.values ?? []).join(', ')}, not ${shown(text)}`);
      return text;
    case 'address':
      if (!/^0x[0-9a-fA-F]{40}$/.test(text)) throw badRequest(`${parameter.name} must be a 0x-prefixed 20-byte hex address, not ${shown(text)}`);
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

/** Refuses a chain selector other than MONAD (the sandbox has no other chain). */
export function checkChain(value: unknown, name: string): void {
  const chains = Array.isArray(value) ? value : [value];
  for (const chain of chains) {
    if (chain !== CHAIN) throw new Refusal(400, 'unknown-chain', 'Unknown chain', `${name} ${shown(String(chain))} is not a chain of the sandbox; its world lives on ${CHAIN}`);
  }
}

/** The largest page the sandbox serves (its own limit: the service documents none). */
export const MAX_PAGE_SIZE = 1000;

export interface Page<T> {
  content: T[];
  pageNumber: number;
  pageSize: number;
  totalPages: number;
  totalElements: number;
}

/** One page of `total` items, 0-indexed; `pick(from, to)` gives the items of the slice. */
export function paginate<T>(total: number, page: number, size: number, pick: (from: number, to: number) => T[], sizeName = 'size'): Page<T> {
  if (page < 0) throw badRequest(`page must be 0 or more, not ${page}`);
  if (size < 1 || size > MAX_PAGE_SIZE) throw badRequest(`${sizeName} must be from 1 to ${MAX_PAGE_SIZE} (the sandbox's own limit), not ${size}`);
  const from = Math.min(total, page * size);
  const to = Math.min(total, from + size);
  return { content: pick(from, to), pageNumber: page, pageSize: size, totalPages: Math.ceil(total / size), totalElements: total };
}

export function bodyObject(request: SandboxRequest): Record<string, unknown> {
  const { body } = request;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The body must be a JSON object');
  return body as Record<string, unknown>;
}
