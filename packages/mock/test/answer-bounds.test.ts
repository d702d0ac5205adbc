// Every answer of the sandboxed mock is bounded (hostile round three): the largest requests the guard admits,
// for every operation (support/largest.ts: the most of the world one request can ask for, and every input
// an answer or a refusal could repeat, filled), each answered within the bound the sandbox's README
// documents (twice the request, plus the operation's share of the world, plus a problem's words), in time,
// and with the mock's memory settled. The review's request (1,042,043 bytes of unknown pair bases and a
// chain of a megabyte) made an answer of N x 1 MB and killed the mock with a heap out of memory.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxDescription } from '../../sandbox/src/index.js';
import { type MockServer, startMock } from '../src/index.js';
import { answerBound, busiestTrader, type LargeRequest, largestRequests, requestBytes } from './support/largest';
import { isRunning, residentBytes } from './support/processes';

/**
 * Longest wait for one answer. The largest answers of the world (every trader's daily volumes, 2.4 MB) take
 * about 0.1 s; the review's request never got one. A liveness bound for a loaded machine, not a measure of
 * speed (`npm run bench` measures that).
 */
const ANSWER_MS = 10_000;
/** What two more rounds of every largest request may add to the mock's resident memory once it has settled. */
const RSS_GROWTH = 96 * 1024 * 1024;

let mock: MockServer;
let world: SandboxDescription;
let requests: LargeRequest[];

beforeAll(async () => {
  mock = await startMock({ port: 0, sandbox: true });
  world = await (await fetch(`${mock.url}/__sandbox`)).json();
  requests = largestRequests(world, await busiestTrader(mock.url, world));
});
afterAll(() => mock?.close());

async function send(request: LargeRequest) {
  const started = performance.now();
  const response = await fetch(`${mock.url}${request.target}`, {
    method: request.method,
    headers: request.body === undefined ? {} : { 'content-type': 'application/json' },
    body: request.body,
  });
  const bytes = (await response.arrayBuffer()).byteLength;
  return { status: response.status, bytes, ms: performance.now() - started };
}

describe('the largest requests the guard admits, to a mock with a sandbox', () => {
  it('every operation has its largest requests', () => {
    const covered = new Set(requests.map((request) => request.operationId));
    expect(covered.size).toBe(31);
  });

  it('each gets an answer within its bound, in time, and the mock keeps serving', async () => {
    const counts = world.counts;
    const report: string[] = [];
    for (const request of requests) {
      const answer = await send(request);
      const bound = answerBound(request, { ...counts, joinsSinceStart: counts.joinsSinceStart + 2 });
      const what = `${request.operationId} (${request.kind}, ${requestBytes(request)} bytes) -> ${answer.status}, ${answer.bytes} bytes in ${Math.round(answer.ms)} ms`;
      report.push(what);
      expect(answer.status, what).not.toBe(500);
      expect(answer.bytes, `${what}: over its bound of ${bound}`).toBeLessThanOrEqual(bound);
      expect(answer.ms, what).toBeLessThan(ANSWER_MS);
    }
    expect(isRunning(mock.pid)).toBe(true);
    expect((await fetch(`${mock.url}/v1/leaderboard`)).status).toBe(200);
    console.log(report.join('\n'));
  });

  it('leaves the mock’s memory where it settled, round after round', async () => {
    const round = async () => {
      for (const request of requests) await send(request);
    };
    await round();
    const settled = await residentBytes(mock.pid);
    await round();
    await round();
    const growth = (await residentBytes(mock.pid)) - settled;
    expect(growth, `grew ${Math.round(growth / 2 ** 20)} MiB`).toBeLessThan(RSS_GROWTH);
  });
});
