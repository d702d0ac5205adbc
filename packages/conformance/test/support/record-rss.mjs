// Preloaded into a process with `node --import` (through NODE_OPTIONS, so its child processes load it too):
// when the process exits, appends its peak resident set size and its script to the file the import's `log`
// query names (`--import=file:///…/record-rss.mjs?log=/tmp/…`), one JSON line per process. The path travels
// in NODE_OPTIONS because that is the one variable of the runner's environment Respect inherits besides
// the system's own. How the tests bound the memory of the runner and of Respect.
import { appendFileSync } from 'node:fs';

const log = new URL(import.meta.url).searchParams.get('log');
if (log) {
  process.on('exit', () => {
    const line = { script: process.argv[1] ?? '', maxRssKb: process.resourceUsage().maxRSS };
    appendFileSync(log, `${JSON.stringify(line)}\n`);
  });
}
