// Every problem a run can find: its check kind with the facts found, and the one place that words them.
// A report's `check`, `expected` and `observed` are written here and nowhere else.
import type { SchemaError } from '@trading-analytics/core';
import type { Sent } from '../transport/http-client.js';
import { excerpt, jsonExcerpt } from './excerpt.js';
import type { Redact } from './redact.js';
import type {
  BehaviourId,
  CheckKind,
  OperationProblem,
  RuleId,
  WorkflowCheckName,
  WorkflowProblem,
} from './report-types.js';

/** A field a rule read, as a pointer into the answer or a few words, and the value it held (undefined: absent). */
export interface RuleSeen {
  at: string;
  value: unknown;
}

/** A value a behaviour read: in which of its requests (an index into its `requests`), where, and what it held. */
export interface BehaviourSeen {
  request: number;
  at: string;
  value: unknown;
}

// A rule's problem lists at most this many of the fields that break it.
const RULE_FIELDS_SHOWN = 5;
// A behaviour's problem shows each value (a row, a count) in at most this many characters.
const BEHAVIOUR_VALUE_LENGTH = 240;

/** A finding: the check kind (one the report names) and the facts found. */
type Finding<Kind extends CheckKind, Facts> = { check: Kind } & Facts;

/** A departure of one operation from the contract. */
export type OperationFinding =
  // A required parameter with no value: no example in the contract, none in --params, no placeholder.
  | Finding<'request', { missing: string[] }>
  | Finding<'timeout', { timeoutMs: number }>
  | Finding<'network', { error: string }>
  // An answer whose body is over the cap: the rest of it is left unread.
  | Finding<'body-size', { status: number; maxBodyBytes: number }>
  // A status the operation declares neither exactly, by range nor as `default`.
  // Also a 404 on the operation's own request, declared or not (`notFound`): a wrong base-URL prefix or
  // --params answers every operation so, and an operation that declares a 404 would pass.
  | Finding<'status', { declared: string[]; status: number; text: string; notFound?: true }>
  // A declared header that is absent while required (`invalid` undefined) or breaks its schema.
  | Finding<'header', { header: string; invalid?: { value: string; error: SchemaError } }>
  | Finding<'content-type', { declared: string[]; contentType: string | null }>
  // A body that is not JSON where the declared media type is.
  | Finding<'body', { text: string }>
  | Finding<'schema', { error: SchemaError }>
  // A value outside a parameter's bounds that the service did not refuse with 400.
  | Finding<'out-of-range', { parameter: string; value: string | number; why: string; answer: Sent; request: string }>
  // A rule of the service description's prose that an answer breaks: `expected` in the runner's words, the
  // fields that break it (`seen`) or, for a request of the rule's own, the whole answer.
  // `target`: the path and query of the rule's own request, when the answer judged is not the operation's.
  | Finding<
      'rule',
      { rule: RuleId; seed: string; expected: string; target?: string } & ({ seen: RuleSeen[] } | { answer: Sent })
    >
  // A behaviour across requests that the answers break: `expected` in the runner's words, the values that
  // disagree (`seen`, each in one of `requests`: request lines as requestLine writes them), `also` what else
  // broke it in a few words.
  | Finding<
      'behaviour',
      {
        behaviour: BehaviourId;
        seed: string;
        expected: string;
        requests: string[];
        seen: BehaviourSeen[];
        also?: string;
      }
    >;

/** Where a workflow problem sits: a step of it, and the step's operation when it names one. */
interface StepRef {
  stepId: string;
  operationId: string | undefined;
  /** The step's request line (see requestLine), when Respect's log has it. */
  request: string | undefined;
}

/** A departure of one workflow. */
export type WorkflowFinding =
  // Respect left no log of the file's run (`output`: the end of what it printed), or none of this workflow.
  | Finding<'respect', { output?: string }>
  // The workflow stopped before its last step, or (`failed`) a step failed a check its operation's own check
  // fails too: the flow did not pass, and this is its one problem.
  | Finding<
      'steps',
      { declared: number; run: number; failed?: { stepId: string; operationId: string | undefined; check: string } }
    >
  // One of Respect's checks of a step failed, as Respect words it.
  | Finding<'step', StepRef & { name: string; condition: string | undefined; message: string | undefined }>
  // A step's `updateFee` or `verifition_fee` is not an integer string.
  | Finding<'transaction value', StepRef & { field: string; value: unknown }>
  // A request of the flows the proxy did not pass on (not an operation the flows name, or one the run may
  // not send): the service never received it.
  | Finding<'refused', { method: string; target: string; reason: string; request: string }>;

