// Every answer of `createSandbox`'s handlers is bounded, in the app's own process (hostile round three): the
// largest requests the mock's guard admits, for every operation (the sandbox's test support, the same ones
// the mock's test sends over HTTP), each answered within the bound the sandbox's README documents, in time,
// and with the process's heap settled. The review's request of a megabyte made MSW build an answer of
// hundreds of megabytes in the page (or test) that sent it.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerBound,
  busiestTrader,
  type LargeRequest,
  largestRequests,
  requestBytes,
} from '../../mock/test/support/largest';
import { createSandbox } from '../src/index.js';

/** Longest wait for one answer: a liveness bound for a loaded machine, not a measure of speed. */
const ANSWER_MS = 10_000;
/** What two more rounds of every largest request may add to the heap once it has settled. */
const HEAP_GROWTH = 64 * 1024 * 1024;
const base = 'https://api.example.com';

const sandbox = createSandbox({ baseUrl: base });
const server = setupServer(...sandbox.handlers);
let requests: LargeRequest[];

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  const world = sandbox.describe();
  requests = largestRequests(world, await busiestTrader(base, world));
});
afterAll(() => server.close());

async function send(request: LargeRequest) {
  const started = performance.now();
  const response = await fetch(`${base}${request.target}`, {
    method: request.method,
    headers: request.body === undefined ? {} : { 'content-type': 'application/json' },
    body: request.body,
  });
  const bytes = (await response.arrayBuffer()).byteLength;
  return { status: response.status, bytes, ms: performance.now() - started };
}

const heapUsed = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};

describe("the largest requests the guard admits, to createSandbox's handlers", () => {
  it('each gets an answer within its bound, in time', async () => {
    const counts = sandbox.describe().counts;
    expect(new Set(requests.map((request) => request.operationId)).size).toBe(31);
    for (const request of requests) {
      const answer = await send(request);
      const bound = answerBound(request, { ...counts, joinsSinceStart: counts.joinsSinceStart + 2 });
      const what = `${request.operationId} (${request.kind}, ${requestBytes(request)} bytes) -> ${answer.status}, ${answer.bytes} bytes in ${Math.round(answer.ms)} ms`;
      expect(answer.status, what).not.toBe(500);
      expect(answer.bytes, `${what}: over its bound of ${bound}`).toBeLessThanOrEqual(bound);
      expect(answer.ms, what).toBeLessThan(ANSWER_MS);
    }
  });

  it('leaves the heap where it settled, round after round', async () => {
    const round = async () => {
      for (const request of requests) await send(request);
    };
    await round();
    const settled = heapUsed();
    await round();
    await round();
    const growth = heapUsed() - settled;
    expect(growth, `grew ${Math.round(growth / 2 ** 20)} MiB`).toBeLessThan(HEAP_GROWTH);
  });
});
