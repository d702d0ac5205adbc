// Faults injected in a world (`POST /__sandbox/faults`): latency on every answer to an operation of the
// contract, and per operation an error status or a dropped connection, each hitting a share of the requests.
// Which request is hit, and how long each waits, is drawn from a stream of the world's own, started again on
// every change of the faults, so the same requests meet the same faults on the mock and in MSW.
import { problem } from '../answers/kit.js';
import { badField } from '../errors.js';
import { OPERATION_IDS } from '../parameters.js';
import { Random } from '../random.js';
import { DOCUMENTED_ERRORS } from '../statuses.js';
import type { ActiveFault, ActiveFaults, FaultDecision } from '../types.js';

/** The longest latency a fault may add: a client's own timeouts are usually shorter. */
export const MAX_LATENCY_MS = 30_000;

export const NO_FAULTS: ActiveFaults = { latencyMs: null, errors: [] };
const ANSWER: FaultDecision = { delayMs: 0, outcome: { kind: 'answer' }, kinds: [] };

const shown = (value: unknown): string => JSON.stringify(value) ?? String(value);

function onlyKeys(value: Record<string, unknown>, keys: readonly string[], prefix: string): void {
  for (const key of Object.keys(value))
    if (!keys.includes(key))
      throw badField(`${prefix}${key}`, `${prefix}${key} is not a field of the faults; they take ${keys.join(', ')}.`);
}

function object(value: unknown, field: string, what: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw badField(field, `${field} must be ${what}.`);
  return value as Record<string, unknown>;
}

function readLatency(value: unknown): ActiveFaults['latencyMs'] {
  if (value === undefined || value === null) return null;
  const latency = object(value, 'latencyMs', 'an object { min, max } of milliseconds');
  onlyKeys(latency, ['min', 'max'], 'latencyMs.');
  const bound = (name: 'min' | 'max'): number => {
    const ms = latency[name];
    if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms > MAX_LATENCY_MS)
      throw badField(
        `latencyMs.${name}`,
        `latencyMs.${name} must be a whole number of milliseconds from 0 to ${MAX_LATENCY_MS}, not ${shown(ms)}.`,
      );
    return ms;
  };
  const min = bound('min');
  const max = bound('max');
  if (max < min) throw badField('latencyMs.max', `latencyMs.max (${max}) is below latencyMs.min (${min}).`);
  return { min, max };
}

function readError(value: unknown, at: number, seen: Set<string>): ActiveFault {
  const field = `errors[${at}]`;
  const error = object(value, field, 'an object { operationId, status?, reset?, rate?, outsideContract? }');
  onlyKeys(error, ['operationId', 'status', 'reset', 'rate', 'outsideContract'], `${field}.`);
  const { operationId, status, reset = false, rate = 1, outsideContract = false } = error;
  if (typeof operationId !== 'string' || !OPERATION_IDS.includes(operationId))
    throw badField(
      `${field}.operationId`,
      `${field}.operationId must be an operationId of the contract, not ${shown(operationId)}.`,
    );
  if (seen.has(operationId))
    throw badField(`${field}.operationId`, `${operationId} has a fault already: give each operation one entry.`);
  seen.add(operationId);
  if (typeof reset !== 'boolean') throw badField(`${field}.reset`, `${field}.reset must be true or false.`);
  if (typeof outsideContract !== 'boolean')
    throw badField(`${field}.outsideContract`, `${field}.outsideContract must be true or false.`);
  if (typeof rate !== 'number' || !(rate >= 0 && rate <= 1))
    throw badField(
      `${field}.rate`,
      `${field}.rate must be a number from 0 to 1 (the share of requests hit), not ${shown(rate)}.`,
    );
  if (reset && status !== undefined)
    throw badField(
      `${field}.reset`,
      `${field} gives both a status and reset: a request is answered or dropped, not both.`,
    );
  if (reset) return { operationId, status: null, reset, rate, outsideContract };
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599)
    throw badField(
      `${field}.status`,
      `${field}.status must be an error status from 400 to 599 (or send reset: true), not ${shown(status)}.`,
    );
  const documented = DOCUMENTED_ERRORS[operationId] ?? [];
  if (!documented.includes(status) && !outsideContract)
    throw badField(
      `${field}.status`,
      `${operationId} does not document ${status}${documented.length > 0 ? ` (it documents ${documented.join(', ')})` : ' (it documents no error status)'}: send outsideContract: true to answer it anyway, outside the contract.`,
    );
  return { operationId, status, reset, rate, outsideContract };
}

/** The faults as given, checked and filled in; a SandboxInputError naming the field otherwise. */
export function readFaults(input: unknown): ActiveFaults {
  const body = object(input, 'body', 'a JSON object { latencyMs?, errors? }');
  onlyKeys(body, ['latencyMs', 'errors'], '');
  const latencyMs = readLatency(body.latencyMs);
  if (body.errors !== undefined && !Array.isArray(body.errors)) throw badField('errors', 'errors must be an array.');
  const listed = (body.errors ?? []) as unknown[];
  if (listed.length > OPERATION_IDS.length)
    throw badField('errors', `errors holds at most one entry per operation (${OPERATION_IDS.length}).`);
  const seen = new Set<string>();
  return { latencyMs, errors: listed.map((error, at) => readError(error, at, seen)) };
}

/** A world's faults and the stream its draws come from. */
export class Faults {
  private active: ActiveFaults = NO_FAULTS;
  private draws: Random;

  constructor(
    private readonly seed: number,
    private readonly label: string,
  ) {
    this.draws = new Random(seed, label);
  }

  get current(): ActiveFaults {
    return this.active;
  }

  set(faults: ActiveFaults): void {
    this.active = faults;
    // Every change starts the stream again: a test that sets its faults meets the same draws each run.
    this.draws = new Random(this.seed, this.label);
  }

  /** The fault a request to an operation meets. */
  decide(operationId: string): FaultDecision {
    const { latencyMs, errors } = this.active;
    if (latencyMs === null && errors.length === 0) return ANSWER;
    const kinds: string[] = [];
    let delayMs = 0;
    if (latencyMs) {
      delayMs = latencyMs.min + Math.floor(this.draws.next() * (latencyMs.max - latencyMs.min + 1));
      kinds.push('latency');
    }
    const error = errors.find((one) => one.operationId === operationId);
    if (!error || this.draws.next() >= error.rate) return { delayMs, outcome: { kind: 'answer' }, kinds };
    if (error.reset) return { delayMs, outcome: { kind: 'reset' }, kinds: [...kinds, 'reset'] };
    const status = error.status as number;
    if ((DOCUMENTED_ERRORS[operationId] ?? []).includes(status))
      return { delayMs, outcome: { kind: 'status', status, documented: true }, kinds: [...kinds, 'status'] };
    const answer = problem(
      status,
      'injected-fault',
      'Injected fault',
      `A fault set with POST /__sandbox/faults answers ${operationId} with ${status}, a status the contract does not document for it (outsideContract).`,
    );
    return {
      delayMs,
      outcome: { kind: 'status', status, documented: false, answer },
      kinds: [...kinds, 'outside-contract'],
    };
  }
}
