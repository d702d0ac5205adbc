// Every request of a run goes through one limiter (a request-rate cap and a concurrency cap) and one send
// function (per-request timeout, the --header values, no retries: a retry could hide a failure).

/** What one request came to: an HTTP answer, no answer within the timeout, or a network failure. */
export type Sent =
  | { kind: 'answer'; status: number; headers: Headers; text: string; ms: number }
  | { kind: 'timeout'; ms: number }
  | { kind: 'network'; error: string; ms: number };

/** A request of the run: the method, the path and query appended to the base URL, and what it carries. */
export interface RequestSpec {
  method: string;
  target: string;
  /** A JSON value, sent as `application/json`. */
  body?: unknown;
  /** A body as text, sent as it is (the workflows' proxy forwards what Respect sent). */
  rawBody?: string | undefined;
  headers?: Record<string, string>;
}

export type Limit = <T>(task: () => Promise<T>) => Promise<T>;

/** Starts at most `rps` requests per second and keeps at most `concurrency` in flight. */
export function createLimiter({ rps, concurrency }: { rps: number; concurrency: number }): Limit {
  const spacingMs = 1000 / rps;
  let nextStart = 0;
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    active--;
    waiting.shift()?.();
  };
  return async function limit<T>(task: () => Promise<T>): Promise<T> {
    if (active >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
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

/** Sends one request; never rejects. */
export async function send({
  baseUrl,
  target,
  method,
  body,
  rawBody,
  headers,
  timeoutMs,
}: RequestSpec & { baseUrl: string; timeoutMs: number }): Promise<Sent> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const requestHeaders: Record<string, string> = { accept: 'application/json', ...headers };
  const init: RequestInit = {
    method: method.toUpperCase(),
    headers: requestHeaders,
    signal: AbortSignal.timeout(timeoutMs),
    redirect: 'manual',
  };
  if (body !== undefined || rawBody !== undefined) {
    init.body = rawBody ?? JSON.stringify(body);
    requestHeaders['content-type'] = 'application/json';
  }
  try {
    const response = await fetch(`${baseUrl}${target}`, init);
    const text = await response.text();
    return { kind: 'answer', status: response.status, headers: response.headers, text, ms: ms() };
  } catch (error) {
    const name = (error as { name?: unknown } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'timeout', ms: ms() };
    return { kind: 'network', error: describeNetworkError(error), ms: ms() };
  }
}

/** The cause of a failed fetch in a few words: its code (`ECONNREFUSED`) and message when they differ. */
function describeNetworkError(error: unknown): string {
  const { cause, message } = (error ?? {}) as { cause?: { code?: string; message?: string }; message?: string };
  if (cause?.code)
    return `${cause.code}${cause.message && !cause.message.includes(cause.code) ? ` ${cause.message}` : ''}`;
  return cause?.message ?? message ?? String(error);
}
