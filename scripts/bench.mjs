// @ts-check
// `npm run bench` (root part): build and dev-loop times as ratios against a bare `redocly bundle`
// (@trading-analytics/pipeline/bench, which names the budgets). Exits 1 when one is missed.
//
//   node scripts/bench.mjs [--only build|dev]
import { parseArgs } from 'node:util';
import { messageOf } from '@trading-analytics/core';
import { runBench } from '@trading-analytics/pipeline/bench';

let only;
try {
  ({
    values: { only },
  } = parseArgs({ options: { only: { type: 'string' } } }));
} catch (error) {
  console.error(`${messageOf(error)}\n\nUsage: node scripts/bench.mjs [--only build|dev]`);
  process.exit(2);
}
if (only !== undefined && only !== 'build' && only !== 'dev') {
  console.error(`--only takes build or dev, got "${only}".`);
  process.exit(2);
}
const failures = await runBench({ only });
if (failures.length > 0) {
  console.error(`Budget missed:\n- ${failures.join('\n- ')}`);
  process.exitCode = 1;
} else {
  console.log("All budgets of the maintainer's loop met.");
}
