#!/usr/bin/env node
// `npx trading-analytics-mock [--port 4010] [--host 127.0.0.1] [--cors-credentials]`: the mock in a terminal until Ctrl-C.
import { parseArgs } from 'node:util';
import { scenarioHint, startMock } from '../src/index.js';

const usage = `Usage: trading-analytics-mock [--port <port>] [--host <address>] [--cors-credentials]

Serves every operation of the trading analytics API with its documented examples.
  --port <port>      port to listen on (default 4010)
  --host <address>   address to listen on (default 127.0.0.1)
  --cors-credentials reflect the calling origin with Access-Control-Allow-Credentials: true
                     (default: any origin, no credentials)
  --help             show this text`;

let values;
try {
  ({ values } = parseArgs({
    options: { port: { type: 'string', default: '4010' }, host: { type: 'string', default: '127.0.0.1' }, 'cors-credentials': { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
  }));
} catch (error) {
  console.error(`${error.message}\n\n${usage}`);
  process.exit(2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (!/^[0-9]+$/.test(values.port)) {
  console.error(`--port must be a number, got "${values.port}".\n\n${usage}`);
  process.exit(2);
}

let mock;
try {
  mock = await startMock({ port: Number(values.port), host: values.host, logLevel: 'error', corsCredentials: values['cors-credentials'] });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
console.log(`Trading analytics mock: ${mock.url}`);
console.log(scenarioHint);
console.log('Ctrl-C stops it.');

let stopping = false;
const stop = async () => {
  stopping = true;
  await mock.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
const { code, signal } = await mock.exited;
if (!stopping) {
  console.error(`The mock stopped unexpectedly (${signal ?? `exit code ${code}`}).`);
  process.exit(1);
}
