// @ts-check
// `npm run dev` (or `npm start -- --watch`): the maintainer's loop (@trading-analytics/pipeline/dev-loop). Serves the mock and
// the docs like `npm start`, then rebuilds on each save of openapi/ and serves the change from the same ports.
//
//   npm run dev [-- --port 4010] [--docs-port 4011] [--host 127.0.0.1] [--cors-credentials]
//               [--control-origin <origin>]... [--scenario <operationId>=<key>]... [--scenarios <file.json>]
//               [--sandbox [--seed <n>] [--now <ISO-8601>|wall] [--clock fixed|live] [--clock-rate <n>]] [--project <dir>]
import { runDev } from '@trading-analytics/pipeline/dev-loop';
import { devOptions, optionsOrExit, projectUsage, serveUsage } from '@trading-analytics/pipeline/flags';

const usage = `Usage: npm run dev -- [--port <port>] [--docs-port <port>] [--host <address>] [--cors-credentials]
                      [--control-origin <origin>]... [--scenario <operationId>=<key>]... [--scenarios <file.json>]
                      [--sandbox [--seed <n>] [--now <ISO-8601>|wall] [--clock fixed|live] [--clock-rate <n>]] [--project <dir>]

${serveUsage}
${projectUsage}`;

const options = optionsOrExit(() => devOptions(), usage);
if (options.help) console.log(usage);
else await runDev(options, usage);
