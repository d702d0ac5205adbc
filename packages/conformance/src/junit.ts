// The JUnit XML report for any CI: suites `operations` and `workflows`, a testcase per operationId and per
// workflowId, a `<failure>` per problem, `<skipped>` with the reason; the observations in `<system-out>`.
import { problemLine } from './problems.js';
import { createRedactor, type Redact } from './redact.js';
import type { ConformanceReport, OperationProblem, WorkflowProblem } from './report.js';

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

function testcase(
  xml: (text: unknown) => string,
  name: string,
  classname: string,
  seconds: number,
  problems: readonly (OperationProblem | WorkflowProblem)[],
  { skipped, timedOut = false }: { skipped?: string | undefined; timedOut?: boolean } = {},
): string {
  const open = `    <testcase name="${xml(name)}" classname="${xml(classname)}" time="${seconds.toFixed(3)}"`;
  if (skipped) return `${open}>\n      <skipped message="${xml(skipped)}"/>\n    </testcase>`;
  if (problems.length === 0) return `${open}/>`;
  const failures = problems.map(
    (problem) =>
      `      <failure type="${xml(timedOut ? 'timeout' : problem.check)}" message="${xml(problemLine(problem))}">${xml(`expected: ${problem.expected}\nobserved: ${problem.observed}`)}</failure>`,
  );
  return `${open}>\n${failures.join('\n')}\n    </testcase>`;
}

function suite(name: string, cases: string[], results: readonly { status: string }[], extra = ''): string {
  const failures = results.filter((result) => result.status === 'fail' || result.status === 'timeout').length;
  const skipped = results.filter((result) => result.status === 'skipped').length;
  return `  <testsuite name="${name}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}">\n${cases.join('\n')}${extra}\n  </testsuite>`;
}

/** The report as JUnit XML, its secrets redacted, well-formed whatever the service sent. */
export function formatJunit(report: ConformanceReport): string {
  const redact = createRedactor(report.secrets);
  const xml = (text: unknown) => xmlText(text, redact);
  const operations = report.operations.map((result) =>
    testcase(xml, result.operationId, 'conformance.operations', (result.ms ?? 0) / 1000, result.problems, {
      skipped: result.status === 'skipped' ? result.reason : undefined,
      timedOut: result.status === 'timeout',
    }),
  );
  const workflows = report.workflows.map((workflow) =>
    testcase(xml, workflow.workflowId, 'conformance.workflows', 0, workflow.problems),
  );
  const observations = report.observations
    .map(
      (observation) =>
        `${observation.operationId}: ${observation.point}\n  ${observation.request}: ${observation.observed}`,
    )
    .join('\n');
  const failures =
    report.operations.filter((result) => result.status === 'fail' || result.status === 'timeout').length +
    report.workflows.filter((workflow) => workflow.status === 'fail').length;
  const systemOut = observations
    ? `\n    <system-out>${xml(`Observations (never a failure):\n${observations}`)}</system-out>`
    : '';
  const text = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="trading-analytics-conformance" tests="${operations.length + workflows.length}" failures="${failures}" time="${(report.durationMs / 1000).toFixed(3)}">`,
    suite('operations', operations, report.operations, systemOut),
    suite('workflows', workflows, report.workflows),
    '</testsuites>',
    '',
  ].join('\n');
  return redact(text);
}
