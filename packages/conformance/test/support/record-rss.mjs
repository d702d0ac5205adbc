// Preloaded into a process with `node --import` (through NODE_OPTIONS, so its child processes load it too):
// when the process exits, appends its peak resident set size and its script to the file RSS_LOG names,
// one JSON line per process. How the tests bound the memory of the runner and of Respect.
import { appendFileSync } from 'node:fs';

const log = process.env.RSS_LOG;
if (log) {
  process.on('exit', () => {
    const line = { script: process.argv[1] ?? '', maxRssKb: process.resourceUsage().maxRSS };
    appendFileSync(log, `${JSON.stringify(line)}\n`);
  });
}
