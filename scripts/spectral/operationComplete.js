// @ts-check
// House rule: every operation has exactly one tag, a summary and a description, and every request or
// response body has at least one named example, each with a summary and a value.
/** @import { JsonObject, JsonPath, RuleContext, RuleResult } from './walk.js' */
/** @typedef {{ schema?: JsonObject, examples?: Record<string, JsonObject | undefined> }} Media */
/** @typedef {{ content?: Record<string, Media>, 'x-not-documented'?: unknown }} Body */

/**
 * @public loaded by Spectral through .spectral.yaml
 * @param {JsonObject & { requestBody?: Body, responses?: Record<string, Body> }} operation
 * @param {unknown} _options
 * @param {RuleContext} context
 * @returns {RuleResult[]}
 */
export default function operationComplete(operation, _options, context) {
  const at = context.path;
  /** @type {RuleResult[]} */
  const results = [];
  if (!Array.isArray(operation.tags) || operation.tags.length !== 1) {
    results.push({ message: "Operation must have exactly one tag (the seed's grouping).", path: [...at, 'tags'] });
  }
  for (const field of ['summary', 'description']) {
    const text = operation[field];
    if (typeof text !== 'string' || text.trim() === '') {
      results.push({ message: `Operation needs a ${field}.`, path: [...at, field] });
    }
  }
  /** @type {[where: string, body: Body | undefined, status?: string][]} */
  const bodies = [['requestBody', operation.requestBody]];
  for (const [status, response] of Object.entries(operation.responses ?? {}))
    bodies.push(['responses', response, status]);
  for (const [where, body, status] of bodies) {
    for (const [mediaType, media] of Object.entries(body?.content ?? {})) {
      /** @type {JsonPath} */
      const path = [...at, where, ...(status ? [status] : []), 'content', mediaType];
      // A body whose shape is not documented cannot have an honest example.
      if (body?.['x-not-documented'] || media.schema?.['x-not-documented']) continue;
      const examples = Object.entries(media.examples ?? {});
      if (examples.length === 0)
        results.push({ message: 'Body has no named example (`examples:`).', path: [...path, 'examples'] });
      for (const [name, example] of examples) {
        if (!example?.summary || !Object.hasOwn(example, 'value')) {
          results.push({
            message: `Example "${name}" needs a summary and a value.`,
            path: [...path, 'examples', name],
          });
        }
      }
    }
  }
  return results;
}
