// The JSON report: the whole report, every problem, observation and request sent, as data.
import { createRedactor } from './redact.js';
import type { ConformanceReport } from './report-types.js';

/**
 * The report as JSON (2-space indented, ending with a newline). Each string is redacted before JSON escapes
 * it, and the whole text again after (a secret escaped as JSON is one of the forms looked for).
 */
export function formatJson(report: ConformanceReport): string {
  const redact = createRedactor(report.secrets);
  const text = JSON.stringify(report, (_key, value) => (typeof value === 'string' ? redact(value) : value), 2);
  return redact(`${text}\n`);
}
