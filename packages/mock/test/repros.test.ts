// The requests that killed the mock or got a wrong answer in the review of issue 8, one test each: every
// one now gets a 4xx with a reason, and the mock keeps answering. Each test names the repro it replays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMock } from '../src/index.js';
import { MAX_BODY_BYTES } from '../src/mock-limits.js';
import { pairBases, traders } from './support/cast';
import { isRunning, residentBytes } from './support/processes';
import { type RawAnswer, reasonOf, sendRaw, urlOf, validRequests } from './support/requests';

let mock: MockServer;
/** Started at the same moment as `mock`, for the repro of two mocks started at once. */
let twin: MockServer;
beforeAll(async () => {
  [mock, twin] = await Promise.all([startMock({ port: 0 }), startMock({ port: 0 })]);
});
afterAll(() => Promise.all([mock?.close(), twin?.close()]));

/** The mock is still up and answering a valid request. */
async function expectAlive() {
  expect(isRunning(mock.pid)).toBe(true);
  expect((await fetch(`${mock.url}/v1/leaderboard`)).status).toBe(200);
}

function expectRefused(answer: RawAnswer, status: number, reason: RegExp) {
  expect(answer.status, answer.body).toBe(status);
  expect(reasonOf(answer)).toMatch(reason);
}

/**
 * The mock's resident memory under floods of large bodies: the first flood lets V8 size its heap, which it does
 * differently per Node line (Node 24 settles 50-100 MB higher than Node 20 and swings by some 40 MB between
 * floods without growing), so only what two more floods add counts. Keeping the bodies, as the answer cache
 * did before the guard, adds hundreds of MB a flood; this bound leaves room for the swings and none for that.
 */
const RSS_GROWTH_AFTER_WARM_UP = 64 * 1024 * 1024;
const jsonHeaders = { 'content-type': 'application/json' };
const operations = Object.entries(validRequests);

