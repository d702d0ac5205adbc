// The request budget's pacing (--rps, --concurrency), held where it is decided: a start is counted when the
// request really starts, so a busy event loop that wakes several waiting requests at once still lets them out
// one spacing apart.
import { expect, it } from 'vitest';
import { createLimiter } from '../src/transport/http-client.js';

/** Holds the event loop, as a busy machine or a large answer being parsed would. */
const blockFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

it('starts requests at least 1/rps apart even when their timers fire late together', async () => {
  const limit = createLimiter({ rps: 10, concurrency: 4 });
  const starts: number[] = [];
  const task = async () => {
    starts.push(performance.now());
  };
  // Slots at 0, 100, 200 and 300 ms; the loop is held from 50 to 300 ms, so the timers of the second, third
  // and fourth requests all fire at about 300 ms.
  setTimeout(() => blockFor(250), 50);
  await Promise.all([limit(task), limit(task), limit(task), limit(task)]);
  const gaps = starts.slice(1).map((start, index) => start - (starts[index] as number));
  // A timer may fire up to a millisecond early by performance.now()'s reading; never a whole spacing.
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(99);
});

it('keeps at most `concurrency` requests in flight', async () => {
  const limit = createLimiter({ rps: 1000, concurrency: 2 });
  let inFlight = 0;
  let most = 0;
  const task = async () => {
    inFlight++;
    most = Math.max(most, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 20));
    inFlight--;
  };
  await Promise.all(Array.from({ length: 8 }, () => limit(task)));
  expect(most).toBe(2);
});
