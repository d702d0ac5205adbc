// The text of an answer's body for its media type. Prism's mocker hands back the body as a value (the
// contract's example, or one generated from the schema for `Prefer: dynamic=true`) with the media type it
// negotiated: one the operation's response declares, or `text/plain` for a response without content, whose
// body is then undefined. Every body of this contract is JSON. For another contract, text in any media type
// is sent as it is, and a structured value in a media type that is not JSON (an XML example written as an
// object, say) is the mock's own fault to report: it writes no XML.
import { isJsonMediaType, mediaTypeOf } from '@trading-analytics/core';

/** The body's text: JSON for a JSON media type, text as it is, nothing for no body. Throws for anything else. */
export function serializedBody(value: unknown, contentType: string | undefined): string {
  if (isJsonMediaType(mediaTypeOf(contentType))) return JSON.stringify(value) ?? '';
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  const mediaType = contentType ?? 'a body without a media type';
  throw new Error(
    `The mock cannot write a value of type ${typeof value} as ${mediaType}: it writes JSON, or text as it is.`,
  );
}
