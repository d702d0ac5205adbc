// A success whose body is not what the contract promises (hostile round three): an empty 200, an empty
// chunked body, a 204 where a page is expected, HTML served as JSON. Each ends the call with an ApiError
// naming the status and the media type, so neither `unwrap` nor `paginate` hands the caller `undefined` (on
// which `.content` crashes) or a raw SyntaxError. The join, which the contract answers without a body,
// still unwraps to undefined.
import type { ServerResponse } from 'node:http';
import { listOperations, type OpenApiDocument, resolve } from '@trading-analytics/core';
import { afterEach, describe, expect, it } from 'vitest';
import { loadBundle } from '../../../test/support/contract.js';
import { type HostileServer, startHostileServer } from '../../../test/support/hostile-server.js';
import { ApiError, createClient, paginate, unwrap } from '../src/index.js';
import { WITHOUT_CONTENT } from '../src/json-body.js';

let server: HostileServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serving(answer: (response: ServerResponse) => unknown) {
  server = await startHostileServer(answer);
  return createClient({ baseUrl: server.url, retry: false });
}

/** How a call and its unwrap end: the data, or the error thrown, whichever comes. */
async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return { data: await call() };
  } catch (error) {
    return error;
  }
}

const leaderboard = (client: ReturnType<typeof createClient>) => async () =>
  unwrap(await client.GET('/v1/leaderboard', { params: { query: { page: 0 } } }));

describe('a success body the contract promises, missing or not JSON', () => {
  it.each<[string, (response: ServerResponse) => unknown, number, RegExp]>([
    [
      'an empty 200 with Content-Length: 0',
      (response) => response.writeHead(200, { 'content-type': 'application/json', 'content-length': '0' }).end(),
      200,
      /HTTP 200 .*\/v1\/leaderboard.*: an empty body \(application\/json\) where the contract promises JSON$/,
    ],
    [
      'an empty chunked 200',
      (response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
        response.end();
      },
      200,
      /HTTP 200 .*: an empty body \(application\/json\) where the contract promises JSON$/,
    ],
    [
      'a 204 with a body where a page is expected',
      (response) => response.writeHead(204, { 'content-type': 'application/json' }).end('{"content":[]}'),
      204,
      /HTTP 204 .*: an empty body \(application\/json\) where the contract promises JSON$/,
    ],
    [
      'a 200 without a Content-Type and no body',
      (response) => response.writeHead(200, { 'content-length': '0' }).end(),
      200,
      /HTTP 200 .*: an empty body \(no Content-Type\) where the contract promises JSON$/,
    ],
    [
      'HTML served as JSON',
      (response) =>
        response.writeHead(200, { 'content-type': 'application/json' }).end('<!DOCTYPE html><html>Sign in</html>'),
      200,
      /HTTP 200 .*: a body that is not JSON \(application\/json\)$/,
    ],
    [
      'HTML served as HTML, chunked',
      (response) => {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.write('<!DOCTYPE html>');
        response.end('<html>maintenance</html>');
      },
      200,
      /HTTP 200 .*: a body that is not JSON \(text\/html; charset=utf-8\)$/,
    ],
  ])('%s: an ApiError naming the status and the media type', async (_case, answer, status, message) => {
    const client = await serving(answer);
    const error = await outcome(leaderboard(client));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, message: expect.stringMatching(message) });
    expect((error as ApiError).response.status).toBe(status);
  });

  it('paginate rejects with the ApiError, naming the page, instead of crashing on undefined', async () => {
    const client = await serving((response) =>
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '0' }).end(),
    );
    const pages = paginate((page) => client.GET('/v1/leaderboard', { params: { query: { page } } }));
    const error = await outcome(async () => {
      for await (const _entry of pages);
    });
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/^Page 0: HTTP 200 .*an empty body/);
  });

  it('keeps the body that is not JSON on the error, for the caller to look at', async () => {
    const client = await serving((response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('<html>proxy error</html>'),
    );
    const error = (await outcome(leaderboard(client))) as ApiError;
    expect(error.body).toBe('<html>proxy error</html>');
  });
});

describe('a success the contract answers without a body', () => {
  it('is what the client lists: every operation none of whose successes declares content', () => {
    const document = loadBundle() as OpenApiDocument;
    const bodiless = listOperations(document)
      .filter((entry) => {
        const successes = Object.entries(entry.operation.responses ?? {}).filter(([status]) => /^2/.test(status));
        return successes.every(([, response]) => !resolve<{ content?: object }>(document, response)?.content);
      })
      .map((entry) => `${entry.method.toUpperCase()} ${entry.path}`);
    expect(bodiless.sort()).toEqual([...WITHOUT_CONTENT].sort());
  });

  it.each([
    ['an empty 200', (response: ServerResponse) => response.writeHead(200, { 'content-length': '0' }).end()],
    ['a 204', (response: ServerResponse) => response.writeHead(204).end()],
  ])('the join unwraps %s to undefined', async (_case, answer) => {
    const client = await serving(answer);
    const joined = await client.POST('/v1/trading-competition/join', {
      body: { trader: '0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b', competitionId: 7 },
    });
    expect(unwrap(joined)).toBeUndefined();
  });

  it('a JSON success still unwraps to its data', async () => {
    const client = await serving((response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"content":[],"totalPages":0}'),
    );
    expect(await leaderboard(client)()).toEqual({ content: [], totalPages: 0 });
  });
});
