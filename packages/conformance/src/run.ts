// One conformance run: every operation of the contract (checks and out-of-range refusals) and the
// observations at the not-documented points, with the workflows beside them, then the behaviours across
// requests. Returns the report as data.
import { ownOptions } from '@trading-analytics/core';
import { runBehaviours } from './behaviour/run-behaviours.js';
import { judgeForFlows, screenForFlows } from './flows/proxy-screen.js';
import { runWorkflows, skippedWorkflows } from './flows/run-workflows.js';
import { checkOperation } from './operations/check-operation.js';
import { operationProblem } from './reports/problem-words.js';
import { createRedactor } from './reports/redact.js';
import type {
  BehaviourResult,
  ConformanceOptions,
  ConformanceReport,
  OperationCheck,
  OperationResult,
  Problem,
} from './reports/report-types.js';
import { loadContract, workflowFiles } from './setup/contract-files.js';
import { loadParams, NO_PARAMS } from './setup/params-file.js';
import { checkedLimits, operationSelection, parseBaseUrl } from './setup/run-options.js';
import { MAX_TIMER_MS } from './setup/runner-caps.js';
import { createLimiter, type RequestSpec, send } from './transport/http-client.js';
import { recordTraffic } from './transport/traffic-log.js';

export { defaults } from './setup/run-options.js';

/** The `operationId` of the one problem of a run whose base URL cannot be reached. */
const UNREACHABLE = 'reachability';

// What Respect waits for one answer of the proxy beyond the run's timeout and the rate cap's wait.
const RESPECT_WAIT_MARGIN_MS = 5_000;

/**
 * Runs the contract against a service. Rejects with a UsageError for bad options; an unreachable base URL is
 * the report's one problem.
 */
