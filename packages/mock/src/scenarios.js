// The cases a mock user can select, read from the contract itself so the list cannot drift from what the
// mock serves: each documented status (`Prefer: code=<status>`) and each named response example
// (`Prefer: example=<key>`).

const methods = ['get', 'put', 'post', 'delete', 'patch'];

function follow(document, node) {
  let current = node;
  while (current && typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
    current = current.$ref
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce((at, key) => at?.[key], document);
  }
  return current;
}

/**
 * Lists, per operation in contract order, what a mock user can select.
 * @param {object} document the bundled OpenAPI document (generated/openapi.json)
 * @returns {import('./index').OperationScenarios[]}
 */
export function listScenarios(document) {
  const operations = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const statuses = Object.keys(operation.responses ?? {}).filter((status) => /^[1-5][0-9][0-9]$/.test(status));
      // Prism answers the lowest 2xx when nothing is asked for, with its first example.
      const defaultStatus = statuses.filter((status) => status.startsWith('2')).sort()[0];
      const responses = statuses.map((status) => {
        const response = follow(document, operation.responses[status]);
        const json = response?.content?.['application/json'];
        const examples = Object.entries(json?.examples ?? {}).map(([key, example]) => ({
          key,
          summary: follow(document, example)?.summary ?? '',
        }));
        return { status: Number(status), hasBody: Boolean(response?.content), examples };
      });
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        defaultStatus: defaultStatus === undefined ? undefined : Number(defaultStatus),
        responses,
      });
    }
  }
  return operations;
}

/**
 * The scenario keys of each operation and what each selects: every documented status as a string
 * (`'503'`: `Prefer: code=503`) and every named example (`'emptyAccount'`: its status and
 * `Prefer: example=emptyAccount`). The keys `--scenario`, `/__scenarios` and the MSW handlers
 * (@trading-analytics/msw) accept. An example key that is also a status, or named under two statuses,
 * would select two cases, so it is refused.
 * @param {object} document the bundled OpenAPI document
 * @returns {Record<string, { method: string, path: string, defaultKey: string | undefined, keys: Record<string, { code: number, exampleKey?: string }> }>}
 */
export function scenarioKeys(document) {
  const catalog = {};
  for (const operation of listScenarios(document)) {
    const keys = {};
    for (const response of operation.responses) keys[String(response.status)] = { code: response.status };
    for (const response of operation.responses) {
      for (const { key } of response.examples) {
        if (Object.hasOwn(keys, key)) throw new Error(`${operation.operationId}: the scenario key "${key}" names two cases; rename one of its examples.`);
        keys[key] = { code: response.status, exampleKey: key };
      }
    }
    const defaultResponse = operation.responses.find((response) => response.status === operation.defaultStatus);
    const defaultKey = defaultResponse ? (defaultResponse.examples[0]?.key ?? String(defaultResponse.status)) : undefined;
    catalog[operation.operationId] = { method: operation.method, path: operation.path, defaultKey, keys };
  }
  return catalog;
}
