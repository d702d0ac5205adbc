// A real service's date-times are held to RFC 3339, not to the lenient reading the mock applies to requests (as
// Prism does): a zone offset of +24:00, which ISO 8601 allows and RFC 3339 does not, is a schema problem.
import { describe, expect, it } from 'vitest';
import { runConformance } from '../src/index.js';
import { type Departure, startExampleServer } from './support/servers.js';

type Page = { content: Record<string, unknown>[] };

/** listTradeHistory answering its example with the first event's blockTime set to `blockTime`. */
const withBlockTime =
  (blockTime: string): Departure =>
  (answer) => {
    const page = structuredClone(answer.body) as Page;
    page.content[0] = { ...page.content[0], blockTime };
    return { ...answer, body: page };
  };

async function problemsWith(blockTime: string) {
  const server = await startExampleServer({ departures: { listTradeHistory: withBlockTime(blockTime) } });
  try {
    const report = await runConformance({
      baseUrl: server.url,
      rps: 200,
      workflows: false,
      only: ['listTradeHistory'],
    });
    return report.problems;
  } finally {
    await server.close();
  }
}

describe('a date-time in an answer', () => {
  it('with a +24:00 offset is a schema problem naming the field', async () => {
    const problems = await problemsWith('2026-11-20T09:00:00+24:00');
    expect(problems).toEqual([
      expect.objectContaining({
        operationId: 'listTradeHistory',
        check: 'schema',
        expected: expect.stringMatching(/\/content\/0\/blockTime must match format "date-time"/),
      }),
    ]);
  });

  it('in RFC 3339, with any offset it allows, is no problem', async () => {
    expect(await problemsWith('2026-11-20T09:00:00+23:59')).toEqual([]);
    expect(await problemsWith('2026-11-20T09:00:00Z')).toEqual([]);
  });
});
