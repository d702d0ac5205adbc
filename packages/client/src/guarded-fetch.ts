// The fetch under every request of the client (retries included): it decides where a request may go after a
// redirect, and how much of an answer is read. A service answers what it likes; the caller's credentials and
// memory are not its to take.

/** What the client does with a redirect (3xx): see `ClientOptions.redirect`. */
export type RedirectMode = 'manual' | 'follow-same-origin';

// Same-origin redirects followed in a row before the last 3xx is answered as it came; a real service needs
// one or two, a loop is caught early.
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = [301, 302, 303, 307, 308];
const REQUEST_BODY_HEADERS = ['content-type', 'content-encoding', 'content-language', 'content-location'];
const decoder = new TextDecoder();

/**
 * Wraps `fetch` so that no redirect is followed by fetch itself (a caller's `redirect: 'follow'` included):
 * with `manual` every 3xx comes back as the answer; with `follow-same-origin` a redirect to the request's
 * own origin is followed here and any other is answered as it came. Every answer's body is read through a
 * cap of `maxBodyBytes` decoded bytes.
 */
export function guardedFetch(
  fetch: (request: Request) => Promise<Response>,
  redirect: RedirectMode,
  maxBodyBytes: number,
) {
  return async (request: Request): Promise<Response> => {
    // The client asks for 'manual' on every request; only a caller's own `redirect` on a call lands here.
    if (request.redirect !== 'manual') request = new Request(request, { redirect: 'manual' });
    const response = await (redirect === 'manual' ? fetch(request) : followSameOrigin(fetch, request));
    return capBody(response, maxBodyBytes);
  };
}

// Follows redirects as fetch would (307 and 308 repeat the method and body; 303, and 301 or 302 after a
// POST, turn into a GET without body), but only while the target keeps the request's scheme, host and port.
async function followSameOrigin(fetch: (request: Request) => Promise<Response>, request: Request): Promise<Response> {
  const { origin } = new URL(request.url);
  // The body is spent by the first send: a copy is kept for a 307 or 308.
  const body = request.body ? await request.clone().arrayBuffer() : undefined;
  let response = await fetch(request);
  for (let hop = 0; hop < MAX_REDIRECTS && REDIRECT_STATUSES.includes(response.status); hop++) {
    const location = response.headers.get('location');
    const target = location != null && URL.canParse(location, request.url) ? new URL(location, request.url) : undefined;
    if (target?.origin !== origin) break;
    await response.body?.cancel();
    const toGet =
      response.status === 303 ? request.method !== 'HEAD' : response.status < 303 && request.method === 'POST';
    const headers = new Headers(request.headers);
    if (toGet) for (const name of REQUEST_BODY_HEADERS) headers.delete(name);
    const { method, signal } = request;
    request = new Request(target, {
      method: toGet ? 'GET' : method,
      headers,
      body: toGet ? undefined : body,
      signal,
      redirect: 'manual',
    });
    response = await fetch(request);
  }
  return response;
}

// The readers openapi-fetch uses (json, text, arrayBuffer, blob) are replaced on the response by ones that
// count the body's bytes as fetch hands them over, after any Content-Encoding is undone (so a gzip bomb
// counts at its decoded size), and stop reading past the cap. Replacing the readers costs far less per
// request than passing the body through a stream of our own.
function capBody(response: Response, maxBodyBytes: number): Response {
  const { body } = response;
  if (!body) return response;
  const read = () => readAtMost(body, maxBodyBytes, response);
  return Object.assign(response, {
    arrayBuffer: () => read().then((bytes) => bytes.slice().buffer),
    blob: () => read().then((bytes) => new Blob([bytes], { type: response.headers.get('content-type') ?? '' })),
    json: () => read().then((bytes) => JSON.parse(decoder.decode(bytes))),
    text: () => read().then((bytes) => decoder.decode(bytes)),
  });
}

async function readAtMost(
  body: ReadableStream<Uint8Array<ArrayBuffer>>,
  maxBodyBytes: number,
  response: Response,
): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = () =>
    new RangeError(`Response body over ${maxBodyBytes} bytes: HTTP ${response.status} ${response.url}`);
  // A declared length over the cap is refused before a byte is read.
  if (Number(response.headers.get('content-length')) > maxBodyBytes) {
    await body.cancel();
    throw tooLarge();
  }
  const reader = body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > maxBodyBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(chunk.value);
  }
  const [only] = chunks;
  if (only && chunks.length === 1) return only;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
