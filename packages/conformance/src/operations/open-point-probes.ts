// Reads at the points the contract marks `x-not-documented` that a request can observe. What the service
// does there is recorded, never judged: it is what we learn, to feed back into the contract.
import type { ContractOperation } from '@trading-analytics/core';
import { excerpt } from '../reports/excerpt.js';
import type { Redact } from '../reports/redact.js';
import type { Observation } from '../reports/report-types.js';
import type { RequestSpec, Sent } from '../transport/http-client.js';
import { type ParameterValues, requestTarget } from './request-values.js';

const PAGE_SIZES_TO_PROBE = [100, 1000];
const UNKNOWN_COMPETITION_ID = 2147483647;
// An address no market or snapshot uses (the cast's "cannot be resolved" pair base).
const ADDRESS_WITH_NO_DATA = '0x000000000000000000000000000000000000dead';

/** One change to the operation's example request. */
interface Variant {
  label: string;
  /** Parameter values set over the example's. */
  values?: ParameterValues;
  /** Parameters left out. */
  omit?: string[];
  /** Query parameters added that the operation does not declare. */
  extraQuery?: Record<string, string>;
  /** A body in place of the example's. */
  body?: unknown;
}

/** The variants sent for one open point. */
interface Probe {
  point: string;
  variants: Variant[];
  /** Send the variants in order until one is not answered with a 2xx. */
  stopAtFirstRefusal?: boolean;
}

function notDocumented(node: unknown): string | undefined {
  const point = (node as { 'x-not-documented'?: unknown } | undefined)?.['x-not-documented'];
  return typeof point === 'string' ? point : undefined;
}

/** The probes for one operation. Only reads are probed. */
function probesFor(entry: ContractOperation): Probe[] {
  const probes: Probe[] = [];
  const operationPoint = notDocumented(entry.operation);
  const has = (name: string) => entry.parameters.some((parameter) => parameter.name === name);
  if (operationPoint && /unknown competition id/i.test(operationPoint) && has('id')) {
    probes.push({
      point: operationPoint,
      variants: [
        { label: `id=${UNKNOWN_COMPETITION_ID}, an id no competition has`, values: { id: UNKNOWN_COMPETITION_ID } },
      ],
    });
  }
  if (operationPoint && /empty pairBases/i.test(operationPoint)) {
    probes.push({ point: operationPoint, variants: [{ label: 'pairBases: [] (empty)', body: { pairBases: [] } }] });
  }
  if (operationPoint && /accepts the chains parameter/i.test(operationPoint)) {
    probes.push({
      point: operationPoint,
      variants: [
        { label: 'without chains', values: {} },
        { label: 'chains=MONAD', extraQuery: { chains: 'MONAD' } },
        { label: 'chains=NOT_A_CHAIN', extraQuery: { chains: 'NOT_A_CHAIN' } },
      ],
    });
  }
  for (const { status, response } of entry.responses) {
    const point = notDocumented(response);
    if (status === '404' && point && has('pair_base')) {
      probes.push({
        point: `${point} (404)`,
        variants: [
          {
            label: `pair_base=${ADDRESS_WITH_NO_DATA}, a market with no snapshot`,
            values: { pair_base: ADDRESS_WITH_NO_DATA },
          },
        ],
      });
    }
  }
  for (const parameter of entry.parameters) {
    const point = notDocumented(parameter);
    if (!point || parameter.in !== 'query') continue;
    if (/maximum/i.test(point)) {
      probes.push({
        point: `${point} (${parameter.name})`,
        stopAtFirstRefusal: true,
        variants: PAGE_SIZES_TO_PROBE.map((size) => ({
          label: `${parameter.name}=${size}`,
          values: { [parameter.name]: size },
        })),
      });
    }
    if (/default/i.test(point)) {
      probes.push({
        point: `${point} (${parameter.name})`,
        variants: [{ label: `without ${parameter.name}`, omit: [parameter.name] }],
      });
    }
  }
  return probes;
}

// A page's metadata is a number; whatever else a service puts there is cut short.
const FIELD_LENGTH = 40;

/**
 * One line of what an answer showed, for the report: a page's metadata, else an excerpt of the body; what
 * the service sent is redacted and cut.
 */
export function describeAnswer(answer: Sent, redact: Redact): string {
  if (answer.kind === 'timeout') return `no answer within the timeout (${answer.ms} ms)`;
  if (answer.kind === 'network') return `network error: ${excerpt(answer.error, redact)}`;
  const header = answer.headers.get('content-type');
  const contentType = header === null ? 'no Content-Type' : excerpt(header, redact, 100);
  if (answer.kind === 'oversized') return `${answer.status} ${contentType}: body over ${answer.maxBodyBytes} bytes`;
  let detail = answer.text ? excerpt(answer.text, redact) : 'empty body';
  try {
    const body = JSON.parse(answer.text) as { content?: unknown; [field: string]: unknown } | null;
    if (body && typeof body === 'object' && Array.isArray(body.content)) {
      const field = (name: string) => excerpt(body[name] ?? 'absent', redact, FIELD_LENGTH);
      detail = `${body.content.length} items; pageNumber ${field('pageNumber')}, pageSize ${field('pageSize')}, totalPages ${field('totalPages')}, totalElements ${field('totalElements')}`;
    }
  } catch {
    // not JSON: the excerpt of the text stays
  }
  return `${answer.status} ${contentType}: ${detail}`;
}

/**
 * Sends the probes of one operation, each variant a change to its example request (`values`, `body`), and
 * records what came back, one observation per probe.
 */
export async function observe(
  entry: ContractOperation,
  example: { values: ParameterValues; body: unknown },
  send: (spec: RequestSpec) => Promise<Sent>,
  redact: Redact,
): Promise<Observation[]> {
  const observations: Observation[] = [];
  for (const probe of probesFor(entry)) {
    const seen: string[] = [];
    for (const variant of probe.variants) {
      const values = { ...example.values, ...variant.values };
      for (const name of variant.omit ?? []) delete values[name];
      let target = requestTarget(entry, values);
      if (variant.extraQuery) target += `${target.includes('?') ? '&' : '?'}${new URLSearchParams(variant.extraQuery)}`;
      const answer = await send({ method: entry.method, target, body: variant.body ?? example.body });
      seen.push(`${variant.label}: ${describeAnswer(answer, redact)}`);
      if (probe.stopAtFirstRefusal && !(answer.kind === 'answer' && answer.status >= 200 && answer.status < 300)) break;
    }
    observations.push({
      operationId: entry.operationId,
      point: probe.point,
      request: `${entry.method.toUpperCase()} ${entry.path}`,
      observed: seen.join(' | '),
    });
  }
  return observations;
}
