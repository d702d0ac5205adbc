// Every problem a run can find: its check kind with the facts found, and the one place that words them.
// A report's `check`, `expected` and `observed` are written here and nowhere else.
import type { SchemaError } from '@trading-analytics/core';
import { excerpt } from './excerpt.js';
import type { Sent } from './http.js';
import type { CheckKind, OperationProblem, WorkflowCheckName, WorkflowProblem } from './report.js';

/** A finding: the check kind (one the report names) and the facts found. */
type Finding<Kind extends CheckKind, Facts> = { check: Kind } & Facts;

/** A departure of one operation from the contract. */
export type OperationFinding =
  // A required parameter with no value: no example in the contract, none in --params, no placeholder.
  | Finding<'request', { missing: string[] }>
  | Finding<'timeout', { timeoutMs: number }>
  | Finding<'network', { error: string }>
  // A status the operation declares neither exactly, by range nor as `default`.
  | Finding<'status', { declared: string[]; status: number; text: string }>
  // A declared header that is absent while required (`invalid` undefined) or breaks its schema.
  | Finding<'header', { header: string; invalid?: { value: string; error: SchemaError } }>
  | Finding<'content-type', { declared: string[]; contentType: string | null }>
  // A body that is not JSON where the declared media type is.
  | Finding<'body', { text: string }>
  | Finding<'schema', { error: SchemaError }>
  // A value outside a parameter's bounds that the service did not refuse with 400.
  | Finding<'out-of-range', { parameter: string; value: string | number; why: string; answer: Sent }>;

/** Where a workflow problem sits: a step of it, and the step's operation when it names one. */
interface StepRef {
  stepId: string;
  operationId: string | undefined;
}

/** A departure of one workflow. */
export type WorkflowFinding =
  // Respect left no log of the file's run (`output`: the end of what it printed), or none of this workflow.
  | Finding<'respect', { output?: string }>
  // The workflow stopped before its last step.
  | Finding<'steps', { declared: number; run: number }>
  // One of Respect's checks of a step failed, as Respect words it.
  | Finding<'step', StepRef & { name: string; condition: string | undefined; message: string | undefined }>
  // A step's `updateFee` or `verifition_fee` is not an integer string.
  | Finding<'transaction value', StepRef & { field: string; value: unknown }>;

function stepName({ stepId, operationId }: StepRef, check: string): WorkflowCheckName {
  // A step that runs no operation of its own reads `(undefined)`, as reports always have.
  return `${stepId} (${String(operationId)}): ${check}`;
}

/** What an answer to an out-of-range request came to, in a word or two. */
function refusalSeen(answer: Sent): string {
  if (answer.kind === 'timeout') return 'no answer within the timeout';
  if (answer.kind === 'network') return `network error: ${answer.error}`;
  return `${answer.status}`;
}

/** An operation's finding in the report's words. */
export function operationProblem(finding: OperationFinding): OperationProblem {
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
      return { check, expected: 'an HTTP answer', observed: finding.error };
    case 'status':
      return {
        check,
        expected: `one of ${finding.declared.join(', ')}`,
        observed: `${finding.status}${finding.text ? ` ${excerpt(finding.text)}` : ''}`,
      };
    case 'header': {
      const { header, invalid } = finding;
      if (!invalid) return { check, expected: `${header} present`, observed: `${header} absent` };
      return {
        check,
        expected: `${header} ${invalid.error.message}`,
        observed: `${header}: ${excerpt(invalid.value)}`,
      };
    }
    case 'content-type':
      return { check, expected: finding.declared.join(' or '), observed: finding.contentType ?? 'no Content-Type' };
    case 'body':
      return { check, expected: 'a JSON body', observed: excerpt(finding.text || 'an empty body') };
    case 'schema': {
      const { at, message, value } = finding.error;
      return { check, expected: `${at} ${message}`, observed: `${at} = ${excerpt(value)}` };
    }
    case 'out-of-range':
      return {
        check,
        expected: `400 for ${finding.parameter}=${finding.value} (${finding.why})`,
        observed: refusalSeen(finding.answer),
      };
  }
}

/** A workflow's finding in the report's words. */
export function workflowProblem(finding: WorkflowFinding): WorkflowProblem {
  switch (finding.check) {
    case 'respect':
      return finding.output === undefined
        ? { check: 'respect', expected: 'the workflow is run', observed: 'not run' }
        : { check: 'respect', expected: 'Respect runs the workflow', observed: excerpt(finding.output) };
    case 'steps':
      return { check: 'steps', expected: `${finding.declared} steps run`, observed: `${finding.run} run` };
    case 'step':
      return {
        check: stepName(finding, finding.name),
        expected: finding.condition ?? 'pass',
        observed: excerpt(finding.message ?? ''),
      };
    case 'transaction value':
      return {
        check: stepName(finding, 'transaction value'),
        expected: `${finding.field} an integer string (wei)`,
        observed: excerpt(finding.value),
      };
  }
}

/** One problem on one line: `check: expected …; observed …`. */
export function problemLine(problem: OperationProblem | WorkflowProblem): string {
  return `${problem.check}: expected ${problem.expected}; observed ${problem.observed}`;
}
