// @trading-analytics/mock: the trading analytics service on localhost, Prism over the bundled contract in a
// process of its own, with the scenario keys read from the same contract.
export {
  listScenarios,
  type OperationScenarioKeys,
  type OperationScenarios,
  type ResponseScenarios,
  type ScenarioCatalog,
  type ScenarioExample,
  type ScenarioSelection,
  scenarioKeys,
} from '@trading-analytics/core';
export { contractPath } from './contract-path.js';
export { scenarioHint } from './hint.js';
export { controlPath } from './scenario-control.js';
export { readScenarioChoices } from './scenario-options.js';
export { type MockOptions, type MockServer, startMock } from './start.js';
