// The guard: the first handler a request meets after CORS (front.js). It reads the URL, the `Prefer`
// preferences and the body within the mock's limits (limits.js), checks what Prism would crash on or
// silently accept, and either refuses the request (reply.js) or hands Prism what it read, on `exchange`.
import { bodyIntegerProblems, decodePath, decodeQuery, integerProblem, isIntegerSchema, isMediaType, malformedAccept, parsePreferences, scanJson } from './checks.js';
import { DISCARD_LINGER_MS, MAX_BODY_BYTES, MAX_JSON_DEPTH } from './limits.js';
import { refuse, sendProblem } from './reply.js';

/**
 * @param {() => { route(method: string, segments: string[]): { operation?: object, candidates: object[] } }} currentContract
 *   the contract served right now (read on every request, so a reloaded contract is used at once)
 */
export function createGuard(currentContract) {
  return async function guard(request, response, exchange) {
    const contract = currentContract();
    let url;
    try {
      url = new URL(request.url ?? '/', 'http://mock.invalid');
    } catch {
      refuse(response, undefined, [{ location: ['request', 'url'], message: 'The request target is not a URL path' }]);
      return true;
    }
    const { segments, violations: pathViolations } = decodePath(url.pathname);
    const { query, violations: queryViolations } = decodeQuery(url.search);
    const method = request.method ?? 'GET';
    const { operation, candidates } = contract.route(method, segments);
    Object.assign(exchange, { method, path: url.pathname, segments, query, operation, candidates, preferences: {}, body: null, bodyText: undefined });

    const read = await readBody(request, operation);
    if (read.unread) discardRest(request, response);
    const urlViolations = [...pathViolations, ...queryViolations];
    if (urlViolations.length > 0) return refused(response, operation, urlViolations);
    if (read.violations.length > 0) return refused(response, operation, read.violations);

    const accept = request.headers.accept === undefined ? [] : malformedAccept(request.headers.accept);
    if (accept.length > 0) return refused(response, operation, [{ location: ['request', 'header', 'accept'], message: `Accept holds ${accept.map((entry) => JSON.stringify(entry.slice(0, 60))).join(', ')}, which is not a media range (type/subtype, e.g. application/json)` }]);

    const { preferences, violations: preferViolations } = parsePreferences(request.headers.prefer, query);
    if (preferViolations.length > 0) return refused(response, operation, preferViolations);
    if (operation) {
      const missing = selectionMiss(operation, preferences);
      if (missing) {
        sendProblem(response, { status: 404, type: 'https://stoplight.io/prism/errors#NOT_FOUND', title: 'The server cannot find the requested content', detail: missing });
        return true;
      }
      const integerViolations = [...parameterIntegers(operation, segments, query), ...bodyIntegers(operation, read.numbers)];
      if (integerViolations.length > 0) return refused(response, operation, integerViolations);
    }
    Object.assign(exchange, { preferences, body: read.body, bodyText: read.text });
    return false;
  };
}

function refused(response, operation, violations) {
  refuse(response, operation, violations);
  return true;
}

const mediaTypeOf = (header) => String(header ?? '').split(';')[0].trim().toLowerCase();
const isJson = (mediaType) => mediaType === 'application/json' || /^application\/[^/]+\+json$/.test(mediaType);

/**
 * Reads the body, up to MAX_BODY_BYTES, and for a JSON media type checks its depth and syntax. A body sent
 * to an operation that declares none, or in a media type it does not declare, is refused before it is read.
 */
async function readBody(request, operation) {
  const { headers } = request;
  const hasBody = headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');
  if (!hasBody) return { body: null, text: undefined, numbers: [], violations: [] };
  const mediaType = mediaTypeOf(headers['content-type']);
  const declared = operation?.request?.body?.contents?.map((content) => content.mediaType.toLowerCase()) ?? [];
  if (operation && declared.length === 0) {
    return { unread: true, numbers: [], violations: [{ location: ['request', 'body'], message: `${operation.method.toUpperCase()} ${operation.path} takes no request body; send none` }] };
  }
  if (operation && (!declared.includes(mediaType) || !isMediaType(headers['content-type']))) {
    return { unread: true, numbers: [], violations: [{ location: ['request', 'header', 'content-type'], message: `Content-Type ${JSON.stringify(String(headers['content-type'] ?? '(none)'))} is not one this operation accepts: ${declared.join(', ')}` }] };
  }
  const tooLarge = { unread: true, numbers: [], violations: [{ location: ['request', 'body'], message: `The body is larger than ${MAX_BODY_BYTES} bytes, the mock's limit (MAX_BODY_BYTES)` }] };
  if (Number(headers['content-length']) > MAX_BODY_BYTES) return tooLarge;

  const received = await readUpTo(request, MAX_BODY_BYTES);
  if (received.tooLarge) return tooLarge;
  if (received.failed) return { unread: true, numbers: [], violations: [{ location: ['request', 'body'], message: 'The body could not be read to its end' }] };
  const text = received.bytes.toString('utf8');
  if (text === '') return { body: null, text, numbers: [], violations: [] };
  // Without an operation Prism answers 404 or 405 whatever the body holds.
  if (!operation || !isJson(mediaType)) return { body: text, text, numbers: [], violations: [] };

  const { depthExceeded, numbers } = scanJson(text);
  if (depthExceeded) return { numbers: [], violations: [{ location: ['request', 'body'], message: `Invalid JSON body: nested deeper than ${MAX_JSON_DEPTH} levels, the mock's limit (MAX_JSON_DEPTH)` }] };
  try {
    return { body: JSON.parse(text), text, numbers, violations: [] };
  } catch (error) {
    return { numbers: [], violations: [{ location: ['request', 'body'], message: `Invalid JSON body: ${error.message}` }] };
  }
}