export async function runConformance(given: ConformanceOptions): Promise<ConformanceReport> {
  // Only the options' own properties: one inherited through the object's prototype is ignored.
  const options = ownOptions(given);
  const { allowWrites = false, behaviour = true, workflows: runFlows = true, onProgress = () => {} } = options;
  const started = performance.now();
  const baseUrl = parseBaseUrl(options.baseUrl);
  const { rps, concurrency, timeoutMs, maxBodyBytes, headers } = checkedLimits(options);
  const redact = createRedactor(Object.values(headers));
  const { dir, document, operations, validators } = loadContract(options.contractDir);
  const params = options.params
    ? loadParams(
        options.params,
        operations.map((entry) => entry.operationId),
      )
    : NO_PARAMS;
  const leftOut = operationSelection(
    options,
    operations.map((entry) => entry.operationId),
  );
  const limit = createLimiter({ rps, concurrency });
  const traffic = recordTraffic((spec) => send({ baseUrl, headers, timeoutMs, maxBodyBytes, ...spec }));
  const request = (spec: RequestSpec) => limit(() => traffic.send(spec, 'runner'));

  const settings = {
    rps,
    concurrency,
    timeoutMs,
    maxBodyBytes,
    allowWrites,
    params: options.params ?? null,
    headers: Object.keys(headers),
    only: options.only ?? null,
    skip: options.skip ?? [],
    behaviour,
    workflows: runFlows,
  };
  const finish = (
    parts: Pick<ConformanceReport, 'operations' | 'workflows' | 'behaviours' | 'problems' | 'observations'>,
  ) => {
    const { operations: results, workflows, behaviours, problems, observations } = parts;
    const count = (status: OperationResult['status']) => results.filter((result) => result.status === status).length;
    const behaving = (status: BehaviourResult['status']) =>
      behaviours.filter((result) => result.status === status).length;
    const report = {
      baseUrl,
      contract: { title: document.info.title, version: document.info.version },
      conforms: problems.length === 0,
      durationMs: Math.round(performance.now() - started),
      settings,
      totals: {
        operations: results.length,
        conform: count('pass'),
        fail: count('fail'),
        timedOut: count('timeout'),
        skipped: count('skipped'),
        workflows: workflows.filter((workflow) => workflow.status !== 'skipped').length,
        workflowsConform: workflows.filter((workflow) => workflow.status === 'pass').length,
        workflowsIncomplete: workflows.filter((workflow) => workflow.status === 'incomplete').length,
        behaviours: behaviours.length - behaving('skipped'),
        behavioursHold: behaving('pass'),
        behavioursFail: behaving('fail'),
        behavioursInconclusive: behaving('inconclusive'),
        observations: observations.length,
        problems: problems.length,
        requests: traffic.requests.length,
      },
      operations: results,
      workflows,
      behaviours,
      problems,
      observations,
      requests: traffic.requests,
    };
    // Not enumerable, so never serialised with the report.
    const kept = Object.values(headers).filter(Boolean);
    return Object.defineProperty(report, 'secrets', { value: kept, enumerable: false }) as ConformanceReport;
  };

  const reachable = await request({ method: 'get', target: '/' });
  if (reachable.kind === 'network' || reachable.kind === 'timeout') {
    // The run fails (exit 1) with its reports, which say why; nothing else is sent.
    const why =
      reachable.kind === 'network' ? redact(reachable.error).slice(0, 200) : `no answer within ${timeoutMs} ms`;
    onProgress(`cannot reach ${baseUrl}: ${why}`);
    return finish({
      operations: operations.map((entry) => ({
        operationId: entry.operationId,
        method: entry.method.toUpperCase(),
        path: entry.path,
        status: 'skipped',
        reason: `not sent: ${baseUrl} cannot be reached`,
        problems: [],
      })),
      workflows: [],
      behaviours: [],
      observations: [],
      problems: [
        {
          operationId: UNREACHABLE,
          check: reachable.kind,
          expected: `an HTTP answer from ${baseUrl}${reachable.kind === 'timeout' ? ` within ${timeoutMs} ms (--timeout-ms)` : ''}`,
          observed: reachable.kind === 'network' ? why : 'no answer',
          request: `GET ${baseUrl}/`,
        },
      ],
    });
  }

  onProgress(
    `checking ${operations.length} operations against ${baseUrl} (up to ${rps} requests/s, ${concurrency} at once)`,
  );
  const context = { baseUrl, document, validators, params, allowWrites, timeoutMs, headers, send: request, redact };
  const selected = (operationId: string) => leftOut(operationId) === undefined;
  // The flows start beside the operations (Respect takes seconds to start, and its few requests share the
  // limiter); a step failing as its operation's own check does is read once the operations are checked.
  let operationsChecked: (failed: ReadonlyMap<string, ReadonlySet<OperationCheck>>) => void = () => {};
  const failedChecks = new Promise<ReadonlyMap<string, ReadonlySet<OperationCheck>>>((done) => {
    operationsChecked = done;
  });
  const files = workflowFiles(dir);
  const names = files.map((file) => file.split('/').pop()).join(', ');
  if (files.length > 0)
    onProgress(
      runFlows
        ? `running the workflows of ${names} with Redocly Respect, beside the operations`
        : `not running the workflows of ${names} (--no-workflows)`,
    );
  // Without the flows, no Respect and no proxy: each workflow is listed as skipped, none counted as conforming.
  const flowsRun = runFlows
    ? runWorkflows({
        files,
        baseUrl,
        selected,
        failedChecks,
        operations,
        allowWrites,
        timeoutMs,
        respectWaitMs: Math.min(MAX_TIMER_MS, timeoutMs + Math.ceil(1000 / rps) + RESPECT_WAIT_MARGIN_MS),
        screen: screenForFlows(document, validators, redact),
        judge: judgeForFlows(document, validators),
        redact,
        secrets: Object.values(headers),
        inputs: { ...params.parameters },
        forward: ({ method, target, rawBody }) => limit(() => traffic.send({ method, target, rawBody }, 'workflows')),
      })
    : skippedWorkflows(files, selected, 'not run (--no-workflows)');
  // Awaited below; a failure of the flows before then is not left unhandled.
  flowsRun.catch(() => {});
  const checkAll = Promise.all(
    operations.map((entry) => {
      const reason = leftOut(entry.operationId);
      if (reason === undefined) return checkOperation(context, entry);
      const result: OperationResult = {
        operationId: entry.operationId,
        method: entry.method.toUpperCase(),
        path: entry.path,
        status: 'skipped',
        reason,
        problems: [],
      };
      return { result, observations: [] };
    }),
  );
  const checked = await checkAll.catch(async (error: unknown) => {
    // The flows end before the error is passed on: Respect and the proxy are not left running.
    operationsChecked(new Map());
    await flowsRun.catch(() => {});
    throw error;
  });
  const results = checked.map(({ result }) => result);
  const observations = checked.flatMap((outcome) => outcome.observations);

  // The checks each operation failed on its own request: a flow step failing the same says so.
  operationsChecked(
    new Map(results.map((result) => [result.operationId, new Set(result.problems.map((problem) => problem.check))])),
  );
  const byId = new Map(operations.map((entry) => [entry.operationId, entry]));
  const checkBehaviours = () => {
    if (behaviour) onProgress('checking the behaviours across requests (sort, paging, totals, filters, my-rank)');
    return runBehaviours(
      {
        baseUrl,
        document,
        operations: byId,
        validators,
        params,
        headers,
        timeoutMs,
        selected,
        redact,
        send: (spec) => limit(() => traffic.send(spec, 'behaviour')),
      },
      { enabled: behaviour, allowWrites, leftOut },
    );
  };
  // The behaviours share the limiter with the flows, which started beside the operations.
  const [behaviours, flows] = await Promise.all([checkBehaviours(), flowsRun]);
  // A behaviour that breaks is a problem of its operation, which then does not conform.
  for (const result of results) {
    const found = behaviours.findings.get(result.operationId) ?? [];
    if (found.length === 0) continue;
    result.problems.push(...found.map((finding) => operationProblem(finding, redact)));
    if (result.status === 'pass') result.status = 'fail';
  }
  observations.push(...behaviours.observations);
  const { workflows } = flows;
  observations.push(...flows.observations);

  const problems: Problem[] = [
    ...results.flatMap((result) => result.problems.map((problem) => ({ operationId: result.operationId, ...problem }))),
    ...workflows.flatMap((workflow) =>
      workflow.problems.map((problem) => ({ operationId: workflow.workflowId, workflow: true as const, ...problem })),
    ),
  ];
  return finish({ operations: results, workflows, behaviours: behaviours.results, problems, observations });
}
