// The one place secrets are taken out of text: every excerpt of what the service sent is redacted before it
// is cut, and every form of a report redacts each value before it escapes it, then the whole text again. A
// service that echoes a --header value back, whole, without its scheme or encoded, gets `[redacted]`.

/** Replaces every form of every secret in a text; `cutShort` says the text was cut from a longer one. */
export type Redact = (text: string, cutShort?: boolean) => string;

const MARK = '[redacted]';
// An auth scheme and the credential after it (RFC 9110: `Bearer abc`, `Basic dXNlcjpwYXNz`).
const SCHEME_AND_CREDENTIAL = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+ +(\S.*)$/s;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * The spellings of a secret to look for: the value, the credential after its scheme, each percent-encoded
 * (upper- and lower-case hex, and as a form value with `+` for a space), and as JSON and XML escape them
 * (the forms the reports themselves write, and a JSON body echoing it writes).
 */
export function secretForms(secret: string): string[] {
  const values = [secret];
  const credential = SCHEME_AND_CREDENTIAL.exec(secret)?.[1];
  if (credential) values.push(credential);
  const forms = new Set<string>();
  for (const value of values) {
    const encoded = encodeURIComponent(value);
    forms.add(value);
    forms.add(encoded);
    forms.add(encoded.replace(/%[0-9A-F]{2}/g, (percent) => percent.toLowerCase()));
    forms.add(new URLSearchParams({ value }).toString().slice('value='.length));
    forms.add(JSON.stringify(value).slice(1, -1));
    forms.add(value.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character));
  }
  return [...forms].filter((form) => form !== '');
}

/** A redactor of the secrets (every form of each), longest forms first so a whole value goes before its part. */
export function createRedactor(secrets: readonly string[]): Redact {
  const forms = [...new Set(secrets.flatMap(secretForms))].sort((a, b) => b.length - a.length);
  if (forms.length === 0) return (text) => text;
  return (text, cutShort = false) => {
    let result = text;
    for (const form of forms) if (result.includes(form)) result = result.replaceAll(form, MARK);
    return cutShort ? withoutCutSecret(result, forms) : result;
  };
}

/**
 * A text cut from a longer one may end in the first characters of a secret whose rest was cut off; those
 * are dropped (the longest such ending, over every form).
 */
function withoutCutSecret(text: string, forms: readonly string[]): string {
  let drop = 0;
  const last = text.charCodeAt(text.length - 1);
  for (const form of forms) {
    for (let length = Math.min(form.length - 1, text.length); length > drop; length--) {
      if (form.charCodeAt(length - 1) === last && text.endsWith(form.slice(0, length))) {
        drop = length;
        break;
      }
    }
  }
  return text.slice(0, text.length - drop);
}

/** The text with every form of every secret replaced by `[redacted]`. */
export function redact(text: string, secrets: readonly string[] = []): string {
  return createRedactor(secrets)(text);
}
