// Run as `node --expose-gc call-under-gc.mjs '<json>'` by the time-limit tests, in a process of its own so
// that a collection pauses only the client and its small heap, not the test runner's. It makes one call
// with the built client while allocating and collecting garbage every 25 ms, as a busy app does, and prints
// how the call ended: {"outcome": error name | "answered" | "pending", "elapsedMs", "longestGcMs"}.
// Argument: { baseUrl, timeoutMs, retry, giveUpMs }.
import { createClient } from '../../dist/index.js';

if (process.argv[2] === undefined) throw new Error("Pass the options as JSON: call-under-gc.mjs '<json>'.");
const { baseUrl, timeoutMs, retry, giveUpMs } = JSON.parse(process.argv[2]);

// The first fetch of a process loads its implementation and blocks the event loop meanwhile; the timed
// call should not pay for that. This one is ended by a timer of its own.
const warmUp = new AbortController();
const warmUpTimer = setTimeout(() => warmUp.abort(), 50);
await fetch(`${baseUrl}/warm-up`, { signal: warmUp.signal }).catch(() => {});
clearTimeout(warmUpTimer);

const collect = globalThis.gc;
if (typeof collect !== 'function') throw new Error('Run with node --expose-gc.');
const client = createClient({ baseUrl, timeoutMs, retry });
let garbage = [];
let longestGcMs = 0;
const collecting = setInterval(() => {
  garbage = Array.from({ length: 10_000 }, (_, index) => ({ index }));
  const started = performance.now();
  collect();
  longestGcMs = Math.max(longestGcMs, performance.now() - started);
}, 25);

const started = performance.now();
const outcome = await Promise.race([
  client
    .GET('/v1/portfolio/{user_address}/unrealized-pnl', {
      params: { path: { user_address: '0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b' } },
    })
    .then(
      () => 'answered',
      (error) => error.name,
    ),
  new Promise((resolve) => setTimeout(() => resolve('pending'), giveUpMs)),
]);
const elapsedMs = performance.now() - started;
clearInterval(collecting);
console.log(JSON.stringify({ outcome, elapsedMs, longestGcMs, garbage: garbage.length }));
// A call still pending holds its connection open; the verdict is printed, so the process may go.
process.exit(0);
