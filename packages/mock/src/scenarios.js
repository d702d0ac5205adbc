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
