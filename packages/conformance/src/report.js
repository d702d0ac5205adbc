// The three forms of a run's report: the summary on stdout, JUnit XML for any CI, JSON with every problem
// and observation. Every form passes through `redact`, so a --header value never reaches a report even
// when the service echoes it back.

export function redact(text, secrets = []) {
  let result = text;
  for (const secret of secrets) if (secret) result = result.replaceAll(secret, '[redacted]');
  return result;
}

const marks = { pass: 'ok  ', fail: 'FAIL', timeout: 'TIME', skipped: 'skip' };

export function formatSummary(report) {
  const lines = [`Conformance of ${report.baseUrl} to ${report.contract.title} ${report.contract.version}`, '', 'Operations'];
  const idWidth = Math.max(...report.operations.map((result) => result.operationId.length));
  for (const result of report.operations) {
    const head = `  ${marks[result.status]}  ${result.operationId.padEnd(idWidth)}  ${result.method.padEnd(4)} ${result.path}`;
    if (result.status === 'skipped') lines.push(`${head}  (${result.reason})`);
    else lines.push(`${head}  ${result.answered ?? '-'}${result.ms !== undefined ? `  ${result.ms} ms` : ''}`);
    for (const note of result.notes ?? []) lines.push(`        ${note}`);
    for (const problem of result.problems) lines.push(`        ${problem.check}: expected ${problem.expected}; observed ${problem.observed}`);
  }
  if (report.workflows.length > 0) {
    lines.push('', 'Workflows (Redocly Respect)');
    for (const workflow of report.workflows) {
      lines.push(`  ${marks[workflow.status]}  ${workflow.workflowId}  ${workflow.steps.map((step) => `${step.operationId} ${step.status ?? '-'}`).join(' -> ')}`);
      for (const note of workflow.notes) lines.push(`        ${note}`);
      for (const problem of workflow.problems) lines.push(`        ${problem.check}: expected ${problem.expected}; observed ${problem.observed}`);
    }
  }
  if (report.observations.length > 0) {
    lines.push('', 'Observations (what the service does where the contract is open; never a failure)');
    for (const observation of report.observations) {
      lines.push(`  ${observation.operationId}: ${observation.point}`, `        ${observation.request}: ${observation.observed}`);
    }
  }
  const { totals } = report;
  lines.push(
    '',
    `Totals: ${totals.operations} operations: ${totals.conform} conform, ${totals.fail} do not, ${totals.timedOut} timed out, ${totals.skipped} skipped; ` +
      `${totals.workflowsConform} of ${totals.workflows} workflows conform; ${totals.observations} observations; ${(report.durationMs / 1000).toFixed(1)} s`,
    report.conforms ? 'The service conforms to the contract.' : `The service does not conform: ${report.problems.length} problem(s).`,
  );
  return redact(`${lines.join('\n')}\n`, report.secrets);
}

function xml(text) {
  return String(text).replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[character]).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
}

function testcase(name, classname, seconds, problems, { skipped, timedOut } = {}) {
  const open = `    <testcase name="${xml(name)}" classname="${xml(classname)}" time="${seconds.toFixed(3)}"`;
  if (skipped) return `${open}>\n      <skipped message="${xml(skipped)}"/>\n    </testcase>`;
  if (problems.length === 0) return `${open}/>`;
  const failures = problems.map(
    (problem) => `      <failure type="${xml(timedOut ? 'timeout' : problem.check)}" message="${xml(`${problem.check}: expected ${problem.expected}; observed ${problem.observed}`)}">${xml(`expected: ${problem.expected}\nobserved: ${problem.observed}`)}</failure>`,
  );
  return `${open}>\n${failures.join('\n')}\n    </testcase>`;
}

export function formatJunit(report) {
  const operations = report.operations.map((result) =>
    testcase(result.operationId, 'conformance.operations', (result.ms ?? 0) / 1000, result.problems, { skipped: result.status === 'skipped' ? result.reason : undefined, timedOut: result.status === 'timeout' }),
  );
  const workflows = report.workflows.map((workflow) => testcase(workflow.workflowId, 'conformance.workflows', 0, workflow.problems));
  const suite = (name, cases, results, extra = '') => {
    const failures = results.filter((result) => result.status === 'fail' || result.status === 'timeout').length;
    const skipped = results.filter((result) => result.status === 'skipped').length;
    return `  <testsuite name="${name}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}">\n${cases.join('\n')}${extra}\n  </testsuite>`;
  };
  const observations = report.observations.map((observation) => `${observation.operationId}: ${observation.point}\n  ${observation.request}: ${observation.observed}`).join('\n');
  const text = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="trading-analytics-conformance" tests="${operations.length + workflows.length}" failures="${report.operations.filter((result) => result.status === 'fail' || result.status === 'timeout').length + report.workflows.filter((workflow) => workflow.status === 'fail').length}" time="${(report.durationMs / 1000).toFixed(3)}">`,
    suite('operations', operations, report.operations, observations ? `\n    <system-out>${xml(`Observations (never a failure):\n${observations}`)}</system-out>` : ''),
    suite('workflows', workflows, report.workflows),
    '</testsuites>',
    '',
  ].join('\n');
  return redact(text, report.secrets);
}

export function formatJson(report) {
  return redact(`${JSON.stringify(report, null, 2)}\n`, report.secrets);
}