function stepName({ stepId, operationId }: StepRef, check: string): WorkflowCheckName {
  // A step that runs no operation of its own reads `(undefined)`, as reports always have.
  return `${stepId} (${String(operationId)}): ${check}`;
}

/** What an answer to an out-of-range request came to, in a word or two. */
function refusalSeen(answer: Sent, redact: Redact): string {
  if (answer.kind === 'timeout') return 'no answer within the timeout';
  if (answer.kind === 'network') return `network error: ${excerpt(answer.error, redact)}`;
  if (answer.kind === 'oversized') return `${answer.status}, body over ${answer.maxBodyBytes} bytes`;
  return `${answer.status}`;
}

/** A whole answer in a line: its status and an excerpt of its body, or what came instead. */
function answerSeen(answer: Sent, redact: Redact): string {
  if (answer.kind !== 'answer') return refusalSeen(answer, redact);
  return `${answer.status} ${answer.text ? excerpt(answer.text, redact) : 'empty body'}`;
}

/** The fields that break a rule, `at = value` each, the first few of them. */
function fieldsSeen(seen: RuleSeen[], redact: Redact): string {
  const shown = seen
    .slice(0, RULE_FIELDS_SHOWN)
    .map(({ at, value }) => `${excerpt(at, redact, 120)} = ${jsonExcerpt(value, redact)}`);
  const more = seen.length - shown.length;
  return `${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}

/** The values that break a behaviour, `at in request n = value` each (`at = value` with one request). */
function behaviourSeen(seen: readonly BehaviourSeen[], requests: number, redact: Redact): string {
  return seen
    .map(({ request, at, value }) => {
      const where = requests > 1 ? `${excerpt(at, redact, 120)} in request ${request + 1}` : excerpt(at, redact, 120);
      return `${where} = ${jsonExcerpt(value, redact, BEHAVIOUR_VALUE_LENGTH)}`;
    })
    .join('; ');
}

/** An operation's finding in the report's words; what the service sent is redacted and cut (`excerpt`). */
export function operationProblem(finding: OperationFinding, redact: Redact): OperationProblem {
  const { check } = finding;
  switch (finding.check) {
    case 'request':
      return {
        check,
        expected: `a value for ${finding.missing.join(', ')}`,
        observed: 'no example in the contract and none in --params',
      };
    case 'timeout':
      return { check, expected: `an answer within ${finding.timeoutMs} ms`, observed: 'no answer' };
    case 'network':
      return { check, expected: 'an HTTP answer', observed: excerpt(finding.error, redact) };
    case 'body-size':
      return {
        check,
        expected: `a body of at most ${finding.maxBodyBytes} bytes (--max-body-bytes)`,
        observed: `${finding.status}, body over ${finding.maxBodyBytes} bytes (the rest left unread)`,
      };
    case 'status': {
      const observed = `${finding.status}${finding.text ? ` ${excerpt(finding.text, redact)}` : ''}`;
      if (!finding.notFound) return { check, expected: `one of ${finding.declared.join(', ')}`, observed };
      return {
        check,
        expected: `a success for the request made from the contract's first example (${finding.declared.join(', ')} declared)`,
        observed: `${observed} (is the path of --base-url right, and do --params name what the service has?)`,
      };
    }
    case 'header': {
      const { header, invalid } = finding;
      if (!invalid) return { check, expected: `${header} present`, observed: `${header} absent` };
      return {
        check,
        expected: `${header} ${invalid.error.message}`,
        observed: `${header}: ${excerpt(invalid.value, redact)}`,
      };
    }
    case 'content-type':
      return {
        check,
        expected: finding.declared.join(' or '),
        observed: finding.contentType === null ? 'no Content-Type' : excerpt(finding.contentType, redact),
      };
    case 'body':
      return { check, expected: 'a JSON body', observed: excerpt(finding.text || 'an empty body', redact) };
    case 'schema': {
      // The pointer is made of the service's own keys: cut like any value it sent.
      const at = excerpt(finding.error.at, redact, 120);
      return {
        check,
        expected: `${at} ${finding.error.message}`,
        observed: `${at} = ${jsonExcerpt(finding.error.value, redact)}`,
      };
    }
    case 'out-of-range':
      return {
        check,
        expected: `400 for ${finding.parameter}=${finding.value} (${finding.why})`,
        observed: refusalSeen(finding.answer, redact),
      };
    case 'rule':
      return {
        check,
        expected: `${finding.rule}: ${finding.expected}`,
        observed: 'answer' in finding ? answerSeen(finding.answer, redact) : fieldsSeen(finding.seen, redact),
        rule: finding.rule,
        seed: finding.seed,
      };
    case 'behaviour': {
      const seen = behaviourSeen(finding.seen, finding.requests.length, redact);
      const also = finding.also === undefined ? undefined : excerpt(finding.also, redact);
      return {
        check,
        expected: `${finding.behaviour}: ${finding.expected}`,
        observed: also === undefined ? seen : seen === '' ? also : `${seen} (${also})`,
        behaviour: finding.behaviour,
        seed: finding.seed,
        ...(finding.requests[0] === undefined ? {} : { request: finding.requests[0] }),
        requests: finding.requests,
      };
    }
  }
}

