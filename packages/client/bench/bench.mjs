// `npm run bench -w @trading-analytics/client`: the per-request cost of this client (built dist/, retry
// middleware installed as createClient installs it), of bare openapi-fetch and of plain fetch, against one
// local node:http server answering the same JSON. The three run interleaved in one process, round after
// round, so a busy machine slows all of them alike; each round gives a ratio, and the median ratio is
// checked. Budgets (issue 3): at most 1.05x bare openapi-fetch and 1.3x plain fetch. Exits 1 when missed.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import createFetchClient from 'openapi-fetch';
import { createClient, unwrap } from '../dist/index.js';

const host = '127.0.0.1';
// 4180-4189: the client helper's range, below 4190, which fetch refuses (a "bad port" in the Fetch standard).
const firstPort = 4180;
const rounds = 60;
const requestsPerRound = 400;
// Requests kept in flight at once: enough that the client's own work, not the loopback round trip, sets
// the pace, which is what a per-request overhead shows up in.
const inFlight = 8;
const budget = { bare: 1.05, plain: 1.3 };

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// The body is the contract's own first leaderboard page, so every variant parses a realistic payload.
const bundle = JSON.parse(readFileSync(new URL('../../../generated/openapi.json', import.meta.url), 'utf8'));
const body = JSON.stringify(
  bundle.paths['/v1/leaderboard'].get.responses['200'].content['application/json'].examples.firstPage.value,
);

/** Starts the server on the first free port from `firstPort`; resolves with its base URL and a stop(). */
async function startServer() {
  for (let port = firstPort; port < firstPort + 10; port += 1) {
    const child = fork(new URL('./server.mjs', import.meta.url), [JSON.stringify({ host, port, body })], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    const started = await new Promise((resolve) => {
      child.once('message', () => resolve(true));
      child.once('exit', () => resolve(false));
    });
    if (started) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      return {
        url: `http://${host}:${port}`,
        async stop() {
          child.kill('SIGTERM');
          await exited;
        },
      };
    }
  }
  throw new Error(`No free port from ${firstPort} to ${firstPort + 9} for the benchmark server.`);
}

const server = await startServer();
const query = { params: { query: { page: 0 } } };
const ours = createClient({ baseUrl: server.url });
const bare = createFetchClient({ baseUrl: server.url });
const variants = {
  client: async () => unwrap(await ours.GET('/v1/leaderboard', query)),
  bare: async () => {
    const { data, error, response } = await bare.GET('/v1/leaderboard', query);
    if (!response.ok) throw new Error(`bare openapi-fetch: HTTP ${response.status} ${String(error)}`);
    return data;
  },
  plain: async () => {
    const response = await fetch(`${server.url}/v1/leaderboard?page=0`);
    if (!response.ok) throw new Error(`plain fetch: HTTP ${response.status}`);
    return response.json();
  },
};

/** Nanoseconds per request for `requests` calls with `inFlight` of them at a time. */
async function measure(call, requests) {
  let next = 0;
  const worker = async () => {
    while (next < requests) {
      next += 1;
      const data = await call();
      if (data.content.length === 0) throw new Error('The server answered an empty page.');
    }
  };
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: inFlight }, worker));
  return Number(process.hrtime.bigint() - started) / requests;
}

try {
  const names = Object.keys(variants);
  for (const name of names) await measure(variants[name], requestsPerRound * 2);

  const perRequest = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round += 1) {
    // Rotate the order so no variant always runs first (or last) in a round.
    for (let step = 0; step < names.length; step += 1) {
      const name = names[(round + step) % names.length];
      perRequest[name].push(await measure(variants[name], requestsPerRound));
    }
  }

  const ratios = {
    bare: median(perRequest.client.map((time, round) => time / perRequest.bare[round])),
    plain: median(perRequest.client.map((time, round) => time / perRequest.plain[round])),
  };
  console.log(
    `load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')} on ${os.availableParallelism()} cores`,
  );
  console.log(
    `${rounds} interleaved rounds of ${requestsPerRound} GET /v1/leaderboard (${body.length} bytes of JSON), ${inFlight} in flight`,
  );
  for (const name of names)
    console.log(`  ${name.padEnd(6)} median ${(median(perRequest[name]) / 1000).toFixed(1)} µs per request`);
  console.log(`  client / bare openapi-fetch: ${ratios.bare.toFixed(3)} (budget ${budget.bare})`);
  console.log(`  client / plain fetch:        ${ratios.plain.toFixed(3)} (budget ${budget.plain})`);

  const over = Object.entries(budget).filter(([name, limit]) => ratios[name] > limit);
  if (over.length > 0) {
    console.error(
      `Over budget: ${over.map(([name, limit]) => `client / ${name} ${ratios[name].toFixed(3)} > ${limit}`).join('; ')}`,
    );
    process.exitCode = 1;
  } else {
    console.log('Within budget.');
  }
} finally {
  await server.stop();
}
