#!/usr/bin/env node
// `npx trading-analytics-conformance --base-url <url>`: checks a running service against the contract. The
// command is command-line.ts; this file is the process around it: argv, the environment, the streams, and
// the exit code (0: conforms; 1: does not; 2: bad usage).
import { runCommandLine } from './command-line.js';

const code = await runCommandLine(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
process.exit(code);
