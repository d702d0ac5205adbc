// The contract the runner checks against: generated/openapi.json and generated/*.arazzo.yaml inside the
// repository (so a contract change is checked at once), the copies in contract/ in an installed package.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const repositoryRoot = new URL('../../../', import.meta.url);
export const httpMethods = ['get', 'put', 'post', 'delete', 'patch'];

function inRepository() {
  try {
    return JSON.parse(readFileSync(new URL('package.json', repositoryRoot), 'utf8')).name === 'trading-analytics-api';
  } catch {
    return false;
  }
}

/** The folder holding openapi.json and the workflow files. */
export function contractDir() {
  const dir = fileURLToPath(inRepository() ? new URL('generated/', repositoryRoot) : new URL('../contract/', import.meta.url));
  if (!existsSync(path.join(dir, 'openapi.json'))) {
    throw new Error(`The contract ${path.join(dir, 'openapi.json')} is missing; run \`npm run build\` at the repository root.`);
  }
  return dir;
}

export function loadContract(dir = contractDir()) {
  return JSON.parse(readFileSync(path.join(dir, 'openapi.json'), 'utf8'));
}

export function workflowFiles(dir = contractDir()) {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.arazzo.yaml'))
    .sort()
    .map((name) => path.join(dir, name));
}

export function escapePointer(segment) {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Follows local `$ref`s; keywords written beside a `$ref` are kept and win over the target's. */
export function resolve(document, node) {
  let current = node;
  while (current && typeof current === 'object' && typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
    const { $ref, ...siblings } = current;
    const target = $ref
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce((at, key) => at?.[key], document);
    current = Object.keys(siblings).length > 0 && target && typeof target === 'object' ? { ...target, ...siblings } : target;
  }
  return current;
}

/** Every operation in contract order, with its parameters resolved (path-level ones included). */
export function listOperations(document) {
  return Object.entries(document.paths).flatMap(([urlPath, item]) =>
    httpMethods
      .filter((method) => item[method])
      .map((method) => {
        const operation = item[method];
        const own = (operation.parameters ?? []).map((parameter) => resolve(document, parameter));
        const inherited = (item.parameters ?? []).map((parameter) => resolve(document, parameter)).filter((parameter) => !own.some((p) => p.name === parameter.name && p.in === parameter.in));
        return {
          operationId: operation.operationId,
          method,
          path: urlPath,
          operation,
          parameters: [...inherited, ...own],
          pointer: `#/paths/${escapePointer(urlPath)}/${method}`,
        };
      }),
  );
}
