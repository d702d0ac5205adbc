// @ts-check
// `npm run test:node-matrix` (and .ci/run, after `npm test`): the packages' tests on each Node line they support
// besides the machine's own (@trading-analytics/pipeline/node-matrix). --fetch only puts the lines' Node binaries
// in the cache (.ci/run fetches them while `npm test` runs), --list says what a run would test and leave out.
//
//   node scripts/node-matrix.mjs [--line 22] [--line 24] [--list | --fetch]
import { parseArgs } from 'node:util';
import { messageOf } from '@trading-analytics/core';
import { nodeLines, runNodeMatrix, unknownNodeLines } from '@trading-analytics/pipeline/node-matrix';

const usage = 'Usage: npm run test:node-matrix [-- --line <22|24>]... [--list | --fetch]';
let values;
try {
  ({ values } = parseArgs({
    options: { line: { type: 'string', multiple: true }, list: { type: 'boolean' }, fetch: { type: 'boolean' } },
  }));
} catch (error) {
  console.error(`${messageOf(error)}\n\n${usage}`);
  process.exit(2);
}
const unknown = unknownNodeLines(values.line ?? []);
if (unknown.length > 0) {
  console.error(
    `Unknown Node line ${unknown.join(', ')}; the matrix has ${Object.keys(nodeLines).join(', ')} (the machine's Node is tested by npm test).`,
  );
  process.exit(2);
}
if (values.list && values.fetch) {
  console.error(`--list and --fetch do not go together.\n\n${usage}`);
  process.exit(2);
}
if (!(await runNodeMatrix(values.line, { list: values.list, fetch: values.fetch }))) process.exitCode = 1;
