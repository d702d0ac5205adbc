// One conformance run: every operation of the contract (checks and out-of-range refusals), the
// observations at the not-documented points, then the workflows. Returns the report as data.
import { checkAnswer, outOfRangeValues } from './checks.js';
import { contractDir, listOperations, loadContract, workflowFiles } from './contract.js';
import { createLimiter, describeNetworkError, send } from './http.js';
import { describeAnswer, probesFor } from './observations.js';
import { headerParameters, loadParams, parameterValues, requestBodyFor, requestTarget } from './requests.js';
import { UsageError } from './usage-error.js';
import { ContractValidator } from './validator.js';
import { runWorkflows } from './workflows.js';

export const defaults = { rps: 5, concurrency: 4, timeoutMs: 10_000 };

/**
 * What the runner may send, from the operationId's verb (the contract's grammar: list/get/query read,
 * join writes, submit is the gasless trade submission).
 */
function safety(entry, allowWrites) {
  if (/^(list|get|query)[A-Z]/.test(entry.operationId)) return undefined;
  if (/^submit[A-Z]/.test(entry.operationId)) return 'never sent: the gasless submission would submit a trade, and its request is not documented';
  if (!allowWrites) return 'a write (it records data on the service): runs only with --allow-writes';
  return undefined;
}

function parseBaseUrl(baseUrl) {
  let url;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(`--base-url: "${baseUrl}" is not a URL (e.g. http://127.0.0.1:4010).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--base-url: ${url.protocol} is not http: or https:.`);
  const secrets = [url.username, url.password].filter(Boolean).map(decodeURIComponent);
  return { base: url.href.replace(/\/+$/, ''), secrets };
}

