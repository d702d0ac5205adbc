// @ts-check
// House rule: operationIds are camelCase, start with a verb from the house list and then name a noun.
const verbs = ['list', 'get', 'join', 'query', 'submit'];
const grammar = new RegExp(`^(${verbs.join('|')})[A-Z][A-Za-z0-9]*$`);

/** @import { JsonObject, RuleContext, RuleResult } from './walk.js' */

/**
 * @public loaded by Spectral through .spectral.yaml
 * @param {JsonObject | undefined} operation
 * @param {unknown} _options
 * @param {RuleContext} context
 * @returns {RuleResult[]}
 */
export default function operationIdGrammar(operation, _options, context) {
  const id = operation?.operationId;
  if (typeof id !== 'string') return [{ message: 'Operation has no operationId.', path: [...context.path] }];
  if (!grammar.test(id)) {
    return [
      {
        message: `operationId "${id}" must be camelCase: one of ${verbs.join(', ')} then a noun.`,
        path: [...context.path, 'operationId'],
      },
    ];
  }
  return [];
}
