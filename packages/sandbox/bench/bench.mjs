// `npm run bench -w @trading-analytics/sandbox`: how fast the built sandbox (dist/) builds its world and
// answers, and how much memory the world holds. Reports the first (cold) build and the median of the next
// builds, answers per second over a mix of distinct requests (first pass with empty caches, then again),
// the 99th-percentile answer time, and the heap after each step. Budgets (issue 20, item 7): the world built
// in under 300 ms, the whole world well under 100 MB. Exits 1 when a budget is missed.
import os from 'node:os';
import { createSandbox } from '../dist/index.js';

const budget = { buildMs: 300, heapMb: 100 };
const gc = globalThis.gc ?? (() => {});
const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

const heapBefore = heapMb();
const builds = [];
const buildCpu = [];
let sandbox;
// Nine builds after the first: on a shared machine the median of a handful of builds swings with the load.
for (let round = 0; round < 10; round += 1) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  sandbox = createSandbox({ seed: round + 1 });
  builds.push(performance.now() - started);
  const used = process.cpuUsage(cpu);
  buildCpu.push((used.user + used.system) / 1000);
}
sandbox = createSandbox();
const heapWorld = heapMb() - heapBefore;

/** Distinct requests over every operation: many traders, pages, sorts, windows, markets and competitions. */
function requests() {
  const description = sandbox.describe();
  const first = sandbox
    .answer({ operationId: 'listLeaderboard', path: {}, query: { size: '1000' } })
    .body.content.map((row) => row.userAddress);
  const traders = [
    ...first.slice(0, 400),
    ...Object.values(description.tryThese)
      .flat()
      .filter((value) => /^0x[0-9a-f]{40}$/.test(value)),
  ];
  const pairs = sandbox
    .answer({ operationId: 'listPairs', path: {}, query: { size: '50', is_ready_to_display: 'false' } })
    .body.content.map((pair) => pair.base);
  const list = [];
  const timeframes = ['ONE_DAY', 'SEVEN_DAY', 'THIRTY_DAY', 'ALL'];
  const fields = ['PNL', 'WIN_RATE', 'BIGGEST_WIN', 'TOTAL_VOL_USD'];
  traders.forEach((address, at) => {
    const timeframe = timeframes[at % 4];
    const sort_field = fields[(at >> 2) % 4];
    const sort_direction = at % 2 ? 'ASC' : 'DESC';
    list.push({
      operationId: 'listLeaderboard',
      path: {},
      query: { page: String(at % 25), size: String(10 + (at % 40)), timeframe, sort_field, sort_direction },
    });
    list.push({
      operationId: 'getMyRank',
      path: {},
      query: { user_address: address, timeframe, sort_field, sort_direction },
    });
    list.push({
      operationId: 'getTradingStats',
      path: { user_address: address },
      query: { start_time: String(1_795_262_400 - (at % 60) * 86_400), end_time: '1795262400' },
    });
    list.push({ operationId: 'listPositions', path: { userAddress: address }, query: { size: '10' } });
    list.push({
      operationId: 'listTradeHistory',
      path: { user_address: address },
      query: { page: String(at % 3), size: '10' },
    });
    list.push({ operationId: 'getUnrealizedPnl', path: { user_address: address }, query: {} });
    list.push({
      operationId: 'getTradeOverview',
      path: { user_address: address },
      query: { timeframe: ['ALL_TIME', 'DAYS_7', 'DAYS_30', 'DAYS_60'][at % 4], is_after_fee: String(at % 2 === 0) },
    });
    list.push({
      operationId: 'getPnlChart',
      path: { user_address: address },
      query: {
        timeframe: ['ALL_TIME', 'DAYS_7', 'DAYS_30', 'DAYS_60'][at % 4],
        is_after_fee: 'true',
        timezone: ['UTC', 'America/New_York', 'Asia/Tokyo'][at % 3],
      },
    });
    list.push({ operationId: 'getPortfolioData', path: { user_address: address }, query: {} });
    list.push({ operationId: 'getStakedPortfolio', path: { user_address: address }, query: {} });
    list.push({ operationId: 'getTeamInfo', path: { user_address: address }, query: {} });
    list.push({ operationId: 'listCompetitions', path: {}, query: { userAddress: address } });
  });
  pairs.forEach((base, at) => {
    list.push({ operationId: 'getPairVolume', path: { pairBase: base }, query: { range: timeframes[at % 4] } });
    list.push({
      operationId: 'getPriceHoursAgo',
      path: {},
      query: { pair_base: base, hours_ago: String(1 + (at % 24)) },
    });
    list.push({
      operationId: 'queryPriceUpdates',
      path: {},
      query: {},
      body: {
        pairBase: base,
        collateral: '0x5d876d73f4441d5f2438b1a3e2a51771b337f27a',
        options: { includeEncodingData: true, includeFee: true },
      },
    });
    list.push({
      operationId: 'listPairs',
      path: {},
      query: { page: String(at % 2), size: String(5 + at), volume_time_range: timeframes[at % 4] },
    });
  });
  for (const id of [3, 4, 5, 6, 7, 8, 9, 10, 11])
    for (let page = 0; page < 5; page += 1)
      list.push({
        operationId: 'listCompetitionLeaderboard',
        path: { id: String(id) },
        query: { page: String(page), limit: '20' },
      });
  for (let epoch = 0; epoch <= 12; epoch += 1)
    list.push({ operationId: 'listTeamPointsLeaderboard', path: {}, query: { epoch: String(epoch), size: '20' } });
  for (let day = 1; day < 30; day += 1) {
    const start = new Date((1_795_262_400 - day * 86_400) * 1000).toISOString();
    const end = new Date((1_795_262_400 - (day - 1) * 86_400) * 1000).toISOString();
    list.push({ operationId: 'listUserDailyVolumes', path: {}, query: { startTime: start, endTime: end } });
    list.push({ operationId: 'getProtocolVolumeByDate', path: {}, query: { startTime: start, endTime: end } });
  }
  return list;
}

