// unwrap: the data of a 2xx, or an ApiError carrying status, body and response for anything else.
import { describe, expect, it } from 'vitest';
import { ApiError, unwrap } from '../src/index.js';

const response = (status: number) => new Response(status === 204 ? null : 'x', { status });

describe('unwrap', () => {
  it('returns the data of a successful call', () => {
    const data = { content: [], totalPages: 0 };
    expect(unwrap({ data, response: response(200) })).toBe(data);
  });

  it('returns undefined for a response without content (204)', () => {
    expect(unwrap({ data: undefined, response: response(204) })).toBeUndefined();
  });

  it('throws an ApiError with the status and the parsed body', () => {
    const failing = response(404);
    const error = (() => {
      try {
        unwrap({ error: { reason: 'no such pair' }, response: failing });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 404,
      body: { reason: 'no such pair' },
      response: failing,
      message: 'HTTP 404 ',
    });
  });

  it('throws on a failure whose body was empty, when openapi-fetch leaves `error` undefined', () => {
    // openapi-fetch answers { error: undefined } for an empty 503, which must not read as success.
    expect(() => unwrap({ data: undefined, error: undefined, response: response(503) })).toThrow(ApiError);
    expect(() => unwrap({ data: undefined, error: undefined, response: response(503) })).toThrow(
      expect.objectContaining({ status: 503 }),
    );
  });
});
