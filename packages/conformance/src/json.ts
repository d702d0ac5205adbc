// The JSON report: the whole report, every problem and observation, as data.
import { redact } from './redact.js';
import type { ConformanceReport } from './report.js';

/** The report as JSON (2-space indented, ending with a newline), its secrets redacted. */
export function formatJson(report: ConformanceReport): string {
  return redact(`${JSON.stringify(report, null, 2)}\n`, report.secrets);
}
