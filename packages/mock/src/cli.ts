// @trading-analytics/mock/cli: the mock's command line in parts, for a command that starts the mock with the
// bin's own flags and words (the repository's `npm start` and `npm run dev` do): the flag options and their
// reading, the port rule, and the lines printed under the URL. The bin (bin.ts) is made of the same parts.
export { choiceFlagOptions } from './flag-options.js';
export { sandboxHint, scenarioHint } from './hint.js';
export { ANY_FREE_PORT, parsePort } from './ports.js';
export { readSandboxFlags } from './sandbox-options.js';
export { readScenarioChoices } from './scenario-options.js';
