// The summary a person reads on stdout: one line per operation and workflow, their problems and notes under
// them, the observations, and the totals.
import { problemLine } from './problems.js';
import { redact } from './redact.js';
import type { ConformanceReport, OperationStatus } from './report.js';

const MARKS: Record<OperationStatus, string> = { pass: 'ok  ', fail: 'FAIL', timeout: 'TIME', skipped: 'skip' };
const INDENT = '        ';

/** The summary of a run, its secrets redacted. */
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
    for (const problem of result.problems) lines.push(`${INDENT}${problemLine(problem)}`);
  }
  if (report.workflows.length > 0) {
    lines.push('', 'Workflows (Redocly Respect)');
    for (const workflow of report.workflows) {
      const steps = workflow.steps.map((step) => `${step.operationId} ${step.status ?? '-'}`).join(' -> ');
      lines.push(`  ${MARKS[workflow.status]}  ${workflow.workflowId}  ${steps}`);
      for (const note of workflow.notes) lines.push(`${INDENT}${note}`);
      for (const problem of workflow.problems) lines.push(`${INDENT}${problemLine(problem)}`);
    }
  }
  if (report.observations.length > 0) {
    lines.push('', 'Observations (what the service does where the contract is open; never a failure)');
    for (const observation of report.observations) {
      lines.push(
        `  ${observation.operationId}: ${observation.point}`,
        `${INDENT}${observation.request}: ${observation.observed}`,
      );
    }
  }
  const { totals } = report;
  lines.push(
    '',
    `Totals: ${totals.operations} operations: ${totals.conform} conform, ${totals.fail} do not, ${totals.timedOut} timed out, ${totals.skipped} skipped; ` +
      `${totals.workflowsConform} of ${totals.workflows} workflows conform; ${totals.observations} observations; ${(report.durationMs / 1000).toFixed(1)} s`,
    report.conforms
      ? 'The service conforms to the contract.'
      : `The service does not conform: ${report.problems.length} problem(s).`,
  );
  return redact(`${lines.join('\n')}\n`, report.secrets);
}
