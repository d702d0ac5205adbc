// The README's quick start, taken from the README itself and run with node as a user would run it, against
// the test mock instead of the `npm start` address it is written for.
import { readFileSync } from 'node:fs';
import { outputOf } from '../../../../test/support/commands.js';

const readmeFile = new URL('../../README.md', import.meta.url);
const writtenFor = 'http://127.0.0.1:4010';

/** The first ```js block after the "## Quick start" heading. */
export function quickStartCode(): string {
  const readme = readFileSync(readmeFile, 'utf8');
  const section = readme.split(/^## Quick start$/m)[1];
  const code = section && /^```js\n([\s\S]*?)^```$/m.exec(section)?.[1];
  if (!code) throw new Error('README.md has no ```js block under "## Quick start".');
  if (code.split(writtenFor).length !== 2) throw new Error(`The quick start should name ${writtenFor} exactly once.`);
  return code;
}

/** Runs the quick start as an ES module whose imports resolve from `cwd`; resolves with its output. */
export async function runQuickStart(baseUrl: string, cwd: string): Promise<string> {
  const code = quickStartCode().replace(writtenFor, baseUrl);
  return outputOf(process.execPath, ['--input-type=module', '--eval', code], { cwd, timeoutMs: 30_000 });
}

/** What the quick start prints against the mock, line by line. */
export const expectedOutput = [
  /^leaderboard: \d+ traders, first 0x[0-9a-f]{40}$/,
  /^staked principal: \d+(\.\d+)?$/,
  /^unrealized PnL: -?\d+(\.\d+)? USD over \d+ positions$/,
  /^ranked traders on the first two pages: [1-9]\d*$/,
];
