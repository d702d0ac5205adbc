// @ts-check
// House rule: nullability is written the OpenAPI 3.1 way (a 'null' type), never with the 3.0 keyword
// `nullable` or the `x-nullable` extension.
import { walk } from './walk.js';

/** @import { RuleResult } from './walk.js' */

/**
 * @public loaded by Spectral through .spectral.yaml
 * @returns {RuleResult[]}
 */
export default function nullabilityStyle(/** @type {unknown} */ document) {
  /** @type {RuleResult[]} */
  const results = [];
  walk(document, (node, path) => {
    // The keys of a `properties` map are field names, not keywords.
    if (path.at(-1) === 'properties' || Array.isArray(node)) return;
    for (const keyword of ['nullable', 'x-nullable']) {
      if (Object.hasOwn(node, keyword)) {
        results.push({
          message: `Write nullability as a 'null' type (type: [x, 'null'], or oneOf with {type: 'null'}), not \`${keyword}\`.`,
          path: [...path, keyword],
        });
      }
    }
  });
  return results;
}
