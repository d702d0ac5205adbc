// One conformance run: every operation of the contract (checks and out-of-range refusals), the
// observations at the not-documented points, then the workflows. Returns the report as data.
import { ContractValidator } from '@trading-analytics/core';
import { loadContract, workflowFiles } from './contract.js';
import { createLimiter, type RequestSpec, send } from './http.js';
import { checkOperation } from './operation.js';
import { loadParams, NO_PARAMS } from './params.js';
import type { ConformanceOptions, ConformanceReport, OperationResult, Problem } from './report.js';
import { UsageError } from './usage-error.js';
import { runWorkflows } from './workflows.js';

/** The caps and timeout of a run when the options leave them out. */
export const defaults: { rps: number; concurrency: number; timeoutMs: number } = {
  rps: 5,
  concurrency: 4,
  timeoutMs: 10_000,
};

/** The base URL without trailing slashes, and the credentials it carries (kept out of every report). */
function parseBaseUrl(baseUrl: string): { base: string; secrets: string[] } {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(`--base-url: "${baseUrl}" is not a URL (e.g. http://127.0.0.1:4010).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--base-url: ${url.protocol} is not http: or https:.`);
  }
  const secrets = [url.username, url.password].filter(Boolean).map(decodeURIComponent);
  return { base: url.href.replace(/\/+$/, ''), secrets };
}

/** Runs the contract against a service. Rejects with a UsageError for bad options or an unreachable base URL. */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const {
    allowWrites = false,
    rps = defaults.rps,
    concurrency = defaults.concurrency,
    timeoutMs = defaults.timeoutMs,
    headers = {},
    onProgress = () => {},
  } = options;
  const started = performance.now();
  const { base: baseUrl, secrets } = parseBaseUrl(options.baseUrl);
  const { dir, document, operations } = loadContract(options.contractDir);
  const validator = new ContractValidator(document);
  const params = options.params
    ? loadParams(
        options.params,
        operations.map((entry) => entry.operationId),
      )
    : NO_PARAMS;
  const limit = createLimiter({ rps, concurrency });
  const request = (spec: RequestSpec) => limit(() => send({ baseUrl, headers, timeoutMs, ...spec }));

  const reachable = await request({ method: 'get', target: '/' });
  if (reachable.kind === 'network') throw new UsageError(`cannot reach ${options.baseUrl}: ${reachable.error}`);
  if (reachable.kind === 'timeout') {
    throw new UsageError(`${options.baseUrl} did not answer within ${timeoutMs} ms (--timeout-ms).`);
  }

  onProgress(
    `checking ${operations.length} operations against ${baseUrl} (up to ${rps} requests/s, ${concurrency} at once)`,
  );
  const context = { document, validator, params, allowWrites, timeoutMs, headers, send: request };
  const checked = await Promise.all(operations.map((entry) => checkOperation(context, entry)));
  const results = checked.map(({ result }) => result);
  const observations = checked.flatMap((outcome) => outcome.observations);

  const files = options.workflows === false ? [] : workflowFiles(dir);
  if (files.length > 0) {
    const names = files.map((file) => file.split('/').pop()).join(', ');
    onProgress(`running the workflows of ${names} with Redocly Respect`);
  }
  const workflows = await runWorkflows({
    files,
    timeoutMs,
    inputs: { ...params.parameters },
    forward: ({ method, target, rawBody }) => request({ method, target, rawBody }),
  });

  const count = (status: OperationResult['status']) => results.filter((result) => result.status === status).length;
  const problems: Problem[] = [
    ...results.flatMap((result) => result.problems.map((problem) => ({ operationId: result.operationId, ...problem }))),
    ...workflows.flatMap((workflow) =>
      workflow.problems.map((problem) => ({ operationId: workflow.workflowId, workflow: true as const, ...problem })),
    ),
  ];
  const report = {
    baseUrl,
    contract: { title: document.info.title, version: document.info.version },
    conforms: problems.length === 0,
    durationMs: Math.round(performance.now() - started),
    settings: {
      rps,
      concurrency,
      timeoutMs,
      allowWrites,
      params: options.params ?? null,
      headers: Object.keys(headers),
    },
    totals: {
      operations: results.length,
      conform: count('pass'),
      fail: count('fail'),
      timedOut: count('timeout'),
      skipped: count('skipped'),
      workflows: workflows.length,
      workflowsConform: workflows.filter((workflow) => workflow.status === 'pass').length,
      observations: observations.length,
    },
    operations: results,
    workflows,
    problems,
    observations,
  };
  // Not enumerable, so never serialised with the report.
  const kept = [...secrets, ...Object.values(headers)].filter(Boolean);
  return Object.defineProperty(report, 'secrets', { value: kept, enumerable: false }) as ConformanceReport;
}
