// @ts-check
// Depth-first walk over a JSON document, calling visit(node, path) on every object and array.
// Example payloads are data, not contract, so the walk does not enter them. The house rules' types are here
// too: Spectral calls a rule's function with the node its `given` selects, and takes back a list of results.

/** @typedef {{ [key: string]: unknown }} JsonObject */
/** @typedef {(string | number)[]} JsonPath */
/** @typedef {{ message: string, path: JsonPath }} RuleResult */
/** @typedef {{ path: JsonPath }} RuleContext what Spectral hands a rule's function besides the node */

/**
 * @param {unknown} node
 * @param {(node: JsonObject | unknown[], path: JsonPath) => void} visit
 * @param {JsonPath} [path]
 */
export function walk(node, visit, path = []) {
  if (node === null || typeof node !== 'object') return;
  const container = /** @type {JsonObject | unknown[]} */ (node);
  visit(container, path);
  for (const [key, child] of Object.entries(container)) {
    if (isExamplePayload(container, key, path)) continue;
    walk(child, visit, [...path, Array.isArray(container) ? Number(key) : key]);
  }
}

/**
 * @param {JsonObject | unknown[]} node
 * @param {string} key
 * @param {JsonPath} path
 */
function isExamplePayload(node, key, path) {
  if (Array.isArray(node)) return false;
  if (key === 'example') return true;
  if (key === 'value' && path.at(-2) === 'examples') return true;
  return key === 'examples' && Array.isArray(node[key]);
}
