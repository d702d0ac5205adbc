// The JUnit XML report for any CI: suites `operations` and `workflows` (and `service` when the run itself
// failed), a testcase per operationId and per workflowId, or one per problem of a failing one, so the
// file's failures are the report's problems; `<skipped>` with the reason; the observations in `<system-out>`.
import { problemLine } from './problem-words.js';
import { createRedactor, type Redact } from './redact.js';
import type { ConformanceReport, OperationProblem, WorkflowProblem, WorkflowResult } from './report-types.js';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
// Every code point XML 1.0 does not allow in a document (its `Char` production): the C0 controls but tab,
// line feed and carriage return; U+FFFE and U+FFFF; and, with the `u` flag, a surrogate not in a pair.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * Text as XML character data or an attribute value: redacted, the code points XML forbids dropped (and
 * redacted again, since dropping them could join a secret), then escaped.
 */
function xmlText(text: unknown, redact: Redact): string {
  return redact(redact(String(text)).replace(NOT_XML, '')).replace(
    /[&<>"']/g,
    (character) => XML_ESCAPES[character] ?? character,
  );
}

/**
 * The testcases of one operation or workflow: one per problem (so the file counts what the summary and the
 * totals count: problems), named by the check when there are several; one passing or skipped one otherwise.
 */
function testcases(
  xml: (text: unknown) => string,
  name: string,
  classname: string,
  seconds: number,
  problems: readonly (OperationProblem | WorkflowProblem)[],
  skipped?: string,
): string[] {
  const open = (caseName: string) =>
    `    <testcase name="${xml(caseName)}" classname="${xml(classname)}" time="${seconds.toFixed(3)}"`;
  if (skipped) return [`${open(name)}>\n      <skipped message="${xml(skipped)}"/>\n    </testcase>`];
  if (problems.length === 0) return [`${open(name)}/>`];
  return problems.map((problem, index) => {
    const caseName = problems.length === 1 ? name : `${name} (${index + 1} of ${problems.length}: ${problem.check})`;
    const requests = 'requests' in problem && problem.requests !== undefined ? problem.requests : [];
    const request =
      requests.length > 1
        ? requests.map((line, at) => `request ${at + 1}: ${line}\n`).join('')
        : problem.request === undefined
          ? ''
          : `request: ${problem.request}\n`;
    const body = `${request}expected: ${problem.expected}\nobserved: ${problem.observed}`;
    return `${open(caseName)}>\n      <failure type="${xml(problem.check)}" message="${xml(problemLine(problem))}">${xml(body)}</failure>\n    </testcase>`;
  });
}

function suite(name: string, cases: string[], failures: number, skipped: number, extra = ''): string {
  return `  <testsuite name="${name}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}">\n${cases.join('\n')}${extra}\n  </testsuite>`;
}

/** The report as JUnit XML, its secrets redacted, well-formed whatever the service sent. */
export function formatJunit(report: ConformanceReport): string {
  const redact = createRedactor(report.secrets);
  const xml = (text: unknown) => xmlText(text, redact);
  const operations = report.operations.flatMap((result) =>
    testcases(
      xml,
      result.operationId,
      'conformance.operations',
      (result.ms ?? 0) / 1000,
      result.problems,
      result.status === 'skipped' ? result.reason : undefined,
    ),
  );
  // A flow that stopped where the contract allows was not seen to its end: skipped, with where it stopped; one
  // not run (--no-workflows) is skipped with why.
  const flowSkipped = (workflow: WorkflowResult) =>
    workflow.status === 'incomplete'
      ? `incomplete: ${workflow.notes.join('; ')}`
      : workflow.status === 'skipped'
        ? workflow.reason
        : undefined;
  const workflows = report.workflows.flatMap((workflow) =>
    testcases(xml, workflow.workflowId, 'conformance.workflows', 0, workflow.problems, flowSkipped(workflow)),
  );
  // A problem of the run itself (an unreachable base URL): neither an operation's nor a workflow's.
  const named = new Set(
    [...report.operations, ...report.workflows].map((entry) =>
      'operationId' in entry ? entry.operationId : entry.workflowId,
    ),
  );
  const runProblems = report.problems.filter((problem) => !named.has(problem.operationId));
  const service = runProblems.flatMap((problem) =>
    testcases(xml, problem.operationId, 'conformance.service', 0, [problem]),
  );
  const observations = report.observations
    .map(
      (observation) =>
        `${observation.operationId}: ${observation.point}\n  ${observation.request}: ${observation.observed}`,
    )
    .join('\n');
  const systemOut = observations
    ? `\n    <system-out>${xml(`Observations (never a failure):\n${observations}`)}</system-out>`
    : '';
  const count = (results: readonly { problems: readonly unknown[] }[]) =>
    results.reduce((total, result) => total + result.problems.length, 0);
  const skipped = report.operations.filter((result) => result.status === 'skipped').length;
  const suites = [
    suite('operations', operations, count(report.operations), skipped, systemOut),
    suite(
      'workflows',
      workflows,
      count(report.workflows),
      report.workflows.filter((workflow) => flowSkipped(workflow) !== undefined).length,
    ),
    ...(service.length > 0 ? [suite('service', service, runProblems.length, 0)] : []),
  ];
  const text = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="trading-analytics-conformance" tests="${operations.length + workflows.length + service.length}" failures="${report.problems.length}" time="${(report.durationMs / 1000).toFixed(3)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
  return redact(text);
}
