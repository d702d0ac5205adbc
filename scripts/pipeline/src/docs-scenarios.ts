// The docs' "Mock scenarios" guide: every operation's scenario keys, generated from the contract with the
// core's scenarioKeys, the one the mock (`--scenario`, `/__scenarios`, `Prefer`) and the MSW handlers
// (@trading-analytics/msw) use, so all three name the same cases.

import type { OpenApiDocument } from '@trading-analytics/core';
import { scenarioKeys } from '@trading-analytics/core';
import { tableCell } from './markdown.js';

export const scenariosHeading = 'Mock scenarios';

/** The generated guide section: how to pick a case, and a table of the keys per operation. */
export function scenariosSection(document: OpenApiDocument) {
  const rows = Object.entries(scenarioKeys(document)).map(([operationId, { method, path, defaultKey, keys }]) => {
    const names = Object.keys(keys).map((key) => (key === defaultKey ? `\`${key}\` (default)` : `\`${key}\``));
    return `| \`${operationId}\` | \`${method} ${tableCell(path)}\` | ${names.join(', ') || 'none documented (an empty 200)'} |`;
  });
  return [
    `# ${scenariosHeading}`,
    '',
    'The mock (`npm start`, `npx trading-analytics-mock`, `startMock()`) and the MSW handlers of `@trading-analytics/msw`',
    'answer each operation with one of its documented cases, named by a scenario key: a documented status (`503`) or a',
    'named example (`emptyAccount`). Without a choice an operation answers its default. Pick a case',
    '',
    '- for one request: the header `Prefer: code=503` or `Prefer: example=emptyAccount` (`?__code=503` in a link);',
    '- for every request, at start: `npm start -- --scenario getUnrealizedPnl=503` (repeatable, or `--scenarios file.json`);',
    '- for every request, while the mock runs: `PUT /__scenarios` with `{"getUnrealizedPnl": "503"}`; `GET /__scenarios`',
    "  lists the keys and the active choices, `DELETE /__scenarios` resets them; a request's own `Prefer` still wins;",
    "- in a frontend test: `server.use(scenario('getUnrealizedPnl', '503'))` with `@trading-analytics/msw`.",
    '',
    '| Operation | Request | Scenario keys |',
    '| :--- | :--- | :--- |',
    ...rows,
  ].join('\n');
}
