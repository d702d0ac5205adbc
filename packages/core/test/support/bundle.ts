// The repository's bundle (generated/openapi.json), which the core's tests run its functions over, and the
// validators of it the tests share.
import { readFileSync } from 'node:fs';
import { ContractValidator, type OpenApiDocument } from '../../src/index.js';
import type { ValidatorOptions } from '../../src/validation.js';

export const document = JSON.parse(
  readFileSync(new URL('../../../../generated/openapi.json', import.meta.url), 'utf8'),
) as OpenApiDocument;

// One validator of the bundle per set of options, built on first use and kept for the process: a worker runs
// several of the files (isolate: false), and each build compiles the schemas it meets again. A validator keeps
// nothing a test could see but its compiled schemas.
const validators = new Map<string, ContractValidator>();

/** The bundle's validator with these options, shared by the tests of the process. */
export function validatorOf(options: ValidatorOptions = {}): ContractValidator {
  const key = JSON.stringify(Object.entries(options).sort(([a], [b]) => (a < b ? -1 : 1)));
  let validator = validators.get(key);
  if (!validator) {
    validator = new ContractValidator(document, options);
    validators.set(key, validator);
  }
  return validator;
}
