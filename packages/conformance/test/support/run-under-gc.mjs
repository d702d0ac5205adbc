// Run as `node --expose-gc run-under-gc.mjs '<json>'` by the time-limit tests, in a process of its own so a
// collection pauses only the runner: one run of the built runner (dist/, workflows and behaviours off) against `baseUrl`
// while garbage is made and collected every 25 ms, as in a busy process. Prints the requests that timed
// out, with their times, and how long the run took: {"timedOut": [{target, ms}], "runMs"}.
// Argument: { baseUrl, timeoutMs, runner } (`runner`: the module to load, dist/index.js by default).
if (process.argv[2] === undefined) throw new Error("Pass the options as JSON: run-under-gc.mjs '<json>'.");
const { baseUrl, timeoutMs, runner = '../../dist/index.js' } = JSON.parse(process.argv[2]);
const collect = globalThis.gc;
if (typeof collect !== 'function') throw new Error('Run with node --expose-gc.');
/** @type {typeof import('../../src/index.js')} */
const { runConformance } = await import(new URL(runner, import.meta.url).href);

let garbage = [];
const collecting = setInterval(() => {
  garbage = Array.from({ length: 10_000 }, (_, index) => ({ index }));
  collect();
}, 25);

const started = performance.now();
const report = await runConformance({ baseUrl, timeoutMs, rps: 200, workflows: false, behaviour: false });
const runMs = Math.round(performance.now() - started);
clearInterval(collecting);
const timedOut = report.requests
  .filter((request) => request.outcome === 'timeout')
  .map(({ target, ms }) => ({ target: target.split('?')[0], ms }));
console.log(JSON.stringify({ timedOut, runMs, garbage: garbage.length }));
process.exit(0);
