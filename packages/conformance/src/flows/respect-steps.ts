// How one step Respect ran is read. Respect fails a step on its success criteria (`$statusCode == 200`) and
// on an output it cannot resolve; the contract may allow both: a status the operation declares (the 503 of
// unrealized PnL) ends the flow there as an observation, and an empty list (no competition yet) leaves
// nothing for the next step to follow. Neither is a departure; what is, is reported once.
import { type ContractOperation, declaredResponse } from '@trading-analytics/core';
import type { OperationCheck } from '../reports/report-types.js';
import { jsonOf } from '../transport/http-client.js';
import type { ArazzoDocument, RespectLog } from './respect-process.js';

type RespectStep = NonNullable<
  NonNullable<RespectLog['files'][string]['executedWorkflows']>[number]['executedSteps']
>[number];
type RespectCheck = NonNullable<RespectStep['checks']>[number];

/** What a step came to once the contract's allowances are taken out of Respect's checks. */
export interface StepReading {
  /** Respect's failed checks that are departures. */
  failed: RespectCheck[];
  /** Why the flow ends at this step though nothing departs (a declared status, an empty list); undefined when it goes on. */
  stop?: { kind: 'declared-status'; status: number; description: string } | { kind: 'empty-list'; pointer: string };
}

// A success criterion on the status alone: `$statusCode == 200`.
const STATUS_CRITERION = /^\s*\$statusCode\s*==\s*[1-5][0-9][0-9]\s*$/;
const BODY_POINTER = /^\$response\.body#(\/.*)?$/;

/** The pointer to an empty list on the way to `pointer` in `body`, or undefined when there is none. */
function emptyListOnTheWay(body: unknown, pointer: string): string | undefined {
  const tokens = pointer
    .split('/')
    .slice(1)
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
  let node = body;
  let at = '';
  for (const token of tokens) {
    if (Array.isArray(node)) {
      if (node.length === 0) return at || '/';
      node = node[Number(token)];
    } else if (node !== null && typeof node === 'object') {
      node = (node as Record<string, unknown>)[token];
    } else return undefined;
    at += `/${token}`;
  }
  return undefined;
}

/**
 * Reads one step (`handed`: the body the proxy handed Respect, which its log leaves out of a step that errs;
 * `bodyDeparts`: the runner's own check found the body departs): which of Respect's failed checks are
 * departures, and whether the flow ends here as allowed.
 */
export function readStep(
  step: RespectStep,
  declared: ArazzoDocument['workflows'][number]['steps'][number] | undefined,
  operation: ContractOperation | undefined,
  handed: string | undefined,
  bodyDeparts = false,
): StepReading {
  // A check the run turned off (Respect's schema check: the runner's own judges the body) is not read.
  const failed = (step.checks ?? []).filter((check) => !check.passed && check.severity !== 'off');
  const body = step.response?.body ?? jsonOf(handed);
  const status = step.response?.statusCode;
  const response = operation && status !== undefined ? declaredResponse(operation, status) : undefined;
  const statusOnly = (check: RespectCheck) =>
    check.name === 'success criteria check' && STATUS_CRITERION.test(check.condition ?? '');
  // Outputs that read the body through a list that is empty: nothing for the steps after to follow.
  const emptyLists = Object.values(declared?.outputs ?? {}).flatMap((expression) => {
    if (typeof expression !== 'string') return [];
    const pointer = BODY_POINTER.exec(expression)?.[1];
    const list = pointer === undefined ? undefined : emptyListOnTheWay(body, pointer);
    return list === undefined ? [] : [{ expression, list }];
  });
  const unresolved = (check: RespectCheck) =>
    emptyLists.some(({ expression }) => check.message?.includes(`'${expression}'`) === true);
  // A status criterion is the status code check again when the status is not declared, and met when it is.
  const departures = failed.filter((check) => !statusOnly(check) && !unresolved(check));
  if (departures.length > 0 || bodyDeparts) {
    // A failed status or body check leaves the outputs unresolved too: one cause, reported once.
    const outputErrors = (check: RespectCheck) =>
      check.name === 'unexpected error' && /runtime expression/.test(check.message ?? '');
    const causes = departures.filter((check) => !outputErrors(check));
    return { failed: causes.length > 0 || bodyDeparts ? causes : departures };
  }
  if (failed.some(statusOnly) && !response) {
    // Respect's own status code check names an undeclared status; without it, the criterion is the departure.
    return { failed: failed.filter(statusOnly) };
  }
  if (response && status !== undefined && (status < 200 || status >= 300)) {
    const description = (response.response as { description?: unknown }).description;
    return {
      failed: [],
      stop: { kind: 'declared-status', status, description: typeof description === 'string' ? description : '' },
    };
  }
  const [empty] = emptyLists;
  if (empty && failed.some(unresolved)) return { failed: [], stop: { kind: 'empty-list', pointer: empty.list } };
  return { failed: [] };
}

// Respect's checks of a step that the runner's own check of the operation makes too.
const SAME_CHECK: Partial<Record<string, readonly OperationCheck[]>> = {
  'status code check': ['status'],
  'content-type check': ['content-type'],
  'schema check': ['schema', 'body'],
};

/**
 * Whether a failed check of a step is one its operation's own check already failed (the operations are
 * checked first): the flow still fails, with one problem saying so rather than the same cause again.
 */
export function alreadyCounted(checkName: string, failedChecks: ReadonlySet<OperationCheck> | undefined): boolean {
  return (SAME_CHECK[checkName] ?? []).some((check) => failedChecks?.has(check) === true);
}
