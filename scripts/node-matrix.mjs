// @ts-check
// `npm run test:node-matrix` (and .ci/run, after `npm test`): the packages' tests on each Node line they support
// besides the machine's own (@trading-analytics/pipeline/node-matrix).
//
//   node scripts/node-matrix.mjs [--line 22] [--line 24] [--list]
import { parseArgs } from 'node:util';
import { messageOf } from '@trading-analytics/core';
import { nodeLines, runNodeMatrix, unknownNodeLines } from '@trading-analytics/pipeline/node-matrix';

const usage = 'Usage: npm run test:node-matrix [-- --line <22|24>]... [--list]';
let values;
try {
  ({ values } = parseArgs({ options: { line: { type: 'string', multiple: true }, list: { type: 'boolean' } } }));
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
if (!(await runNodeMatrix(values.line, { list: values.list }))) process.exitCode = 1;