/** A workflow's finding in the report's words; what the service or Respect wrote is redacted and cut. */
export function workflowProblem(finding: WorkflowFinding, redact: Redact): WorkflowProblem {
  switch (finding.check) {
    case 'respect':
      return finding.output === undefined
        ? { check: 'respect', expected: 'the workflow is run', observed: 'not run' }
        : { check: 'respect', expected: 'Respect runs the workflow', observed: excerpt(finding.output, redact) };
    case 'steps': {
      const { failed } = finding;
      if (!failed) return { check: 'steps', expected: `${finding.declared} steps run`, observed: `${finding.run} run` };
      return {
        check: 'steps',
        expected: `every step run and passed (${finding.declared} steps)`,
        observed: `${finding.run} run; ${failed.stepId} (${String(failed.operationId)}) failed its ${failed.check}, as ${String(failed.operationId)}'s own check does`,
      };
    }
    case 'step':
      return withRequest(finding.request, {
        check: stepName(finding, finding.name),
        expected: finding.condition ?? 'pass',
        observed: excerpt(finding.message ?? '', redact),
      });
    case 'transaction value':
      return withRequest(finding.request, {
        check: stepName(finding, 'transaction value'),
        expected: `${finding.field} an integer string (wei)`,
        observed: jsonExcerpt(finding.value, redact),
      });
    case 'refused':
      return {
        check: 'refused',
        expected: "only requests for the operations the flows name, as the run may send them, on the base URL's origin",
        observed: `${finding.method} ${excerpt(finding.target, redact, 200)} refused, never sent: ${finding.reason}`,
        request: finding.request,
      };
  }
}

/** A problem with the request that showed it, when there is one. */
function withRequest(request: string | undefined, problem: WorkflowProblem): WorkflowProblem {
  return request === undefined ? problem : { ...problem, request };
}

/** One problem on one line: `check: expected …; observed …`. */
export function problemLine(problem: OperationProblem | WorkflowProblem): string {
  return `${problem.check}: expected ${problem.expected}; observed ${problem.observed}`;
}

/**
 * The lines of a list of problems: each problem's line, after the line of its request (`request: GET …`)
 * where the request differs from the one before.
 */
export function problemLines(problems: readonly (OperationProblem | WorkflowProblem)[]): string[] {
  const lines: string[] = [];
  let shown: string | undefined;
  for (const problem of problems) {
    const requests = 'requests' in problem ? problem.requests : undefined;
    if (requests !== undefined && requests.length > 1) {
      // A behaviour seen across requests: each numbered, as its `observed` refers to them.
      lines.push(...requests.map((request, index) => `request ${index + 1}: ${request}`));
      shown = undefined;
      lines.push(problemLine(problem));
      continue;
    }
    if (problem.request !== undefined && problem.request !== shown) lines.push(`request: ${problem.request}`);
    shown = problem.request ?? shown;
    lines.push(problemLine(problem));
  }
  return lines;
}