export async function runConformance(options) {
  const { allowWrites = false, rps = defaults.rps, concurrency = defaults.concurrency, timeoutMs = defaults.timeoutMs, headers = {}, onProgress = () => {} } = options;
  const started = performance.now();
  const { base: baseUrl, secrets } = parseBaseUrl(options.baseUrl);
  const dir = options.contractDir ?? contractDir();
  const document = loadContract(dir);
  const validator = new ContractValidator(document);
  const operations = listOperations(document);
  const params = options.params ? loadParams(options.params, operations.map((entry) => entry.operationId)) : { parameters: {}, operations: {} };
  const limit = createLimiter({ rps, concurrency });
  const request = (spec) => limit(() => send({ baseUrl, headers, timeoutMs, ...spec }));

  const reachable = await request({ method: 'get', target: '/' });
  if (reachable.error) throw new UsageError(`cannot reach ${options.baseUrl}: ${reachable.error}`);
  if (reachable.timedOut) throw new UsageError(`${options.baseUrl} did not answer within ${timeoutMs} ms (--timeout-ms).`);

  onProgress(`checking ${operations.length} operations against ${baseUrl} (up to ${rps} requests/s, ${concurrency} at once)`);
  const observations = [];
  const results = await Promise.all(
    operations.map(async (entry) => {
      const result = { operationId: entry.operationId, method: entry.method.toUpperCase(), path: entry.path, status: 'pass', problems: [] };
      const skipped = safety(entry, allowWrites);
      if (skipped) return { ...result, status: 'skipped', reason: skipped };
      const { values, missing, placeholders } = parameterValues(document, entry, params);
      if (placeholders.length > 0) result.notes = [`no example in the contract, sent a placeholder: ${placeholders.join(', ')} (give real values with --params)`];
      if (missing.length > 0) {
        result.problems.push({ check: 'request', expected: `a value for ${missing.join(', ')}`, observed: 'no example in the contract and none in --params' });
        return { ...result, status: 'fail' };
      }
      const body = requestBodyFor(document, entry, params);
      const target = requestTarget(entry, values);
      const answer = await request({ method: entry.method, target, body, headers: { ...headers, ...headerParameters(entry, values) } });
      result.request = `${result.method} ${target}`;
      result.ms = answer.ms;
      if (answer.timedOut) {
        result.problems.push({ check: 'timeout', expected: `an answer within ${timeoutMs} ms`, observed: 'no answer' });
        return { ...result, status: 'timeout' };
      }
      if (answer.error) {
        result.problems.push({ check: 'network', expected: 'an HTTP answer', observed: answer.error });
        return { ...result, status: 'fail' };
      }
      result.answered = answer.status;
      result.problems.push(...checkAnswer(document, validator, entry, answer));

      for (const { parameter, value, why } of outOfRangeValues(document, entry)) {
        const refusalTarget = requestTarget(entry, { ...values, [parameter.name]: value });
        const refusal = await request({ method: entry.method, target: refusalTarget, body });
        const observed = refusal.timedOut ? 'no answer within the timeout' : refusal.error ? `network error: ${refusal.error}` : `${refusal.status}`;
        if (refusal.status !== 400) {
          result.problems.push({ check: 'out-of-range', expected: `400 for ${parameter.name}=${value} (${why})`, observed });
        }
        if (refusal.status !== undefined) {
          observations.push({ operationId: entry.operationId, point: 'Error body shape (400)', request: `${result.method} ${refusalTarget}`, observed: describeAnswer(refusal) });
        }
      }

      for (const probe of probesFor(document, entry)) {
        const seen = [];
        for (const variant of probe.variants) {
          const variantValues = { ...values, ...variant.values };
          for (const name of variant.omit ?? []) delete variantValues[name];
          let variantTarget = requestTarget(entry, variantValues);
          if (variant.extraQuery) variantTarget += `${variantTarget.includes('?') ? '&' : '?'}${new URLSearchParams(variant.extraQuery)}`;
          const variantAnswer = await request({ method: entry.method, target: variantTarget, body: variant.body ?? body });
          seen.push(`${variant.label}: ${describeAnswer(variantAnswer, variant)}`);
          if (probe.stopAtFirstRefusal && !(variantAnswer.status >= 200 && variantAnswer.status < 300)) break;
        }
        observations.push({ operationId: entry.operationId, point: probe.point, request: `${result.method} ${entry.path}`, observed: seen.join(' | ') });
      }
      return { ...result, status: result.problems.length > 0 ? 'fail' : 'pass' };
    }),
  );

  const files = options.workflows === false ? [] : workflowFiles(dir);
  if (files.length > 0) onProgress(`running the workflows of ${files.map((file) => file.split('/').pop()).join(', ')} with Redocly Respect`);
  const inputs = { ...params.parameters };
  const workflows = await runWorkflows({ files, timeoutMs, inputs, forward: ({ method, target, rawBody }) => request({ method, target, rawBody }) });

  const order = new Map(operations.map((entry, index) => [entry.operationId, index]));
  observations.sort((a, b) => order.get(a.operationId) - order.get(b.operationId));
  const count = (status) => results.filter((result) => result.status === status).length;
  const totals = {
    operations: results.length,
    conform: count('pass'),
    fail: count('fail'),
    timedOut: count('timeout'),
    skipped: count('skipped'),
    workflows: workflows.length,
    workflowsConform: workflows.filter((workflow) => workflow.status === 'pass').length,
    observations: observations.length,
  };
  const problems = [
    ...results.flatMap((result) => result.problems.map((problem) => ({ operationId: result.operationId, ...problem }))),
    ...workflows.flatMap((workflow) => workflow.problems.map((problem) => ({ operationId: workflow.workflowId, workflow: true, ...problem }))),
  ];
  const report = {
    baseUrl,
    contract: { title: document.info.title, version: document.info.version },
    conforms: problems.length === 0,
    durationMs: Math.round(performance.now() - started),
    settings: { rps, concurrency, timeoutMs, allowWrites, params: options.params ?? null, headers: Object.keys(headers) },
    totals,
    operations: results,
    workflows,
    problems,
    observations,
  };
  // The values to keep out of every report (--header values, credentials in the URL); not enumerable, so
  // never serialised with the report.
  Object.defineProperty(report, 'secrets', { value: [...secrets, ...Object.values(headers)].filter(Boolean), enumerable: false });
  return report;
}

export { describeNetworkError };
