// @trading-analytics/core: the contract as data, platform-neutral (no Node module, no global but the
// language's own), shared by the mock, the MSW handlers, the conformance runner and the tests.
export {
  type BodyRead,
  bodyAdmission,
  bodyTooLarge,
  type CheckedRequest,
  checkRequest,
  type PassedRequest,
  type RequestParts,
} from './check-request.js';
export { type Contract, createContract } from './contract-model.js';
export { isDateTime } from './date-time.js';
export { messageOf } from './error-text.js';
export { isAllowedHost, isLoopbackHost, isLoopbackOrigin } from './hosts.js';
export * from './openapi.js';
export {
  type ContractOperation,
  createRouter,
  declaredResponse,
  isJsonMediaType,
  listOperations,
  mediaTypeOf,
} from './operations.js';
export { ownOptions } from './own-options.js';
export {
  type Answer,
  PROBLEMS,
  problemAnswer,
  refusal,
  selectionMissAnswer,
  type Violation,
  violationsHeader,
} from './problem-answers.js';
export { escapePointer, pointerSegments, resolve, valueAtPointer } from './refs.js';
export {
  decodePath,
  decodeQuery,
  integerProblem,
  isMediaType,
  malformedAccept,
  type Preferences,
  parsePreferences,
  quoted,
  scanJson,
  schemaAt,
  utf8Length,
} from './request-checks.js';
export {
  MAX_BODY_BYTES,
  MAX_JSON_DEPTH,
  MAX_JSON_VALUES,
  MAX_SAFE_INTEGER,
  MAX_VIOLATIONS_LISTED,
} from './request-limits.js';
export {
  choiceProblems,
  listScenarios,
  type OperationScenarioKeys,
  type OperationScenarios,
  type ResponseScenarios,
  type ScenarioCatalog,
  type ScenarioChoices,
  type ScenarioExample,
  type ScenarioSelection,
  scenarioKeys,
  unknownOperationMessage,
  unknownScenarioMessage,
} from './scenarios.js';
export {
  requiredHeaders,
  SANDBOX_PATH,
  type SandboxCall,
  type ServedSandbox,
  sandboxAnswer,
  sandboxControlAnswer,
  selectsCase,
} from './served.js';
export {
  ContractValidator,
  requestSchemaViolations,
  requestValidators,
  type SchemaError,
  schemaRefusal,
} from './validation.js';
