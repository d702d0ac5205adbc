// @trading-analytics/core: the contract as data, platform-neutral (no Node module, no global but the
// language's own), shared by the mock, the MSW handlers, the conformance runner and the tests.
export {
  bodyIntegerProblems,
  decodePath,
  decodeQuery,
  integerProblem,
  isIntegerSchema,
  isMediaType,
  type JsonNumber,
  malformedAccept,
  type Preferences,
  parsePreferences,
  type Query,
  quoted,
  scanJson,
  schemaAt,
  strictDecode,
  utf8Length,
} from './checks.js';
export { type Contract, createContract } from './contract.js';
export { isDateTime } from './date-time.js';
export { isAllowedHost, isLoopbackHost, isLoopbackOrigin } from './hosts.js';
export {
  MAX_BODY_BYTES,
  MAX_JSON_DEPTH,
  MAX_JSON_VALUES,
  MAX_SAFE_INTEGER,
  MAX_VIOLATIONS_HEADER,
  MAX_VIOLATIONS_LISTED,
} from './limits.js';
export { type ContractLocation, inRepository, locateContract, REPOSITORY_NAME, type ReadText } from './locate.js';
export * from './openapi.js';
export {
  type ContractOperation,
  concreteStatuses,
  createRouter,
  type DeclaredContent,
  type DeclaredResponse,
  declaredResponse,
  defaultStatus,
  isConcreteStatus,
  isJsonMediaType,
  listOperations,
  mediaTypeOf,
  type NamedExample,
  type Route,
} from './operations.js';
export { ownOptions } from './own-options.js';
export { ANY_FREE_PORT, isPort, MAX_PORT, parsePort } from './ports.js';
export {
  type Answer,
  PROBLEM_MEDIA_TYPE,
  PROBLEMS,
  type Problem,
  type ProblemKind,
  problemAnswer,
  refusal,
  selectionMissAnswer,
  type Violation,
  violationsHeader,
} from './problems.js';
export { escapePointer, inlineReferences, pointerSegments, resolve, valueAtPointer } from './refs.js';
export {
  acceptViolations,
  type BodyRead,
  bodyAdmission,
  bodyTooLarge,
  type CheckedRequest,
  checkRequest,
  type PassedRequest,
  parameterIntegerViolations,
  type RequestParts,
} from './request.js';
export {
  choiceProblems,
  listScenarios,
  type OperationScenarioKeys,
  type OperationScenarios,
  operationScenarios,
  type ResponseScenarios,
  type ScenarioCatalog,
  type ScenarioChoices,
  type ScenarioExample,
  type ScenarioSelection,
  scenarioKeys,
  selectableCodes,
  selectionMiss,
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
  contractFormats,
  type RequestValidators,
  type RequestValues,
  requestSchemaViolations,
  requestValidators,
  type SchemaError,
  schemaRefusal,
  type ValidatorOptions,
} from './validation.js';
