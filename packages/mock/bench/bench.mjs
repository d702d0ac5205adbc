// @ts-check
// `npm run bench -w @trading-analytics/mock` (builds dist/ first, and measures it): the mock against a bare
// node:http server that answers the same body, measured in the same run on loopback with autocannon, so the ratios hold on any machine.
// Budgets (issue 4): requests/s at least 1/15 of the bare server's, p99 latency at most 20 ms at 10
// connections, ready (port accepting connections) within 2 s. Exits 1 when one is missed.
import { spawn } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startMock } from '../dist/index.js';

const host = '127.0.0.1';
const ports = { mock: 4290, bare: 4291 };
const connections = 10;
const seconds = 3;
const rounds = 2;
const startups = 5;
const budget = { minRatio: 1 / 15, maxP99Ms: 20, maxReadyMs: 2000 };
const ava = '0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b';
// The first two repeat one request, as autocannon does and a frontend polling a page does: all three
// budgets apply. The third makes every request different (a new `page`), so none is answered from the
// mock's memory of identical requests and each runs Prism's whole pipeline; it is held to the
// requests/s ratio, and its latency is reported, not budgeted: it is Prism's own cost per request.
const targets = [
  { name: 'GET /v1/leaderboard', path: '/v1/leaderboard', latencyBudget: true },
  {
    name: 'GET /v1/user/{userAddress}/positions',
    path: `/v1/user/${ava}/positions?page=0&size=10`,
    latencyBudget: true,
  },
  {
    name: 'GET /v1/user/{userAddress}/positions, every request different',
    path: `/v1/user/${ava}/positions?page=0&size=10`,
    distinct: true,
    latencyBudget: false,
  },
];

const median = (/** @type {number[]} */ values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** @param {number} port */
function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => resolve(socket.destroy() || true));
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts the bare server in its own process; resolves once its port accepts connections.
 * @param {{ status: number, headers: Record<string, string>, body: string }} response
 */
async function startBare(response) {
  const child = spawn(
    process.execPath,
    [
      fileURLToPath(new URL('./bare-server.mjs', import.meta.url)),
      JSON.stringify({ host, port: ports.bare, ...response }),
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  while (!(await portAnswers(ports.bare))) {
    if (child.exitCode !== null) throw new Error('The bare server exited before it was ready.');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * @param {string} url
 * @param {number} duration seconds
 * @returns {Promise<{ rps: number, p99: number, p50: number }>}
 */
async function load(url, duration, distinct = false) {
  let page = 0;
  const requests = distinct
    ? [
        {
          setupRequest: (/** @type {{ path: string }} */ request) => {
            page += 1;
            return { ...request, path: request.path.replace(/page=[0-9]+/, `page=${page}`) };
          },
        },
      ]
    : undefined;
  const result = await autocannon({ url, connections, duration, requests });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(
      `${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers under load.`,
    );
  }
  return { rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50 };
}

async function readyTimes() {
  const times = [];
  for (let i = 0; i < startups; i += 1) {
    const started = performance.now();
    const mock = await startMock({ host, port: ports.mock });
    times.push(performance.now() - started);
    await mock.close();
  }
  return times;
}

const failures = [];
console.log(
  `load average ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')} on ${os.availableParallelism()} cores`,
);
const ready = await readyTimes();
const readyMs = median(ready);
console.log(
  `ready: median ${readyMs.toFixed(0)} ms over ${startups} starts (${ready.map((t) => t.toFixed(0)).join(', ')} ms); budget ${budget.maxReadyMs} ms`,
);
if (readyMs > budget.maxReadyMs) failures.push(`ready in ${readyMs.toFixed(0)} ms > ${budget.maxReadyMs} ms`);

const mock = await startMock({ host, port: ports.mock });
try {
  for (const target of targets) {
    // The bare server answers exactly what the mock answers for this request: status, headers and body.
    const answer = await fetch(mock.url + target.path);
    const headers = Object.fromEntries(
      [...answer.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name)),
    );
    const bare = await startBare({ status: answer.status, headers, body: await answer.text() });
    try {
      await load(mock.url + target.path, 1, target.distinct);
      await load(`http://${host}:${ports.bare}${target.path}`, 1, target.distinct);
      const measured = {
        mock: /** @type {{ rps: number, p99: number, p50: number }[]} */ ([]),
        bare: /** @type {{ rps: number, p99: number, p50: number }[]} */ ([]),
      };
      for (let round = 0; round < rounds; round += 1) {
        measured.bare.push(await load(`http://${host}:${ports.bare}${target.path}`, seconds, target.distinct));
        measured.mock.push(await load(mock.url + target.path, seconds, target.distinct));
      }
      const mockRps = median(measured.mock.map((run) => run.rps));
      const bareRps = median(measured.bare.map((run) => run.rps));
      const mockP99 = median(measured.mock.map((run) => run.p99));
      const bareP99 = median(measured.bare.map((run) => run.p99));
      const ratio = mockRps / bareRps;
      console.log(
        `${target.name}: mock ${mockRps.toFixed(0)} req/s (p50 ${median(measured.mock.map((run) => run.p50))} ms, p99 ${mockP99} ms), ` +
          `bare node:http ${bareRps.toFixed(0)} req/s (p99 ${bareP99} ms); ` +
          `mock/bare 1/${(1 / ratio).toFixed(1)} (budget at least 1/${Math.round(1 / budget.minRatio)})` +
          (target.latencyBudget ? `, p99 budget ${budget.maxP99Ms} ms` : ', p99 not budgeted'),
      );
      if (ratio < budget.minRatio)
        failures.push(`${target.name}: mock/bare 1/${(1 / ratio).toFixed(1)} < 1/${Math.round(1 / budget.minRatio)}`);
      if (target.latencyBudget && mockP99 > budget.maxP99Ms) {
        // Latency is the one absolute budget; when even the bare server is slow, the machine is busy.
        const busy =
          bareP99 > budget.maxP99Ms / 2
            ? ` (the bare server's own p99 is ${bareP99} ms: the machine is busy, run again when it is not)`
            : '';
        failures.push(`${target.name}: p99 ${mockP99} ms > ${budget.maxP99Ms} ms${busy}`);
      }
    } finally {
      await bare.close();
    }
  }
} finally {
  await mock.close();
}

if (failures.length > 0) {
  console.error(`Budget missed:\n- ${failures.join('\n- ')}`);
  process.exitCode = 1;
} else {
  console.log('All budgets met.');
}