const mix = requests();
function pass() {
  const times = [];
  const byOperation = {};
  const started = performance.now();
  for (const request of mix) {
    const one = performance.now();
    const answer = sandbox.answer(request);
    JSON.stringify(answer.body);
    const took = performance.now() - one;
    times.push(took);
    byOperation[request.operationId] ??= { count: 0, totalMs: 0, maxMs: 0 };
    const entry = byOperation[request.operationId];
    entry.count += 1;
    entry.totalMs += took;
    entry.maxMs = Math.max(entry.maxMs, took);
    // 503 is a valid answer: a holder of the market whose quotes went stale.
    if (answer.status >= 500 && answer.status !== 503)
      throw new Error(`${request.operationId} answered ${answer.status}`);
  }
  const seconds = (performance.now() - started) / 1000;
  const slowest = Object.entries(byOperation)
    .map(([operationId, entry]) => [operationId, entry.totalMs / entry.count, entry.maxMs])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([operationId, mean, max]) => `${operationId} mean ${mean.toFixed(3)} ms, max ${max.toFixed(1)} ms`);
  return {
    perSecond: Math.round(mix.length / seconds),
    p99Ms: percentile(times, 0.99),
    medianMs: median(times),
    slowest,
  };
}
const cold = pass();
const warm = pass();
const heapAfter = heapMb() - heapBefore;

const report = {
  // The machine is shared: its load average says how far the wall-clock times are from an idle machine's.
  machine: { cores: os.availableParallelism(), loadAverage1m: Number(os.loadavg()[0].toFixed(1)) },
  world: {
    firstBuildMs: Math.round(builds[0]),
    medianLaterBuildMs: Math.round(median(builds.slice(1))),
    firstBuildCpuMs: Math.round(buildCpu[0]),
    medianLaterBuildCpuMs: Math.round(median(buildCpu.slice(1))),
    counts: sandbox.describe().counts,
  },
  answers: { distinctRequests: mix.length, firstPass: cold, secondPass: warm },
  heapMb: { world: Number(heapWorld.toFixed(1)), afterAnswers: Number(heapAfter.toFixed(1)) },
};
console.log(
  JSON.stringify(
    report,
    (_key, value) => (typeof value === 'number' && !Number.isInteger(value) ? Number(value.toFixed(3)) : value),
    2,
  ),
);
const missed = [];
if (median(builds) > budget.buildMs) missed.push(`world build ${Math.round(median(builds))} ms > ${budget.buildMs} ms`);
if (heapAfter > budget.heapMb) missed.push(`heap ${heapAfter.toFixed(1)} MB > ${budget.heapMb} MB`);
if (missed.length > 0) {
  console.error(`Over budget: ${missed.join('; ')}`);
  process.exitCode = 1;
}
