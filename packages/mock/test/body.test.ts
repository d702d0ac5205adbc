// The text of the bodies Prism answers with (src/body.ts): JSON for a JSON media type, text as it is, and a
// clear fault, never a guess, for a structured value in a media type the mock does not write.
import { describe, expect, it } from 'vitest';
import { serializedBody } from '../src/body.js';

describe('serializedBody', () => {
  it('writes JSON for application/json and every +json type, whatever the parameters or the case', () => {
    expect(serializedBody({ rank: 1, pnl: '12.5' }, 'application/json')).toBe('{"rank":1,"pnl":"12.5"}');
    expect(serializedBody(0.0812, 'Application/JSON; charset=utf-8')).toBe('0.0812');
    expect(serializedBody(null, 'application/json')).toBe('null');
    expect(serializedBody('text', 'application/problem+json')).toBe('"text"');
  });

  it('writes nothing for a response without a body', () => {
    expect(serializedBody(undefined, 'application/json')).toBe('');
    expect(serializedBody(undefined, 'text/plain')).toBe('');
    expect(serializedBody(undefined, undefined)).toBe('');
  });

  it('sends text as it is in any other media type', () => {
    expect(serializedBody('<a>1</a>', 'application/xml')).toBe('<a>1</a>');
    expect(serializedBody('plain', 'text/plain')).toBe('plain');
  });

  it('refuses to guess how to write a structured value in a media type that is not JSON, naming it', () => {
    expect(() => serializedBody({ a: 1 }, 'application/xml')).toThrow(
      'The mock cannot write a value of type object as application/xml: it writes JSON, or text as it is.',
    );
    expect(() => serializedBody(5, 'text/plain')).toThrow(/type number as text\/plain/);
  });
});
