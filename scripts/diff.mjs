// @ts-check
// `npm run diff`: the breaking-change gate (@trading-analytics/pipeline/gate). Compares the working bundle (generated/openapi.json)
// with the last release's bundle (generated/release/openapi.json), rates every change by the semver bump it
// requires, and fails when the versions announce a smaller bump than the changes require.
//
//   npm run diff [-- --baseline <release bundle>] [--bundle <bundle>]
import path from 'node:path';
import { parseArgs } from 'node:util';
import { messageOf } from '@trading-analytics/core';
import { baselinePath, checkChanges, formatReport } from '@trading-analytics/pipeline/gate';
import { bundlePath } from '@trading-analytics/pipeline/paths';
import { failureText } from '@trading-analytics/pipeline/steps';

try {
  // --baseline and --bundle compare other files (a seeded copy, another release) under the same versions.
  const { values } = parseArgs({ options: { baseline: { type: 'string' }, bundle: { type: 'string' } } });
  const files = {
    baselineFile: values.baseline ? path.resolve(values.baseline) : baselinePath,
    bundleFile: values.bundle ? path.resolve(values.bundle) : bundlePath,
  };
  const result = await checkChanges(files);
  console.log(formatReport(result, files));
  if (result.problems.length) process.exitCode = 1;
} catch (error) {
  const usageError = /** @type {{ code?: unknown }} */ (error)?.code;
  const known = typeof usageError === 'string' && usageError.startsWith('ERR_PARSE_ARGS');
  console.error(
    `npm run diff failed: ${known ? messageOf(error) : failureText(error)}\nUsage: npm run diff [-- --baseline <release bundle>] [--bundle <bundle>]`,
  );
  process.exitCode = 1;
}
