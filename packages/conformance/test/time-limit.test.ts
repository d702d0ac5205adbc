// --timeout-ms against a service that never answers, or stops halfway through a body, while the garbage
// collector runs: every limit fires on time (within 1.5x its value). The limit is a timer of the runner's
// own; on Node 20 one held by AbortSignal.timeout() alone may never fire once memory is collected.
// Values from 1 to 2^31-1 ms are taken as they are; a timer cannot hold more.
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { outputOf } from '../../../test/support/commands.js';
import { runConformance, UsageError } from '../src/index.js';
import { type ExampleServer, startExampleServer } from './support/servers.js';

const scenario = fileURLToPath(new URL('./support/run-under-gc.mjs', import.meta.url));
// Short enough for a quick test, long enough that a collection pausing the child (tens of ms on a busy
// machine) does not by itself take a request past 1.5x.
const timeoutMs = 500;

let server: ExampleServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('--timeout-ms under garbage collection', () => {
  it('ends a request with no answer, and one whose body stops halfway, within 1.5x the limit', async () => {
    server = await startExampleServer({
      departures: {
        listTradeHistory: () => 'hang',
        listTeamBoostHistory: () => (response) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.write('{"content":[');
        },
      },
    });
    const stdout = await outputOf(
      process.execPath,
      ['--expose-gc', scenario, JSON.stringify({ baseUrl: server.url, timeoutMs })],
      { timeoutMs: 60_000 },
    );
    const { timedOut, runMs } = JSON.parse(stdout) as { timedOut: { target: string; ms: number }[]; runMs: number };
    console.log(
      `under GC: ${timedOut.map((request) => `${request.target} ${request.ms} ms`).join(', ')}; run ${runMs} ms`,
    );
    expect(timedOut.map((request) => request.target).sort()).toEqual([
      expect.stringMatching(/\/team-boost-history$/),
      expect.stringMatching(/\/trade\/history$/),
    ]);
    for (const request of timedOut) {
      expect(request.ms).toBeGreaterThanOrEqual(timeoutMs - 1);
      expect(request.ms).toBeLessThan(timeoutMs * 1.5);
    }
  });
});

describe('--timeout-ms values', () => {
  it.each([0, -5, 1.5, Number.NaN, 2 ** 31, 2 ** 31 + 1, 1e12])('refuses %s: a timer cannot hold it', async (value) => {
    await expect(runConformance({ baseUrl: 'http://127.0.0.1:9', timeoutMs: value })).rejects.toThrow(
      new UsageError(
        `--timeout-ms must be a whole number of ms from 1 to 2147483647 (the longest a timer holds), got ${value}.`,
      ),
    );
  });

  it('takes 1 ms as it is: a service answering after 50 ms has not answered in time', async () => {
    server = await startExampleServer({ delayMs: 50 });
    const report = await runConformance({ baseUrl: server.url, behaviour: false, timeoutMs: 1, workflows: false });
    expect(report.problems).toEqual([
      {
        operationId: 'reachability',
        check: 'timeout',
        expected: `an HTTP answer from ${server.url} within 1 ms (--timeout-ms)`,
        observed: 'no answer',
        request: `GET ${server.url}/`,
      },
    ]);
  });

  it('takes 2^31-1 ms as it is, the flows included: nothing is cut short', async () => {
    server = await startExampleServer();
    const report = await runConformance({ baseUrl: server.url, behaviour: false, timeoutMs: 2 ** 31 - 1, rps: 200 });
    expect(report.settings.timeoutMs).toBe(2 ** 31 - 1);
    expect(report.problems).toEqual([]);
    expect(report.workflows.map((workflow) => workflow.status)).toEqual(['pass', 'pass', 'pass']);
  });
});
