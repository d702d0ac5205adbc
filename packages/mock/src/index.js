// @trading-analytics/mock: the whole service on localhost, Prism over the bundled contract, in a child
// process of its own (src/server.js) so a test suite or a dev server never shares its event loop with it.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { choiceProblems } from './scenario-control.js';
import { scenarioKeys } from './scenarios.js';

export { scenarioHint } from './hint.js';
export { controlPath } from './scenario-control.js';
export { readScenarioChoices } from './scenario-options.js';
export { listScenarios, scenarioKeys } from './scenarios.js';

const repositoryRoot = new URL('../../../', import.meta.url);
const logLevels = ['silent', 'fatal', 'error', 'warn', 'info', 'debug', 'trace'];

function inRepository() {
  try {
    return JSON.parse(readFileSync(new URL('package.json', repositoryRoot), 'utf8')).name === 'trading-analytics-api';
  } catch {
    return false;
  }
}

/**
 * Where the contract is. Inside the repository it is always `generated/openapi.json`, so a contract change
 * is served at once; an installed package has its own copy in `contract/openapi.json`, made at pack time.
 */
export function contractPath() {
  if (inRepository()) {
    const generated = fileURLToPath(new URL('generated/openapi.json', repositoryRoot));
    if (existsSync(generated)) return generated;
    throw new Error(`The contract ${generated} does not exist yet; run \`npm run build\` at the repository root.`);
  }
  const packaged = fileURLToPath(new URL('../contract/openapi.json', import.meta.url));
  if (existsSync(packaged)) return packaged;
  throw new Error(`The contract ${packaged} is missing from the package; it is copied there when the package is packed (npm pack).`);
}

function portAnswers(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function checkOptions({ port, host, logLevel, readyTimeoutMs, corsCredentials }) {
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new TypeError(`startMock: port must be an integer from 0 (any free port) to 65535, got ${JSON.stringify(port)}.`);
  if (typeof host !== 'string' || host === '') throw new TypeError(`startMock: host must be a host name or IP address, got ${JSON.stringify(host)}.`);
  if (!logLevels.includes(logLevel)) throw new TypeError(`startMock: logLevel must be one of ${logLevels.join(', ')}, got ${JSON.stringify(logLevel)}.`);
  if (typeof corsCredentials !== 'boolean') throw new TypeError(`startMock: corsCredentials must be true or false, got ${JSON.stringify(corsCredentials)}.`);
  if (!(readyTimeoutMs > 0)) throw new TypeError(`startMock: readyTimeoutMs must be a positive number, got ${JSON.stringify(readyTimeoutMs)}.`);
}

/** Keeps the last part of a stream, enough for an error message, without growing for ever. */
function tail(limit) {
  let text = '';
  return {
    add(chunk) {
      text = (text + chunk).slice(-limit);
    },
    get text() {
      return text.trim();
    },
  };
}

/**
 * Starts the mock and resolves once its port accepts connections.
 * @param {import('./index').MockOptions} [options]
 * @returns {Promise<import('./index').MockServer>}
 */
export async function startMock(options = {}) {
  const { port = 4010, host = '127.0.0.1', logLevel = 'silent', errors = false, corsCredentials = false, readyTimeoutMs = 15_000 } = options;
  checkOptions({ port, host, logLevel, readyTimeoutMs, corsCredentials });
  const document = options.contract ?? contractPath();
  if (!existsSync(document)) throw new Error(`startMock: the contract ${document} does not exist.`);
  const scenarios = options.scenarios ?? {};
  // Checked here, before a process is spawned, so a typo fails startMock with the keys that exist.
  const scenarioProblems = choiceProblems(scenarioKeys(JSON.parse(readFileSync(document, 'utf8'))), scenarios);
  if (scenarioProblems.length > 0) throw new Error(`startMock: ${scenarioProblems.join('\n')}`);
  if (port !== 0 && (await portAnswers(host, port))) throw new Error(`Port ${port} on ${host} is already in use; pick another with { port }.`);

  const settings = { document, host, port, logLevel, errors: Boolean(errors), corsCredentials, scenarios };
  const child = spawn(process.execPath, [fileURLToPath(new URL('./server.js', import.meta.url)), JSON.stringify(settings)], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const stderr = tail(8_000);
  let ready = false;
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    if (ready && logLevel !== 'silent') process.stderr.write(chunk);
    else stderr.add(chunk);
  });
  // Without this, an unhandled 'error' (spawn failure) would crash the caller instead of failing startMock.
  let spawnError;
  child.once('error', (error) => (spawnError = error));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(force);
    }
  };

  // The mock says it listens, and on which port, over the IPC channel; port 0 asks it to pick a free one.
  const listening = new Promise((resolve) => {
    child.on('message', (message) => {
      if (message?.ready === true && Number.isInteger(message.port)) resolve(message.port);
    });
  });
  let timer;
  const outcome = await Promise.race([
    listening.then((boundPort) => ({ boundPort })),
    exited.then(() => ({ exitedEarly: true })),
    new Promise((resolve) => (timer = setTimeout(() => resolve({ timedOut: true }), readyTimeoutMs))),
  ]);
  clearTimeout(timer);
  if (spawnError) throw new Error(`The mock could not be started: ${spawnError.message}`);
  if (outcome.exitedEarly) {
    if (child.exitCode === 3) throw new Error(`Port ${port} on ${host} is already in use; pick another with { port }.`);
    throw new Error(stderr.text || `The mock exited before it was ready (exit code ${child.exitCode}).`);
  }
  if (outcome.timedOut) {
    await stop();
    throw new Error(`The mock was not ready on ${host}:${port} within ${readyTimeoutMs} ms.${stderr.text ? `\n${stderr.text}` : ''}`);
  }
  ready = true;

  let reloads = 0;
  const reload = async (contract = document) => {
    if (typeof contract !== 'string' || contract === '') throw new TypeError(`reload: the contract must be a file path, got ${JSON.stringify(contract)}.`);
    if (!existsSync(contract)) throw new Error(`reload: the contract ${contract} does not exist.`);
    if (child.exitCode !== null || child.signalCode !== null || !child.connected) throw new Error('reload: the mock is not running.');
    const id = (reloads += 1);
    const answered = new Promise((resolve) => {
      const onMessage = (message) => {
        if (message?.reloaded !== id) return;
        child.off('message', onMessage);
        resolve(message);
      };
      child.on('message', onMessage);
    });
    child.send({ reload: contract, id });
    const outcome = await Promise.race([answered, exited.then(() => ({ ok: false, error: 'the mock stopped while reloading' }))]);
    if (!outcome.ok) throw new Error(`The mock could not load ${contract}; it still serves the previous contract: ${outcome.error}`);
  };

  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${outcome.boundPort}`,
    port: outcome.boundPort,
    pid: child.pid,
    exited,
    reload,
    close: stop,
  };
}