describe('repros of issue 8', () => {
  it('%zz in a path parameter: 400 naming the segment, and the mock stays up', async () => {
    expectRefused(
      await sendRaw(mock.url, { method: 'GET', path: '/v1/portfolio/%zz/unrealized-pnl' }),
      400,
      /"%zz" has percent-encoding that does not decode/,
    );
    await expectAlive();
  });

  it('%ff%fe in an address: 400, and the mock stays up', async () => {
    expectRefused(
      await sendRaw(mock.url, { method: 'GET', path: '/v1/user/%ff%fe/positions' }),
      400,
      /"%ff%fe" has percent-encoding/,
    );
    expectRefused(
      await sendRaw(mock.url, { method: 'GET', path: `/v1/leaderboard/my-rank?user_address=%ff%fe` }),
      400,
      /user_address=%ff%fe/,
    );
    await expectAlive();
  });

  it('a JSON body nested 5,000 deep, on every operation: 400, and the mock stays up', async () => {
    const deep = '['.repeat(5_000) + ']'.repeat(5_000);
    for (const [operationId, request] of operations) {
      const answer = await sendRaw(mock.url, {
        method: request.method,
        path: new URL(urlOf(mock.url, request)).pathname,
        headers: jsonHeaders,
        body: deep,
      });
      expect(answer.status, operationId).toBe(400);
      // An operation without a request body refuses any body before reading it.
      expect(reasonOf(answer), operationId).toMatch(
        request.body === undefined ? /takes no request body/ : /nested deeper than 32 levels/,
      );
    }
    await expectAlive();
  });

  it('distinct ~10 MB bodies: each refused naming the limit, and the resident memory stays bounded', async () => {
    let sent = 0;
    /**
     * `{"pad":"<n>-xxx…"}` of `bytes` bytes, distinct by its number. Filled as bytes: built as a string, 60 bodies
     * of 10 MB cost the sender 5 CPU-s of padding and encoding, the same bytes on the wire.
     */
    const paddedBody = (bytes: number): Buffer => {
      const body = Buffer.alloc(bytes, 'x');
      body.write(`{"pad":"${sent}-`);
      body.write('"}', bytes - 2);
      return body;
    };
    /** 20 bodies over the limit, refused, and 50 just under it, answered but not kept by the answer cache. */
    const flood = async () => {
      for (let index = 0; index < 20; index++, sent++) {
        const body = paddedBody(10 * 1024 * 1024);
        expectRefused(
          await sendRaw(mock.url, { method: 'POST', path: '/v2/trading/submit-intent', headers: jsonHeaders, body }),
          400,
          new RegExp(`larger than ${MAX_BODY_BYTES} bytes`),
        );
      }
      for (let index = 0; index < 50; index++, sent++) {
        const body = paddedBody(MAX_BODY_BYTES - 100);
        expect(
          (await sendRaw(mock.url, { method: 'POST', path: '/v2/trading/submit-intent', headers: jsonHeaders, body }))
            .status,
        ).toBe(200);
      }
    };
    await flood();
    const warm = await residentBytes(mock.pid);
    await flood();
    await flood();
    const after = await residentBytes(mock.pid);
    // Before the guard, every such body was kept by the answer cache: 30 bodies of 9.5 MB added 425 MB, so
    // each flood here would have added hundreds of MB.
    expect(after - warm, `resident memory grew from ${warm} to ${after} bytes over two more floods`).toBeLessThan(
      RSS_GROWTH_AFTER_WARM_UP,
    );
    await expectAlive();
  });

  it('Prefer: code=200, example=nope, on every operation: 404 naming the examples there are, never a 500', async () => {
    for (const [operationId, request] of operations) {
      const answer = await sendRaw(mock.url, {
        method: request.method,
        path: new URL(urlOf(mock.url, request)).pathname + new URL(urlOf(mock.url, request)).search,
        headers: { ...jsonHeaders, prefer: 'code=200, example=nope' },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      });
      expectRefused(
        answer,
        404,
        new RegExp(
          `${operationId} (has no example "nope" for status 200; its examples are|documents no examples for status 200)`,
        ),
      );
    }
  });

  it('Content-Type: garbage: 400 naming the media type expected', async () => {
    const answer = await sendRaw(mock.url, {
      method: 'POST',
      path: validRequests.joinCompetition.path,
      headers: { 'content-type': 'garbage' },
      body: JSON.stringify(validRequests.joinCompetition.body),
    });
    expectRefused(answer, 400, /Content-Type "garbage" is not one this operation accepts: application\/json/);
  });

  it('Prefer: code=999 and code=101 on the gasless submission: 404 saying it documents none and naming the 200 it answers, and no hang', async () => {
    for (const code of ['999', '101']) {
      const answer = await sendRaw(mock.url, {
        method: 'POST',
        path: '/v2/trading/submit-intent',
        headers: { ...jsonHeaders, prefer: `code=${code}` },
        body: '{}',
      });
      expectRefused(
        answer,
        404,
        new RegExp(`submitTradingIntent documents no status ${code}: it documents none, .* 200, the mock's own choice`),
      );
      expect(JSON.parse(answer.body).type).toBe('urn:trading-analytics-mock:case-not-documented');
    }
  });

  it('page=1e400, page=0x10, hours_ago=0x10: 400 naming the parameter', async () => {
    for (const page of ['1e400', '0x10']) {
      expectRefused(
        await sendRaw(mock.url, { method: 'GET', path: `/v1/leaderboard?page=${page}` }),
        400,
        new RegExp(`page must be a decimal integer .*"${page}"`),
      );
    }
    const hoursAgo = await sendRaw(mock.url, {
      method: 'GET',
      path: `/v1/oracle/price/pair-hours-ago?pair_base=${pairBases.btc}&hours_ago=0x10`,
    });
    // getPriceHoursAgo declares a 400: its documented (empty) body, the reason in sl-violations.
    expectRefused(hoursAgo, 400, /hours_ago must be a decimal integer .*"0x10"/);
    expect(hoursAgo.body).toBe('');
  });

  it('competitionId: 18446744073709551617: 400, not rounded and accepted', async () => {
    const body = `{"trader": "${traders.ben}", "competitionId": 18446744073709551617}`;
    const answer = await sendRaw(mock.url, {
      method: 'POST',
      path: validRequests.joinCompetition.path,
      headers: jsonHeaders,
      body,
    });
    expectRefused(
      answer,
      400,
      /competitionId must be an integer from -9007199254740991 to 9007199254740991, got "18446744073709551617"/,
    );
  });

  it('startMock({ port: 0 }): mocks started at once get free ports of their own', async () => {
    // The file's two mocks, started at once (beforeAll).
    const mocks = [mock, twin];
    const ports = mocks.map((started) => started.port);
    expect(new Set(ports).size).toBe(2);
    for (const started of mocks) {
      expect(started.url).toBe(`http://127.0.0.1:${started.port}`);
      expect((await fetch(`${started.url}/v1/leaderboard`)).status).toBe(200);
    }
  });

  it('bad input on an operation that declares no 400: the mock answers 400 problem+json, the one refusal it makes', async () => {
    const answer = await sendRaw(mock.url, { method: 'GET', path: '/v1/leaderboard?timeframe=FOREVER' });
    expectRefused(answer, 400, /timeframe must be equal to one of the allowed values/);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(answer.body)).toMatchObject({ status: 400, title: 'Invalid request' });
  });

  it('CORS with an origin of null: no credentials, no reflected origin', async () => {
    const answer = await sendRaw(mock.url, { method: 'GET', path: '/v1/leaderboard', headers: { origin: 'null' } });
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
  });
});
