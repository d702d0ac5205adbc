// The shared mocks' start, held to startMock's own ready limit (15 s by default) on the mock's own clock.
//
// startMock measures its limit in wall time. Under load that measures the machine, not the mock: a mock needs
// about 1.2-1.7 CPU-s to be ready, and at a load of 15 on 2 cores it was ready after 8.4 s, 6.1-7.2 s of which it
// spent waiting in the run queue for a CPU (its main thread's /proc/<pid>/schedstat). At a load of 15-22 a whole
// run failed on the 15 s limit while the mock was only waiting its turn. Here the same limit counts the mock's
// own time: the wall time since its process started less the time its main thread waited for a CPU. That time
// still grows while the mock works, sleeps or hangs (a mock that never binds its port fails at 15 s of it, as
// before); it stands still only while the machine gives the mock no CPU.
//
// Linux only (/proc); elsewhere startMock keeps its wall-time limit.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { MockOptions, MockServer } from '@trading-analytics/mock';

/** startMock's default limit, kept: the mock's own time to be ready. */
const READY_LIMIT_MS = 15_000;
/** /proc's clock ticks per second (USER_HZ, 100 on every Linux architecture node runs on). */
const TICKS_PER_SECOND = 100;
const POLL_MS = 250;

interface Clock {
  /** Wall time since the process started. */
  wallMs: number;
  /** Time its main thread waited in the run queue for a CPU. */
  waitedMs: number;
}

/** A process's clock, or undefined once it has gone. */
function clockOf(pid: number): Clock | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startedS = Number(fields[19]) / TICKS_PER_SECOND;
    const uptimeS = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
    const waitedNs = Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]);
    return { wallMs: (uptimeS - startedS) * 1000, waitedMs: waitedNs / 1e6 };
  } catch {
    return undefined;
  }
}

/** The mock processes (dist/server.js) this process has started and that are still running. */
function mockChildren(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('/dist/server.js')) pids.push(Number(entry));
    } catch {
      // The process ended while it was read.
    }
  }
  return pids;
}

const ownClockWorks = existsSync(`/proc/${process.pid}/schedstat`) && clockOf(process.pid) !== undefined;

/** The starts under way, the mocks known ready, and the ones ended for being late (with their clocks). */
let starting = 0;
let watching = false;
const readyPids = new Set<number>();
const ended = new Map<number, Clock>();

/** While a start is under way, ends any mock of this process that is past the limit of its own time. */
function watch() {
  watching = starting > 0;
  if (!watching) return;
  for (const pid of mockChildren()) {
    if (readyPids.has(pid) || ended.has(pid)) continue;
    const clock = clockOf(pid);
    if (!clock || clock.wallMs - clock.waitedMs <= READY_LIMIT_MS) continue;
    ended.set(pid, clock);
    process.kill(pid, 'SIGKILL');
  }
  setTimeout(watch, POLL_MS).unref();
}

/**
 * startMock, with the ready limit counted on the mock's own clock (see above): rejects, once the mock is
 * ended, when it is not ready within 15 s of its own time, saying how long it waited for a CPU besides.
 */
export async function startMockOnOwnClock(
  startMock: (options?: MockOptions) => Promise<MockServer>,
  options: MockOptions,
): Promise<MockServer> {
  if (!ownClockWorks) return startMock(options);
  starting += 1;
  if (!watching) watch();
  try {
    // The largest timer node keeps: the own-time limit above ends a mock that is not ready.
    const mock = await startMock({ ...options, readyTimeoutMs: 2 ** 31 - 1 });
    readyPids.add(mock.pid);
    return mock;
  } catch (error) {
    const late = [...ended.values()][0];
    if (!late) throw error;
    const waited = (late.waitedMs / 1000).toFixed(1);
    throw new Error(
      `The mock was not ready within ${READY_LIMIT_MS} ms of its own time (it also waited ${waited} s for a CPU).`,
    );
  } finally {
    starting -= 1;
    if (starting === 0) ended.clear();
  }
}
