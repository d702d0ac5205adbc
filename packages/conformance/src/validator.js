// JSON Schema 2020-12 validation (Ajv, strict) of a response body or header against the bundled contract.
// Only the component schemas form the validator's root (an OpenAPI document is not a JSON Schema), so every
// `#/components/schemas/X` reference is rewritten to `contract#/$defs/X`.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { resolve } from './contract.js';

/**
 * The string formats the contract names itself (`integer-string`, `decimal-string`), each read with the
 * pattern its component schema carries, so the format check can never be stricter than the contract.
 */
export function contractFormats(document, knownFormats) {
  return Object.values(document.components?.schemas ?? {})
    .filter((schema) => typeof schema?.format === 'string' && typeof schema.pattern === 'string' && !(schema.format in knownFormats))
    .map((schema) => [schema.format, new RegExp(schema.pattern, 'u')]);
}

function rewriteRefs(node) {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' ? value.replace('#/components/schemas/', 'contract#/$defs/') : rewriteRefs(value),
    ]),
  );
}

export class ContractValidator {
  constructor(document) {
    this.document = document;
    this.cache = new Map();
    // strictTypes is off because OpenAPI 3.1 keeps keywords beside a $ref without repeating `type`.
    this.ajv = new Ajv2020.default({ strict: true, strictTypes: false, allErrors: true, strictRequired: false, allowUnionTypes: true });
    addFormats.default(this.ajv);
    for (const [name, pattern] of contractFormats(document, this.ajv.formats)) this.ajv.addFormat(name, pattern);
    // OpenAPI's own schema keywords and the project's extensions are annotations to the validator.
    this.ajv.addVocabulary(['discriminator', 'xml', 'externalDocs', 'example', 'x-not-documented']);
    this.ajv.addSchema({ $id: 'contract', $defs: rewriteRefs(document.components?.schemas ?? {}) });
  }

  /** Errors (empty when valid) of a value against a schema object of the contract, each `{at, message, value}`. */
  errors(schema, value) {
    let validate = this.cache.get(schema);
    if (!validate) {
      const resolved = resolve(this.document, schema);
      validate = this.ajv.compile(typeof resolved === 'boolean' ? resolved : rewriteRefs(resolved));
      this.cache.set(schema, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => ({
      at: error.instancePath || '(root)',
      message: `${error.message}${error.params?.allowedValues ? ` (${error.params.allowedValues.join(', ')})` : ''}`,
      value: valueAt(value, error.instancePath),
    }));
  }
}

function valueAt(value, pointer) {
  if (!pointer) return value;
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((at, key) => (at === null || at === undefined ? at : at[key]), value);
}
