// @ts-check
// House rule: what the service leaves undocumented is marked one way only. Every `x-not-documented` holds a
// non-empty phrase and sits on an object whose description says, in words, that the point is not documented;
// every description that says so has a marker on its object or below it (an operation may summarise the
// markers of its parameters). Example descriptions only explain their example.
import { walk } from './walk.js';

/** @import { RuleResult } from './walk.js' */

const saysNotDocumented = /not documented/i;

function hasMarkerWithin(/** @type {unknown} */ node) {
  let found = false;
  walk(node, (child) => {
    if (!Array.isArray(child) && child['x-not-documented'] !== undefined) found = true;
  });
  return found;
}

/**
 * @public loaded by Spectral through .spectral.yaml
 * @returns {RuleResult[]}
 */
export default function notDocumentedMarker(/** @type {unknown} */ document) {
  /** @type {RuleResult[]} */
  const results = [];
  walk(document, (node, path) => {
    if (path.at(-1) === 'properties' || Array.isArray(node)) return;
    const marker = node['x-not-documented'];
    const description = typeof node.description === 'string' ? node.description : '';
    if (marker !== undefined) {
      if (typeof marker !== 'string' || marker.trim() === '') {
        results.push({
          message: 'x-not-documented must be a non-empty phrase naming what is not documented.',
          path: [...path, 'x-not-documented'],
        });
      }
      if (!saysNotDocumented.test(description)) {
        results.push({
          message: 'An object with x-not-documented needs a description that says "not documented".',
          path: [...path, 'description'],
        });
      }
    } else if (saysNotDocumented.test(description) && path.at(-2) !== 'examples' && !hasMarkerWithin(node)) {
      results.push({
        message: 'This description says something is not documented: mark it with x-not-documented.',
        path: [...path, 'description'],
      });
    }
  });
  return results;
}
