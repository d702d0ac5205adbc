// @ts-check
// `npm start`: the whole service on this machine for frontend work (@trading-analytics/pipeline/start). Rebuilds
// what is stale, then serves the mock and the rendered docs side by side until Ctrl-C, which stops both. With
// --watch it is `npm run dev`, with the same flags.
//
//   npm start [-- --port 4010] [--host 127.0.0.1] [--docs-port 4011] [--docs-file dist/docs/index.html]
//             [--skip-build] [--cors-credentials] [--control-origin <origin>]... [--scenario <operationId>=<key>]...
//             [--scenarios <file.json>] [--sandbox [--seed <n>] [--now <ISO-8601>|wall] [--clock fixed|live]
//             [--clock-rate <n>]] [--watch [--project <dir>]]
//   (or MOCK_PORT, MOCK_HOST, DOCS_PORT in the environment; flags win)
import { optionsOrExit, projectUsage, serveUsage, startOptions } from '@trading-analytics/pipeline/flags';
import { runStart } from '@trading-analytics/pipeline/start';

const usage = `Usage: npm start -- [--port <port>] [--host <address>] [--docs-port <port>] [--docs-file <file>] [--skip-build]
                    [--cors-credentials] [--control-origin <origin>]... [--scenario <operationId>=<key>]...
                    [--scenarios <file.json>] [--sandbox [--seed <n>] [--now <ISO-8601>|wall] [--clock fixed|live]
                    [--clock-rate <n>]] [--watch [--project <dir>]]

${serveUsage}
  --docs-file <file>   the rendered docs page (default dist/docs/index.html)
  --skip-build         serve what is there without checking that it is up to date
  --watch              npm run dev: rebuild on each save of openapi/, reload the mock and the docs page
${projectUsage}`;

const options = optionsOrExit(() => startOptions(), usage);
if (options.help) console.log(usage);
else await runStart(options, usage);