/**
 * The body's bytes, or tooLarge as soon as they pass `limit`; what arrives after that is not kept. (No
 * `for await`: leaving it early destroys the request, and with it the socket the refusal must go out on.)
 */
function readUpTo(request, limit) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    const settle = (outcome) => {
      request.off('data', onData).off('end', onEnd).off('error', onError);
      resolve(outcome);
    };
    const onData = (chunk) => {
      size += chunk.length;
      if (size > limit) settle({ tooLarge: true });
      else chunks.push(chunk);
    };
    const onEnd = () => settle({ bytes: Buffer.concat(chunks) });
    const onError = () => settle({ failed: true });
    request.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/**
 * A refused body is read on and thrown away, so the client, still sending, gets to read the refusal
 * instead of a reset connection; a body still arriving DISCARD_LINGER_MS after the answer closes it.
 */
function discardRest(request, response) {
  request.resume();
  response.once('finish', () => {
    if (request.complete) return;
    const timer = setTimeout(() => request.socket?.destroy(), DISCARD_LINGER_MS);
    timer.unref();
    request.once('end', () => clearTimeout(timer));
  });
}

/** Statuses a `Prefer: code=` may select: the declared ones, or the mock's 200 when none is declared. */
function selectableCodes(operation) {
  const codes = operation.responses.map((response) => response.code).filter((code) => /^[1-5][0-9][0-9]$/.test(code));
  return codes.length > 0 ? codes : ['200'];
}

/** Why the preferences select nothing the operation documents, or undefined when they select something. */
function selectionMiss(operation, { code, exampleKey }) {
  const codes = selectableCodes(operation);
  const name = operation.iid ?? `${operation.method.toUpperCase()} ${operation.path}`;
  if (code !== undefined && !codes.includes(String(code))) return `${name} documents no status ${code}; it documents ${codes.join(', ')}.`;
  if (exampleKey === undefined) return undefined;
  const status = code !== undefined ? String(code) : codes.filter((candidate) => candidate.startsWith('2')).sort()[0] ?? codes[0];
  const response = operation.responses.find((candidate) => candidate.code === status);
  const keys = [...new Set((response?.contents ?? []).flatMap((content) => (content.examples ?? []).map((example) => example.key)))];
  if (keys.includes(exampleKey)) return undefined;
  return keys.length > 0
    ? `${name} has no example ${JSON.stringify(exampleKey)} for status ${status}; its examples are ${keys.join(', ')}.`
    : `${name} documents no examples for status ${status}, so example ${JSON.stringify(exampleKey)} cannot be selected.`;
}

/** Path and query parameters the contract declares as integers, checked as the client wrote them. */
function parameterIntegers(operation, segments, query) {
  const violations = [];
  const template = operation.path.split('/');
  for (const parameter of operation.request?.path ?? []) {
    if (!isIntegerSchema(parameter.schema)) continue;
    const index = template.indexOf(`{${parameter.name}}`);
    if (index < 0 || segments[index] === undefined) continue;
    const problem = integerProblem(segments[index], parameter.schema);
    if (problem) violations.push({ location: ['request', 'path', parameter.name], message: `${parameter.name} ${problem}` });
  }
  for (const parameter of operation.request?.query ?? []) {
    const schema = parameter.schema ?? {};
    const itemSchema = isIntegerSchema(schema) ? schema : schema.type === 'array' && isIntegerSchema(schema.items) ? schema.items : undefined;
    if (!itemSchema || query[parameter.name] === undefined) continue;
    for (const value of [].concat(query[parameter.name])) {
      const problem = integerProblem(value, itemSchema);
      if (problem) violations.push({ location: ['request', 'query', parameter.name], message: `${parameter.name} ${problem}` });
    }
  }
  return violations;
}

/** Numbers of a JSON body, checked against the operation's request body schema. */
function bodyIntegers(operation, numbers) {
  const schema = operation.request?.body?.contents?.find((content) => isJson(content.mediaType.toLowerCase()))?.schema;
  return bodyIntegerProblems(schema, numbers);
}
