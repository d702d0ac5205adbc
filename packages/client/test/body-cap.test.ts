// The cap on response bodies: the client reads at most `maxBodyBytes` decoded bytes of an answer (8 MiB by
// default), so a body without end, a huge one, or a gzip bomb ends the call with a RangeError while memory
// stays bounded. Each case is a server of the test's own.
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { type HostileServer, startHostileServer, writeRepeatedly } from '../../../test/support/hostile-server.js';
import { type ClientOptions, createClient } from '../src/index.js';

const defaultCap = 8 * 2 ** 20;
const MiB = 2 ** 20;
// What one hostile answer may add to the resident memory of the process (client and test server), above
// what it held before the call: the cap itself, the chunks in flight and the decompressor's buffers.
const rssBound = 64 * MiB;

let server: HostileServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const apy = (options: Partial<ClientOptions> = {}) =>
  createClient({ baseUrl: server!.url, retry: false, ...options }).GET('/v1/sstk/apy');

/** Runs `call`, sampling the process's resident memory every 5 ms; resolves with how it ended and its peak growth. */
async function measured(call: () => Promise<unknown>) {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampling = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  try {
    const outcome = await call().then(
      () => undefined,
      (error: Error) => error,
    );
    return {
      outcome,
      rssGrowth: Math.max(peak, process.memoryUsage.rss()) - before,
    };
  } finally {
    clearInterval(sampling);
  }
}

describe('the body cap', () => {
  it('reads a body of exactly maxBodyBytes, and refuses one byte more with a RangeError naming the cap', async () => {
    let size = 0;
    server = await startHostileServer((response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(`"${'x'.repeat(size - 2)}"`),
    );
    size = 1000;
    expect((await apy({ maxBodyBytes: 1000 })).data).toHaveLength(998);
    size = 1001;
    await expect(apy({ maxBodyBytes: 1000 })).rejects.toThrow(
      new RangeError(`Response body over 1000 bytes: HTTP 200 ${server.url}/v1/sstk/apy`),
    );
  });

  it('counts a body sent in chunks, without Content-Length, as it arrives', async () => {
    server = await startHostileServer((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('"');
      for (let chunk = 0; chunk < 19; chunk++) response.write('x'.repeat(100));
      response.end(`${'x'.repeat(98)}"`);
    });
    expect((await apy({ maxBodyBytes: 2000 })).data).toHaveLength(1998);
    await expect(apy({ maxBodyBytes: 1999 })).rejects.toThrow('Response body over 1999 bytes');
  });

  it('caps every way the client reads a body: json, text, arrayBuffer, blob, and the body of an error', async () => {
    let status = 200;
    server = await startHostileServer((response) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify('y'.repeat(5000))),
    );
    const client = createClient({ baseUrl: server.url, retry: false, maxBodyBytes: 4096 });
    for (const parseAs of ['json', 'text', 'arrayBuffer', 'blob'] as const) {
      await expect(client.GET('/v1/sstk/apy', { parseAs })).rejects.toThrow('Response body over 4096 bytes');
    }
    status = 400;
    await expect(client.GET('/v1/sstk/apy')).rejects.toThrow('Response body over 4096 bytes: HTTP 400');
  });

  it('reads what is under the cap the same way fetch would, for each of those readers', async () => {
    const payload = { apy: 'ünïcödé 7.5', list: Array.from({ length: 2000 }, (_, index) => index) };
    server = await startHostileServer((response) =>
      response
        .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
        .end(`\uFEFF${JSON.stringify(payload)}`),
    );
    const client = createClient({ baseUrl: server.url, retry: false });
    expect((await client.GET('/v1/sstk/apy')).data).toEqual(payload);
    expect((await client.GET('/v1/sstk/apy', { parseAs: 'text' })).data).toBe(JSON.stringify(payload));
    const bytes = (await client.GET('/v1/sstk/apy', { parseAs: 'arrayBuffer' })).data!;
    expect(Buffer.from(bytes).toString()).toBe(`\uFEFF${JSON.stringify(payload)}`);
    const blob = (await client.GET('/v1/sstk/apy', { parseAs: 'blob' })).data!;
    expect(blob.type).toBe('application/json; charset=utf-8');
    expect(blob.size).toBe(bytes.byteLength);
  });

  it('refuses a declared Content-Length over the cap before reading a byte of it', { timeout: 10_000 }, async () => {
    let closed: Promise<unknown> = Promise.resolve();
    server = await startHostileServer((response) => {
      closed = new Promise((resolve) => response.once('close', resolve));
      // 2 GiB announced, 64 KiB sent, the rest never: only a refusal up front ends this call.
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2 ** 31) });
      response.write(Buffer.alloc(64 * 1024, 0x20));
    });
    await expect(apy()).rejects.toThrow(`Response body over ${defaultCap} bytes`);
    await closed;
  });

  it('ends an endless body at the default cap, memory bounded, and lets the connection go', {
    timeout: 20_000,
  }, async () => {
    let written: Promise<number> = Promise.resolve(0);
    server = await startHostileServer((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      written = writeRepeatedly(response, Buffer.alloc(64 * 1024, 0x20));
    });
    const { outcome, rssGrowth } = await measured(() => apy());
    expect(outcome).toEqual(
      new RangeError(`Response body over ${defaultCap} bytes: HTTP 200 ${server.url}/v1/sstk/apy`),
    );
    expect(rssGrowth).toBeLessThan(rssBound);
    // The server stops once the client has gone: it wrote the cap and what the connection buffers, no more.
    expect(await written).toBeLessThan(defaultCap + 16 * MiB);
  });

  it('counts a gzip bomb at its decoded size: 2.6 MB that expand to 2.5 GiB', { timeout: 30_000 }, async () => {
    // Concatenated gzip members decode as one body: 160 copies of 16 MiB of zeros, compressed.
    const member = await promisify(gzip)(Buffer.alloc(16 * MiB), { level: 9 });
    const bomb = Buffer.concat(Array(160).fill(member));
    server = await startHostileServer((response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': String(bomb.length),
      });
      response.end(bomb);
    });
    const { outcome, rssGrowth } = await measured(() => apy());
    expect(outcome).toEqual(
      new RangeError(`Response body over ${defaultCap} bytes: HTTP 200 ${server.url}/v1/sstk/apy`),
    );
    expect(rssGrowth).toBeLessThan(rssBound);
  });

  it('caps the body of a read still 503 after its retries', async () => {
    server = await startHostileServer((response) =>
      response.writeHead(503, { 'content-type': 'text/plain' }).end('z'.repeat(3000)),
    );
    const client = createClient({ baseUrl: server.url, maxBodyBytes: 2048, retry: { attempts: 2, random: () => 0 } });
    await expect(client.GET('/v1/sstk/apy')).rejects.toThrow('Response body over 2048 bytes: HTTP 503');
    expect(server.received).toHaveLength(2);
  });

  it.each([0, -1, 1.5, Number.NaN, Infinity, 2 ** 53])('refuses maxBodyBytes %s', (maxBodyBytes) => {
    expect(() => createClient({ baseUrl: 'http://service.test', maxBodyBytes })).toThrow(
      new TypeError(`maxBodyBytes must be a positive integer: ${maxBodyBytes}`),
    );
  });
});
