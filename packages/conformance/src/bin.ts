#!/usr/bin/env node
// `npx trading-analytics-conformance --base-url <url>`: checks a running service against the contract.
// Exit 0: conforms; 1: does not (or a request timed out); 2: bad usage or an unreachable base URL.
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  type ConformanceReport,
  defaults,
  formatJson,
  formatJunit,
  formatSummary,
  runConformance,
  UsageError,
} from './index.js';

const usage = `Usage: trading-analytics-conformance --base-url <url> [options]

Checks every operation of the trading analytics contract, its multi-step workflows and the points the
contract leaves open against a running service. Read-only unless --allow-writes.
  --base-url <url>        the service, e.g. http://127.0.0.1:4010 (required)
  --params <file>         JSON or YAML: { parameters: {name: value}, operations: {operationId: {parameters, requestBody}} }
  --header 'Name: value'  sent with every request, never written into a report (repeatable)
  --allow-writes          also send the competition join (a write); the gasless submission is never sent
  --rps <n>               at most n requests per second (default ${defaults.rps})
  --concurrency <n>       at most n requests at once (default ${defaults.concurrency})
  --timeout-ms <ms>       per-request timeout; a timed-out operation is reported and the run goes on (default ${defaults.timeoutMs})
  --junit <file>          write a JUnit XML report (a testcase per operation and per workflow)
  --json <file>           write a JSON report (every problem and observation)
  --help                  show this text`;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function fail(message: string): never {
  console.error(`trading-analytics-conformance: ${message}`);
  process.exit(2);
}

function positive(name: string, text: string, { integer = false } = {}): number {
  const value = Number(text);
  if (!/^[0-9]+(\.[0-9]+)?$/.test(text) || !(value > 0) || (integer && !Number.isInteger(value))) {
    fail(`${name} must be a positive ${integer ? 'integer' : 'number'}, got "${text}".`);
  }
  return value;
}

function parseFlags() {
  try {
    return parseArgs({
      options: {
        'base-url': { type: 'string' },
        params: { type: 'string' },
        header: { type: 'string', multiple: true, default: [] },
        'allow-writes': { type: 'boolean', default: false },
        rps: { type: 'string', default: String(defaults.rps) },
        concurrency: { type: 'string', default: String(defaults.concurrency) },
        'timeout-ms': { type: 'string', default: String(defaults.timeoutMs) },
        junit: { type: 'string' },
        json: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    fail(`${messageOf(error).split('\n')[0]} (see --help)`);
  }
}

const values = parseFlags();
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const baseUrl = values['base-url'];
if (!baseUrl) fail('--base-url <url> is required (see --help).');
const headers: Record<string, string> = {};
for (const header of values.header) {
  const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):\s*(.*)$/.exec(header);
  if (!match) fail(`--header must be 'Name: value' (the value is not shown here).`);
  headers[match[1] as string] = match[2] as string;
}

let report: ConformanceReport;
try {
  report = await runConformance({
    baseUrl,
    params: values.params,
    headers,
    allowWrites: values['allow-writes'],
    rps: positive('--rps', values.rps),
    concurrency: positive('--concurrency', values.concurrency, { integer: true }),
    timeoutMs: positive('--timeout-ms', values['timeout-ms'], { integer: true }),
    onProgress: (line) => console.error(`- ${line}`),
  });
} catch (error) {
  if (error instanceof UsageError) fail(error.message);
  console.error(`trading-analytics-conformance: the run failed: ${messageOf(error)}`);
  process.exit(2);
}

process.stdout.write(formatSummary(report));
try {
  if (values.junit) await writeFile(values.junit, formatJunit(report));
  if (values.json) await writeFile(values.json, formatJson(report));
} catch (error) {
  fail(`cannot write the report: ${messageOf(error)}`);
}
process.exit(report.conforms ? 0 : 1);
