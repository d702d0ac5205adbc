// Depth-first walk over a JSON document, calling visit(node, path) on every object and array.
// Example payloads are data, not contract, so the walk does not enter them.
export function walk(node, visit, path = []) {
  if (node === null || typeof node !== 'object') return;
  visit(node, path);
  for (const [key, child] of Object.entries(node)) {
    if (isExamplePayload(node, key, path)) continue;
    walk(child, visit, [...path, Array.isArray(node) ? Number(key) : key]);
  }
}

function isExamplePayload(node, key, path) {
  if (key === 'example' && !Array.isArray(node)) return true;
  if (key === 'value' && path.at(-2) === 'examples') return true;
  return key === 'examples' && Array.isArray(node[key]);
}
