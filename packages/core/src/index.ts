// @trading-analytics/core: the contract as data, platform-neutral (no Node module, no global but the
// language's own), shared by the mock, the MSW handlers, the conformance runner and the tests.
export {
  type BodyRead,
  bodyAdmission,
  bodyTooLarge,
  checkRequest,
  type PassedRequest,
} from './check-request.js';
export { type Contract, createContract } from './contract-model.js';
export { messageOf } from './error-text.js';
export { isAllowedHost, isLoopbackOrigin } from './hosts.js';
export {
  type Header,
  HTTP_METHODS,
  type HttpMethod,
  type Json,
  type OpenApiDocument,
  type Parameter,
  type RequestBody,
  type Schema,
} from './openapi.js';
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
export { decodePath, type Preferences, quoted, utf8Length } from './request-checks.js';
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
  faultPlan,
  isSandboxControl,
  requiredHeaders,
  SANDBOX_FAULT_HEADER,
  SANDBOX_PATH,
  SANDBOX_WORLD_HEADER,
  type ServedSandbox,
  sandboxAnswer,
  sandboxControlAnswer,
  selectsCase,
  selectWorld,
} from './served.js';
export {
  ContractValidator,
  requestValidators,
  type SchemaError,
  schemaRefusal,
} from './validation.js';
