// The answer cache (src/answer-cache.ts) on its own: what it keeps and for how long, and that it never throws
// on what it is given.
import { describe, expect, it } from 'vitest';
import { createAnswerCache } from '../src/answer-cache.js';

describe('answer cache', () => {
  const request = (body: string) => ({
    method: 'POST',
    path: '/v1/x',
    query: {},
    headers: { 'content-type': 'application/json' },
    bodyText: body,
    preferences: {},
  });
  const answer = (bytes: number) => ({ status: 200, headers: {}, body: Buffer.alloc(bytes) });

  it('keys identical requests alike and different ones apart, as a fixed-size hash', () => {
    const cache = createAnswerCache();
    expect(cache.keyOf(request('{"a":1}'))).toBe(cache.keyOf(request('{"a":1}')));
    expect(cache.keyOf(request('{"a":1}'))).not.toBe(cache.keyOf(request('{"a":2}')));
    expect(cache.keyOf(request('{"a":1}'))).toHaveLength(44);
  });

  it('keeps no request larger than its limit, and never throws on what it is given', () => {
    const cache = createAnswerCache({ maxRequestBytes: 100 });
    expect(cache.keyOf(request('x'.repeat(101)))).toBeUndefined();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(cache.keyOf({ ...request('{}'), query: cyclic } as never)).toBeDefined();
    expect(() => cache.set('k', { status: 200, headers: cyclic, body: Buffer.alloc(1) } as never)).not.toThrow();
    expect(cache.size.entries).toBe(0);
  });

  it('holds at most its entries and bytes, dropping the least recently used first', () => {
    const cache = createAnswerCache({ maxEntries: 3, maxBytes: 1_000 });
    for (const key of ['a', 'b', 'c']) cache.set(key, answer(100));
    cache.get('a');
    cache.set('d', answer(100));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.size.entries).toBe(3);
    cache.set('big', answer(700));
    expect(cache.size.bytes).toBeLessThanOrEqual(1_000);
    cache.set('huge', answer(5_000));
    expect(cache.get('huge')).toBeUndefined();
  });
});
