// Every request of a run goes through one limiter (a request-rate cap and a concurrency cap) and one send
// function (per-request timeout, the --header values, no retries: a retry could hide a failure).

/** Starts at most `rps` requests per second and keeps at most `concurrency` in flight. */
export function createLimiter({ rps, concurrency }) {
  const spacingMs = 1000 / rps;
  let nextStart = 0;
  let active = 0;
  const waiting = [];
  const release = () => {
    active--;
    waiting.shift()?.();
  };
  return async function limit(task) {
    if (active >= concurrency) await new Promise((resolve) => waiting.push(resolve));
    active++;
    try {
      const now = performance.now();
      const startAt = Math.max(now, nextStart);
      nextStart = startAt + spacingMs;
      if (startAt > now) await new Promise((resolve) => setTimeout(resolve, startAt - now));
      return await task();
    } finally {
      release();
    }
  };
}

/**
 * Sends one request; resolves with `{status, headers, text, ms}`, `{timedOut: true, ms}` or `{error, ms}`
 * (a network failure), never rejects.
 */
export async function send({ baseUrl, target, method, body, rawBody, headers, timeoutMs }) {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const init = { method: method.toUpperCase(), headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' };
  if (body !== undefined || rawBody !== undefined) {
    init.body = rawBody ?? JSON.stringify(body);
    init.headers['content-type'] = 'application/json';
  }
  try {
    const response = await fetch(`${baseUrl}${target}`, init);
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, ms: ms() };
  } catch (error) {
    if (error?.name === 'TimeoutError' || error?.name === 'AbortError') return { timedOut: true, ms: ms() };
    return { error: describeNetworkError(error), ms: ms() };
  }
}

export function describeNetworkError(error) {
  const cause = error?.cause;
  return cause?.code ? `${cause.code}${cause.message && !cause.message.includes(cause.code) ? ` ${cause.message}` : ''}` : (cause?.message ?? error?.message ?? String(error));
}
