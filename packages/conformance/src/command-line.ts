// The command behind `npx trading-analytics-conformance` (bin.ts), as a function: it reads the flags, runs
// the checks, writes the reports and resolves with the exit code instead of ending the process, so the tests
// can run most of its cases in their own process (bin.ts is the process: it hands over argv, the environment
// and the streams, and exits with the code).
// Exit 0: conforms; 1: does not (a request timed out, or the base URL cannot be reached: the reports say
// so); 2: bad usage.
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { ConformanceReport } from './index.js';
import { redact } from './reports/redact.js';
import { readHeaderFlags } from './setup/header-flags.js';
import { defaults } from './setup/run-options.js';
import { UsageError } from './setup/usage-error.js';

// The run and its reports (the contract's validators, Ajv, the YAML reader: most of a start) and the core are
// loaded once the flags call for a run: --help and a bad usage answer without them.
const loadRun = () => import('./index.js');
const messageOf = async (error: unknown) => (await import('@trading-analytics/core')).messageOf(error);

const usage = `Usage: trading-analytics-conformance --base-url <url> [options]

Checks every operation of the trading analytics contract, the behaviours across requests, its multi-step
workflows and the points the contract leaves open against a running service. Read-only unless --allow-writes.
  --base-url <url>        the service, e.g. http://127.0.0.1:4010 (required)
  --params <file>         JSON or YAML: { parameters: {name: value}, operations: {operationId: {parameters, requestBody}} }
  --header 'Name: value'  sent with every request, never written into a report (repeatable)
  --header-env 'Name=VAR' the same, the value read from environment variable VAR (repeatable)
  --header-file <file>    the same, 'Name: value' lines read from a file (repeatable; # starts a comment)
  --allow-writes          also send the competition join (a write); the gasless submission is never sent
  --rps <n>               at most n requests per second (default ${defaults.rps})
  --concurrency <n>       at most n requests at once (default ${defaults.concurrency})
  --timeout-ms <ms>       per-request timeout, 1 to 2147483647; a timed-out operation is reported and the run goes on (default ${defaults.timeoutMs})
  --max-body-bytes <n>    largest answer body read, in decoded bytes; a larger one is reported (default ${defaults.maxBodyBytes})
  --no-behaviour          do not check the behaviours across requests (sort, paging, totals, filters, my-rank...)
  --no-workflows          do not run the workflows (Redocly Respect): each is reported skipped, none as conforming
  --only <ids>            only these operations: operationIds, comma-separated (repeatable); the rest are skipped
  --skip <ids>            not these operations: operationIds, comma-separated (repeatable)
  --junit <file>          write a JUnit XML report (a testcase per operation and per workflow)
  --json <file>           write a JSON report (every problem and observation)
  --help                  show this text`;

/** What the command reads and writes besides its arguments: the process's, in bin.ts. */
export interface CommandLineIo {
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** Ends the command with a code (what bin.ts then exits with). */
class Exit {
  constructor(readonly code: number) {}
}

/** Runs the command with `args` (argv past the script); resolves with its exit code. */
export async function runCommandLine(args: string[], { env, stdout, stderr }: CommandLineIo): Promise<number> {
  function fail(message: string): never {
    stderr(`trading-analytics-conformance: ${message}\n`);
    throw new Exit(2);
  }

  /** The operationIds of a flag given once or more, each a comma-separated list. */
  function idsFlag(name: string, texts: string[]): string[] {
    const ids = texts.flatMap((text) => text.split(',')).map((id) => id.trim());
    if (ids.some((id) => id === '')) fail(`${name} takes operationIds separated by commas, with none empty.`);
    return ids;
  }

  /** A flag's number, written in decimal digits (no sign, exponent or hex); the run checks its range. */
  function numberFlag(name: string, text: string, { integer = false } = {}): number {
    if (!(integer ? /^[0-9]+$/ : /^[0-9]+(\.[0-9]+)?$/).test(text)) {
      fail(`${name} must be a positive ${integer ? 'integer' : 'number'}, got ${JSON.stringify(text.slice(0, 40))}.`);
    }
    return Number(text);
  }

  async function parseFlags() {
    try {
      return parseArgs({
        args,
        options: {
          'base-url': { type: 'string' },
          params: { type: 'string' },
          header: { type: 'string', multiple: true, default: [] },
          'header-env': { type: 'string', multiple: true, default: [] },
          'header-file': { type: 'string', multiple: true, default: [] },
          'allow-writes': { type: 'boolean', default: false },
          'no-behaviour': { type: 'boolean', default: false },
          'no-workflows': { type: 'boolean', default: false },
          rps: { type: 'string', default: String(defaults.rps) },
          concurrency: { type: 'string', default: String(defaults.concurrency) },
          'timeout-ms': { type: 'string', default: String(defaults.timeoutMs) },
          'max-body-bytes': { type: 'string', default: String(defaults.maxBodyBytes) },
          only: { type: 'string', multiple: true },
          skip: { type: 'string', multiple: true, default: [] },
          junit: { type: 'string' },
          json: { type: 'string' },
          help: { type: 'boolean', default: false },
        },
      }).values;
    } catch (error) {
      fail(`${(await messageOf(error)).split('\n')[0]} (see --help)`);
    }
  }

  async function run(): Promise<number> {
    const values = await parseFlags();
    if (values.help) {
      stdout(`${usage}\n`);
      return 0;
    }
    const baseUrl = values['base-url'];
    if (!baseUrl) fail('--base-url <url> is required (see --help).');
    let headers: Record<string, string> = {};
    let report: ConformanceReport;
    const { runConformance, formatSummary, formatJunit, formatJson } = await loadRun();
    try {
      headers = readHeaderFlags(
        { header: values.header, headerEnv: values['header-env'], headerFile: values['header-file'] },
        env,
      );
      report = await runConformance({
        baseUrl,
        params: values.params,
        headers,
        allowWrites: values['allow-writes'],
        behaviour: !values['no-behaviour'],
        workflows: !values['no-workflows'],
        rps: numberFlag('--rps', values.rps),
        concurrency: numberFlag('--concurrency', values.concurrency, { integer: true }),
        timeoutMs: numberFlag('--timeout-ms', values['timeout-ms'], { integer: true }),
        maxBodyBytes: numberFlag('--max-body-bytes', values['max-body-bytes'], { integer: true }),
        ...(values.only === undefined ? {} : { only: idsFlag('--only', values.only) }),
        skip: idsFlag('--skip', values.skip),
        onProgress: (line) => stderr(`- ${line}\n`),
      });
    } catch (error) {
      if (error instanceof Exit) throw error;
      if (error instanceof UsageError) fail(error.message);
      // An unexpected failure's message could quote anything: the header values are taken out.
      const message = await messageOf(error);
      const secrets = Object.values(headers);
      stderr(`trading-analytics-conformance: the run failed: ${redact(message, secrets).slice(0, 500)}\n`);
      return 2;
    }

    stdout(formatSummary(report));
    try {
      if (values.junit) await writeFile(values.junit, formatJunit(report));
      if (values.json) await writeFile(values.json, formatJson(report));
    } catch (error) {
      fail(`cannot write the report: ${await messageOf(error)}`);
    }
    return report.conforms ? 0 : 1;
  }

  try {
    return await run();
  } catch (error) {
    if (error instanceof Exit) return error.code;
    throw error;
  }
}
