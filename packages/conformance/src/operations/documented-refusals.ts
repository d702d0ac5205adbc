// The requests the service description says are refused with 400, each with its words. Only these are
// sent: a bound the contract gives a parameter (a pattern, a minimum) is not by itself a promise of a 400,
// and a service may answer anything else it declares (a 404 for a pair with no snapshot, say).
import type { ContractOperation, Parameter } from '@trading-analytics/core';

/** A value the service description says is refused with 400, and its words. */
interface Refusal {
  operationId: string;
  parameter: string;
  value: string | number;
  /** Why the value is refused, for the report. */
  why: string;
  /**
   * The contract holds no bound the value breaks (it names no list of chains), so a mock of the contract
   * cannot know to refuse it: the request names the contract's 400 with `Prefer: code=400`, which a service
   * ignores (RFC 7240) and judges by its own rules.
   */
  preferRefusal?: true;
}

const HOURS_AGO = '"`hours_ago` outside 1 to 24 on `pair-hours-ago`" (400)';
const UNREALIZED_PNL = '"Unrealized PnL: invalid address or invalid chain parameter" (400)';

const REFUSALS: readonly Refusal[] = [
  { operationId: 'getPriceHoursAgo', parameter: 'hours_ago', value: 0, why: `below 1: ${HOURS_AGO}` },
  { operationId: 'getPriceHoursAgo', parameter: 'hours_ago', value: 25, why: `above 24: ${HOURS_AGO}` },
  {
    operationId: 'getUnrealizedPnl',
    parameter: 'user_address',
    value: 'not-an-address',
    why: `not an address: ${UNREALIZED_PNL}`,
  },
  {
    operationId: 'getUnrealizedPnl',
    parameter: 'block_chain',
    value: 'NOT_A_CHAIN',
    why: `not a chain: ${UNREALIZED_PNL}`,
    preferRefusal: true,
  },
];

/** A request that must be refused: one parameter of the operation set to a value the service refuses. */
export interface OutOfRange {
  parameter: Parameter;
  value: string | number;
  why: string;
  preferRefusal?: true;
}

/** The refusals of one operation, each where the operation has the parameter and declares a 400. */
export function refusalsOf(entry: ContractOperation): OutOfRange[] {
  if (!entry.operation.responses?.['400']) return [];
  return REFUSALS.flatMap(({ operationId, parameter: name, ...refusal }) => {
    const parameter = entry.parameters.find((candidate) => candidate.name === name);
    return operationId === entry.operationId && parameter ? [{ parameter, ...refusal }] : [];
  });
}
