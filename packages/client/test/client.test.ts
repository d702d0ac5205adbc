// createClient: a required, checked baseUrl; the caller's fetch and headers; the contract's query
// serialization (`chains` comma-separated, other arrays repeated).

import { listOperations, type OpenApiDocument, resolve, type Schema } from '@trading-analytics/core';
import { describe, expect, it } from 'vitest';
import { loadBundle } from '../../../test/support/contract.js';
import { type ClientOptions, createClient, unwrap } from '../src/index.js';
import { scriptedFetch } from './support/scripted-fetch.js';

function recording(options: Partial<ClientOptions> = {}) {
  const scripted = scriptedFetch([], 200);
  return {
    client: createClient({ baseUrl: 'http://service.test', fetch: scripted.fetch, ...options }),
    sent: scripted.sent,
  };
}

describe('createClient', () => {
  it.each([
    [undefined, 'undefined'],
    ['', '""'],
    ['service.test', '"service.test"'],
    ['/v1', '"/v1"'],
    ['ftp://service.test', '"ftp://service.test"'],
    ['http://', '"http://"'],
  ])('refuses the baseUrl %j, naming it', (baseUrl, shown) => {
    expect(() => createClient({ baseUrl } as ClientOptions)).toThrow(`baseUrl must be an http(s) URL: ${shown}`);
  });

  it('refuses to be called without options', () => {
    expect(() => (createClient as (options?: ClientOptions) => unknown)()).toThrow(
      'baseUrl must be an http(s) URL: undefined',
    );
  });

  // Hostile round three: an option inherited through the options object's prototype was used.
  it('reads only the options’ own properties: an inherited option is ignored, as if left out', async () => {
    expect(() => createClient(Object.create({ baseUrl: 'http://service.test' }))).toThrow(
      'baseUrl must be an http(s) URL: undefined',
    );
    const scripted = scriptedFetch([503, 200], 200);
    const inherited = Object.assign(Object.create({ retry: false, headers: { 'x-injected': 'yes' } }), {
      baseUrl: 'http://service.test',
      fetch: scripted.fetch,
      retry: { random: () => 0 },
    });
    unwrap(await createClient(inherited).GET('/v1/sstk/apy'));
    // retry was read (own), so the 503 was retried; the inherited headers were not sent.
    expect(scripted.sent).toHaveLength(2);
    expect(scripted.sent[0]?.headers.get('x-injected')).toBeNull();
    const prototype = Object.prototype as Record<string, unknown>;
    prototype.timeoutMs = -1;
    try {
      expect(() => createClient({ baseUrl: 'http://service.test' })).not.toThrow();
    } finally {
      delete prototype.timeoutMs;
    }
  });

  it('sends requests to the baseUrl (a trailing slash or a path prefix kept right) through the given fetch', async () => {
    for (const [baseUrl, expected] of [
      ['http://service.test/', 'http://service.test/v1/sstk/apy'],
      ['https://gateway.test/trading', 'https://gateway.test/trading/v1/sstk/apy'],
    ]) {
      const { client, sent } = recording({ baseUrl });
      unwrap(await client.GET('/v1/sstk/apy'));
      expect(sent.map((request) => request.url)).toEqual([expected]);
    }
  });

  it('sends the given headers with every request, and a call can add its own', async () => {
    const { client, sent } = recording({ headers: { 'x-app': 'dashboard' } });
    await client.GET('/v1/sstk/apy', { headers: { Prefer: 'example=sevenDayApy' } });
    expect(sent[0]!.headers.get('x-app')).toBe('dashboard');
    expect(sent[0]!.headers.get('prefer')).toBe('example=sevenDayApy');
  });

  it('fills path parameters, encoded', async () => {
    const { client, sent } = recording();
    await client.GET('/v1/leaderboard/team/{team_code}', { params: { path: { team_code: 'A/B C' } } });
    expect(sent[0]!.url).toBe('http://service.test/v1/leaderboard/team/A%2FB%20C');
  });
});

describe('query serialization follows the contract', () => {
  const arrayParameters = () => {
    const document = loadBundle() as OpenApiDocument;
    return listOperations(document)
      .filter((operation) => operation.method === 'get')
      .flatMap((operation) =>
        operation.parameters
          .filter(
            (parameter) => parameter.in === 'query' && resolve<Schema>(document, parameter.schema)?.type === 'array',
          )
          .map((parameter) => `${operation.path} ${parameter.name} explode=${parameter.explode ?? true}`),
      );
  };

  it('has exactly these array query parameters, so the rules below cover them all', () => {
    expect(arrayParameters().sort()).toEqual([
      '/v1/pairs tags explode=true',
      '/v1/trading-volumes/sum-all chains explode=false',
      '/v1/trading-volumes/users chains explode=false',
    ]);
  });

  it('sends `chains` as one comma-separated value, and leaves an empty list out', async () => {
    const { client, sent } = recording();
    await client.GET('/v1/trading-volumes/users', {
      params: {
        query: { startTime: '2026-11-14T00:00:00Z', endTime: '2026-11-21T00:00:00Z', chains: ['MONAD', 'OTHER'] },
      },
    });
    await client.GET('/v1/trading-volumes/sum-all', { params: { query: { chains: ['MONAD'] } } });
    await client.GET('/v1/trading-volumes/sum-all');
    await client.GET('/v1/trading-volumes/sum-all', { params: { query: { chains: [] } } });
    expect(sent.map((request) => new URL(request.url).search)).toEqual([
      '?startTime=2026-11-14T00%3A00%3A00Z&endTime=2026-11-21T00%3A00%3A00Z&chains=MONAD,OTHER',
      '?chains=MONAD',
      '',
      '',
    ]);
  });

  it('repeats `tags` once per value', async () => {
    const { client, sent } = recording();
    await client.GET('/v1/pairs', { params: { query: { tags: ['ai', 'meme'], page: 0 } } });
    expect(new URL(sent[0]!.url).search).toBe('?tags=ai&tags=meme&page=0');
  });
});
