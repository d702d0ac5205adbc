// JSON pointers and local `$ref`s of the bundle: the one way every package follows a reference.

/** Escapes one segment for a JSON pointer (RFC 6901): `~` as `~0`, `/` as `~1`. */
export function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** The segments of a local pointer (`#/components/schemas/X` or `/components/...`), unescaped. */
export function pointerSegments(pointer: string): string[] {
  const body = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  if (body === '') return [];
  return body
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** The value at a local pointer of `root`, or undefined when the path leaves it. */
export function valueAtPointer(root: unknown, pointer: string): unknown {
  let at: unknown = root;
  for (const key of pointerSegments(pointer)) {
    if (at === null || typeof at !== 'object') return undefined;
    at = Object.hasOwn(at, key) ? (at as Record<string, unknown>)[key] : undefined;
  }
  return at;
}

function isReference(node: unknown): node is { $ref: string } & Record<string, unknown> {
  return typeof node === 'object' && node !== null && typeof (node as { $ref?: unknown }).$ref === 'string';
}

/**
 * Follows local `$ref`s until a node that is not one. Keywords written beside a `$ref` (OpenAPI 3.1 allows
 * `summary` and `description`; schemas allow any) are kept and win over the target's. A reference that
 * leaves the document, or a loop of references, gives undefined.
 */
export function resolve<T = unknown>(document: unknown, node: unknown): T | undefined {
  let current = node;
  const seen = new Set<string>();
  while (isReference(current) && current.$ref.startsWith('#')) {
    if (seen.has(current.$ref)) return undefined;
    seen.add(current.$ref);
    const { $ref, ...siblings } = current;
    const target = valueAtPointer(document, $ref);
    current =
      Object.keys(siblings).length > 0 && target !== null && typeof target === 'object'
        ? { ...target, ...siblings }
        : target;
  }
  return current as T | undefined;
}

/**
 * A copy of a schema with every local reference replaced by what it points at, for code that walks a schema
 * without following references. A reference back into itself becomes `{}` (any value), so the copy is finite.
 */
export function inlineReferences(document: unknown, node: unknown, seen: ReadonlySet<string> = new Set()): unknown {
  if (node === null || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((item) => inlineReferences(document, item, seen));
  if (isReference(node) && node.$ref.startsWith('#')) {
    if (seen.has(node.$ref)) return {};
    return inlineReferences(document, resolve(document, node), new Set([...seen, node.$ref]));
  }
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'example' || key === 'examples') continue;
    copy[key] = inlineReferences(document, value, seen);
  }
  return copy;
}
