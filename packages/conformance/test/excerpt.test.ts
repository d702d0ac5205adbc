// How what a service sent becomes a line of a report: redacted in every form before it is cut, written as
// JSON without recursion and only as far as it is shown, whatever its depth or size.
import { describe, expect, it } from 'vitest';
import { excerpt, renderJson } from '../src/reports/excerpt.js';
import { createRedactor, secretForms } from '../src/reports/redact.js';

const secret = `Bearer zq7"<&>'Xk2Lw9Rt4`;
const redact = createRedactor([secret]);

describe('the forms of a secret', () => {
  it('are the value and the credential after its scheme, as they are, percent-encoded, JSON- and XML-escaped', () => {
    const forms = secretForms(secret);
    for (const value of [secret, `zq7"<&>'Xk2Lw9Rt4`]) {
      expect(forms).toContain(value);
      expect(forms).toContain(encodeURIComponent(value));
      expect(forms).toContain(encodeURIComponent(value).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()));
      expect(forms).toContain(JSON.stringify(value).slice(1, -1));
      expect(forms).toContain(
        value
          .replaceAll('&', '&amp;')
          .replaceAll('<', '&lt;')
          .replaceAll('>', '&gt;')
          .replaceAll('"', '&quot;')
          .replaceAll("'", '&apos;'),
      );
    }
    expect(forms).toContain('Bearer+zq7%22%3C%26%3E%27Xk2Lw9Rt4');
  });

  it('are all replaced, the whole value before its part', () => {
    expect(redact(`a ${secret} b zq7"<&>'Xk2Lw9Rt4 c ${encodeURIComponent(secret)}`)).toBe(
      'a [redacted] b [redacted] c [redacted]',
    );
  });

  it('leave no start of one at the end of a text cut short', () => {
    for (let length = 1; length < secret.length; length++) {
      expect(redact(`kept ${secret.slice(0, length)}`, true)).toBe('kept ');
    }
    expect(redact('kept Bear', false)).toBe('kept Bear');
  });
});

describe('an excerpt', () => {
  it('never holds the start of a secret it cuts, wherever the cut falls', () => {
    for (let before = 270; before <= 310; before++) {
      const line = excerpt(`${'a'.repeat(before)}${secret} and after`, redact);
      expect(line.length).toBeLessThanOrEqual(301);
      expect(line).not.toMatch(/zq7|Bearer z/);
    }
  });

  it('folds whitespace and marks a cut', () => {
    expect(excerpt('one\n\t two', redact)).toBe('one two');
    expect(excerpt('x'.repeat(400), redact)).toBe(`${'x'.repeat(300)}…`);
    expect(excerpt(undefined, redact)).toBe('absent');
    expect(excerpt({ a: [1, 'b', null, true] }, redact)).toBe('{"a":[1,"b",null,true]}');
  });

  it('writes a value nested 100,000 deep without recursion, only as far as it shows', () => {
    let deep: unknown = 'bottom';
    for (let depth = 0; depth < 100_000; depth++) deep = { next: deep };
    const { text, complete } = renderJson(deep, 1200);
    expect(complete).toBe(false);
    expect(text).toHaveLength(1200);
    expect(excerpt(deep, redact)).toMatch(/^\{"next":\{"next":.*…$/);
  });

  it('copies no more of a huge string than it shows', () => {
    const { text, complete } = renderJson(['y'.repeat(10_000_000)], 1200);
    expect(complete).toBe(false);
    expect(text).toBe(`["${'y'.repeat(1198)}`);
  });
});
