#!/usr/bin/env node
// `npx trading-analytics-mock [--port 4010] [--host 127.0.0.1] [--cors-credentials] [--control-origin <origin>]...
// [--scenario op=key]... [--sandbox [--seed <n>] [--now <ISO-8601>]]`: the mock in a terminal until Ctrl-C.
import { parseArgs } from 'node:util';
import { parsePort } from '@trading-analytics/core';
import { choiceFlagOptions } from './flag-options.js';
import { sandboxHint, scenarioHint } from './hint.js';
import { messageOf } from './message.js';
import { readSandboxFlags } from './sandbox-options.js';
import { readScenarioChoices } from './scenario-options.js';
import { startMock } from './start.js';

const usage = `Usage: trading-analytics-mock [--port <port>] [--host <address>] [--cors-credentials]
                              [--control-origin <origin>]...
                              [--scenario <operationId>=<key>]... [--scenarios <file>]
                              [--sandbox [--seed <n>] [--now <ISO-8601>]]

Serves every operation of the trading analytics API with its documented examples, or with --sandbox
from a seeded world in which every parameter takes effect.
  --port <port>      port to listen on (default 4010; 0 picks a free one)
  --host <address>   address to listen on (default 127.0.0.1)
  --cors-credentials reflect the calling origin with Access-Control-Allow-Credentials: true
                     (default: any origin, no credentials)
  --control-origin <origin>   an origin whose pages may drive /__sandbox and /__scenarios from a browser,
                     besides pages on localhost, 127.0.0.1 and [::1] (repeatable), e.g. https://app.example.com
  --scenario <operationId>=<key>   answer that operation with that case until changed (repeatable),
                     e.g. --scenario getUnrealizedPnl=503; change it later with PUT /__scenarios
  --scenarios <file> the same from a JSON file: {"getUnrealizedPnl": "503"}
  --sandbox          answer from the sandbox's seeded world; GET /__sandbox describes it, DELETE /__sandbox
                     resets it; documented cases (Prefer, --scenario) still apply on top
  --seed <n>         the world's seed, 0 to 4294967295 (default 1; with --sandbox)
  --now <ISO-8601>   the world's now (default 2026-11-21T12:00:00Z; with --sandbox)
  --help             show this text`;

/** The flags, or the exit code when there is nothing to serve (usage printed). */
function readFlags() {
  try {
    const { values } = parseArgs({
      options: {
        port: { type: 'string', default: '4010' },
        host: { type: 'string', default: '127.0.0.1' },
        ...choiceFlagOptions,
        help: { type: 'boolean', default: false },
      },
    });
    if (values.help) {
      console.log(usage);
      return 0;
    }
    const port = parsePort(values.port, '--port');
    const scenarios = readScenarioChoices({ scenario: values.scenario, scenariosFile: values.scenarios });
    const sandbox = readSandboxFlags({ sandbox: values.sandbox, seed: values.seed, now: values.now });
    return {
      port,
      host: values.host,
      corsCredentials: values['cors-credentials'],
      controlOrigins: values['control-origin'] ?? [],
      scenarios,
      sandbox,
    };
  } catch (error) {
    console.error(`${messageOf(error)}\n\n${usage}`);
    return 2;
  }
}

async function main(): Promise<number> {
  const flags = readFlags();
  if (typeof flags === 'number') return flags;
  let mock: Awaited<ReturnType<typeof startMock>>;
  try {
    mock = await startMock({ ...flags, logLevel: 'error' });
  } catch (error) {
    // A TypeError is a value of the command line the mock cannot use (a seed or now the sandbox refuses).
    if (error instanceof TypeError) {
      console.error(`${messageOf(error).replace(/^startMock: /, '')}\n\n${usage}`);
      return 2;
    }
    console.error(messageOf(error));
    return 1;
  }
  console.log(`Trading analytics mock: ${mock.url}`);
  if (mock.sandbox) console.log(sandboxHint(mock.sandbox));
  console.log(scenarioHint);
  const chosen = Object.entries(flags.scenarios).map(([operationId, key]) => `${operationId}=${key}`);
  if (chosen.length > 0) console.log(`Scenarios: ${chosen.join(', ')}`);
  console.log('Ctrl-C stops it.');

  let stopping = false;
  const stop = () => {
    stopping = true;
    void mock.close();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const { code, signal } = await mock.exited;
  if (stopping) return 0;
  console.error(`The mock stopped unexpectedly (${signal ?? `exit code ${code}`}).`);
  return 1;
}

process.exitCode = await main();
