// @ts-check
// `npm run dev` (or `npm start -- --watch`): the maintainer's loop (lib/dev-loop.mjs). Serves the mock and
// the docs like `npm start`, then rebuilds on each save of openapi/ and serves the change from the same ports.
//
//   npm run dev [-- --port 4010] [--docs-port 4011] [--host 127.0.0.1] [--cors-credentials]
//               [--control-origin <origin>]... [--scenario <operationId>=<key>]... [--scenarios <file.json>]
//               [--sandbox [--seed <n>] [--now <ISO-8601>]] [--project <dir>]
import { parseArgs } from 'node:util';
import { runDev } from './lib/dev-loop.mjs';
import { optionsOrExit, projectUsage, serveFlags, serveOptions, serveUsage } from './lib/flags.mjs';
import { isEntryPoint } from './lib/steps.mjs';

const usage = `Usage: npm run dev -- [--port <port>] [--docs-port <port>] [--host <address>] [--cors-credentials]
                      [--control-origin <origin>]... [--scenario <operationId>=<key>]... [--scenarios <file.json>]
                      [--sandbox [--seed <n>] [--now <ISO-8601>]] [--project <dir>]

${serveUsage}
${projectUsage}`;

/** Reads the flags, then the environment, then the defaults; throws a message naming a bad value. */
export function devOptions(argv = process.argv.slice(2), env = process.env) {
  const { values } = parseArgs({ args: argv, options: serveFlags });
  return serveOptions(values, env);
}

if (isEntryPoint(import.meta.url)) {
  const options = optionsOrExit(() => devOptions(), usage);
  if (options.help) console.log(usage);
  else await runDev(options, usage);
}
