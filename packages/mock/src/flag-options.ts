// The command-line options the mock's bin and the repository's `npm start`/`npm run dev` both take, as
// node:util's parseArgs reads them: the CORS mode, the origins that may drive the controls, the scenario
// choices and the sandbox. Where the mock listens is left to each command, since their defaults differ (the
// bin's own, the scripts' environment).
import type { ParseArgsConfig } from 'node:util';

export const choiceFlagOptions = {
  'cors-credentials': { type: 'boolean', default: false },
  'control-origin': { type: 'string', multiple: true },
  scenario: { type: 'string', multiple: true },
  scenarios: { type: 'string' },
  sandbox: { type: 'boolean', default: false },
  seed: { type: 'string' },
  now: { type: 'string' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;
