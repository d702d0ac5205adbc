// The summary a person reads on stdout: one line per operation and workflow, their problems and notes under
// them, the observations, and the totals. Whatever the service sent, it reaches the terminal as visible
// text: no control sequence, no reordering or hidden character.
import { problemLines } from './problem-words.js';
import { createRedactor } from './redact.js';
import type { BehaviourResult, ConformanceReport, OperationStatus, WorkflowResult } from './report-types.js';

// C0 controls (ESC starts a terminal's control sequences), DEL, C1 controls (CSI and OSC among them), the
// characters that reorder text (BiDi embeddings, overrides, isolates and marks), zero-width ones that hide
// it, and the line and paragraph separators.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE_FOR_TERMINAL = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g;

/** A line of the summary with every character a terminal would act on written as a visible `\uXXXX`. */
function visible(line: string): string {
  return line.replace(
    UNSAFE_FOR_TERMINAL,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const MARKS: Record<OperationStatus, string> = { pass: 'ok  ', fail: 'FAIL', timeout: 'TIME', skipped: 'skip' };
const FLOW_MARKS: Record<WorkflowResult['status'], string> = {
  pass: 'ok  ',
  fail: 'FAIL',
  incomplete: 'part',
  skipped: 'skip',
};
const BEHAVIOUR_MARKS: Record<BehaviourResult['status'], string> = {
  pass: 'ok  ',
  fail: 'FAIL',
  inconclusive: '??  ',
  skipped: 'skip',
};
const INDENT = '        ';
// The longest line of an observation in the summary.
const OBSERVATION_LINE = 160;

const inWorkflows = (report: ConformanceReport) =>
  report.workflows.reduce((total, workflow) => total + workflow.problems.length, 0);

/** The summary of a run, its secrets redacted, each line made safe for a terminal. */
export function formatSummary(report: ConformanceReport): string {
  const lines = [
    `Conformance of ${report.baseUrl} to ${report.contract.title} ${report.contract.version}`,
    '',
    'Operations',
  ];
  const idWidth = Math.max(...report.operations.map((result) => result.operationId.length));
  for (const result of report.operations) {
    const head = `  ${MARKS[result.status]}  ${result.operationId.padEnd(idWidth)}  ${result.method.padEnd(4)} ${result.path}`;
    if (result.status === 'skipped') lines.push(`${head}  (${result.reason})`);
    else lines.push(`${head}  ${result.answered ?? '-'}${result.ms !== undefined ? `  ${result.ms} ms` : ''}`);
    for (const note of result.notes ?? []) lines.push(`${INDENT}${note}`);
    for (const line of problemLines(result.problems)) lines.push(`${INDENT}${line}`);
  }
  if (report.workflows.length > 0) {
    lines.push('', 'Workflows (Redocly Respect)');
    for (const workflow of report.workflows) {
      const steps = workflow.steps.map((step) => `${step.operationId} ${step.status ?? '-'}`).join(' -> ');
      const what = workflow.status === 'skipped' ? `(${workflow.reason})` : steps;
      lines.push(`  ${FLOW_MARKS[workflow.status]}  ${workflow.workflowId}  ${what}`);
      for (const note of workflow.notes) lines.push(`${INDENT}${note}`);
      for (const line of problemLines(workflow.problems)) lines.push(`${INDENT}${line}`);
    }
  }
  if (report.behaviours.length > 0) {
    lines.push('', 'Behaviour across requests (a failure is listed under its operation above)');
    const width = Math.max(...report.behaviours.map((result) => result.behaviour.length));
    const opWidth = Math.max(...report.behaviours.map((result) => result.operationId.length));
    for (const result of report.behaviours) {
      const head = `  ${BEHAVIOUR_MARKS[result.status]}  ${result.behaviour.padEnd(width)}  ${result.operationId.padEnd(opWidth)}`;
      const requests = `${result.requests} request${result.requests === 1 ? '' : 's'}`;
      const line = result.reason ? `${head}  ${requests}; ${result.reason}` : `${head}  ${requests}`;
      lines.push(line.length > OBSERVATION_LINE ? `${line.slice(0, OBSERVATION_LINE - 1)}…` : line);
    }
  }
  if (report.observations.length > 0) {
    lines.push(
      '',
      "Observations (what the service does where the contract is open; never a failure; whole in the JSON report's `observations`)",
    );
    // One line per point, cut: the JSON report has each whole, with its request.
    for (const observation of report.observations) {
      const line = `  ${observation.operationId}: ${observation.point} -> ${observation.observed}`;
      lines.push(line.length > OBSERVATION_LINE ? `${line.slice(0, OBSERVATION_LINE - 1)}…` : line);
    }
  }
  const { totals } = report;
  // A run without the flows says so, in the totals and in its verdict: none of them is counted as conforming.
  const flowsRun = report.settings.workflows;
  const flowTotals = flowsRun
    ? `${totals.workflowsConform} of ${totals.workflows} workflows conform${totals.workflowsIncomplete > 0 ? ` (${totals.workflowsIncomplete} stopped where the contract allows)` : ''}`
    : 'workflows not run (--no-workflows)';
  lines.push(
    '',
    `Requests: ${totals.requests} sent to the service (each listed in the JSON report's \`requests\`)`,
    `Totals: ${totals.operations} operations: ${totals.conform} conform, ${totals.fail} do not, ${totals.timedOut} timed out, ${totals.skipped} skipped; ` +
      `${flowTotals}; ` +
      `${totals.behavioursHold} of ${totals.behaviours} behaviours hold${totals.behavioursInconclusive > 0 ? `, ${totals.behavioursInconclusive} inconclusive` : ''}; ` +
      `${totals.observations} observations; ${(report.durationMs / 1000).toFixed(1)} s`,
    report.conforms
      ? flowsRun
        ? 'The service conforms to the contract.'
        : 'The service conforms to the contract in what was checked: its workflows were not run (--no-workflows).'
      : `The service does not conform: ${totals.problems} problem(s) (${inWorkflows(report)} of them in workflows).`,
  );
  const redact = createRedactor(report.secrets);
  // Redacted before it is escaped, and again after, as any output is.
  return redact(`${lines.map((line) => visible(redact(line))).join('\n')}\n`);
}
