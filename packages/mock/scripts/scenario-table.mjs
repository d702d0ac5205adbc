// `npm run scenarios -w @trading-analytics/mock`: rewrites the scenario table in README.md from the contract
// (scripts/pipeline/src/scenario-table.ts). test/readme.test.ts fails when the table there is stale.
import { updateScenarioTable } from '@trading-analytics/pipeline/scenario-table';

console.log(await updateScenarioTable());
