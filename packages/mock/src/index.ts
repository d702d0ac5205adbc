// @trading-analytics/mock: the trading analytics service on localhost, Prism over the bundled contract (or
// the sandbox's seeded world) in a process of its own, with the scenario keys read from the same contract.
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
export type { SandboxSettings } from './sandbox-options.js';
export { controlPath } from './scenario-control.js';
export { type MockOptions, type MockServer, startMock } from './start.js';
