// Every request of a run goes through one limiter (a request-rate cap and a concurrency cap) and one send
// function (per-request timeout, a cap on the body read, the --header values, no redirect followed, no
// retries: a retry could hide a failure).
import { MAX_TIMER_MS } from '../setup/runner-caps.js';

/** What one request came to: an HTTP answer, one whose body is over the cap, no answer in time, a network failure. */
export type Sent =
  | { kind: 'answer'; status: number; headers: Headers; text: string; ms: number }
  | { kind: 'oversized'; status: number; headers: Headers; maxBodyBytes: number; ms: number }
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
      // The slot is claimed when the request really starts, not when it is scheduled: a timer that fires late
      // (a busy machine) must not let the next request start less than a spacing after it. Requests waiting at
      // once wake together; the first claims the slot and the others wait for the next one. A wait past what
      // one timer holds is taken in several.
      for (let now = performance.now(); now < nextStart; now = performance.now()) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(nextStart - now, MAX_TIMER_MS)));
      }
      nextStart = performance.now() + spacingMs;
      return await task();
    } finally {
      release();
    }
  };
}

/** How one request is sent: the base URL it goes to, its time limit and the most of an answer it reads. */
export interface SendLimits {
  baseUrl: string;
  timeoutMs: number;
  maxBodyBytes: number;
}

/**
 * Sends one request to the base URL and reads its answer; never rejects. The time limit is a timer of its
 * own, cleared when the request ends, and covers reading the body (Node 20 holds `AbortSignal.timeout()`
 * only weakly: after a garbage collection it may never fire). A redirect is the answer, never followed.
 */
export async function send({
  baseUrl,
  target,
  method,
  body,
  rawBody,
  headers,
  timeoutMs,
  maxBodyBytes,
}: RequestSpec & SendLimits): Promise<Sent> {
  // Appended to the base URL, only a path keeps the request on its origin (`@host` would not).
  if (!target.startsWith('/')) throw new Error(`Not a path of the base URL: ${target.slice(0, 60)}`);
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const requestHeaders: Record<string, string> = { accept: 'application/json', ...headers };
  const init: RequestInit = {
    method: method.toUpperCase(),
    headers: requestHeaders,
    signal: controller.signal,
    redirect: 'manual',
  };
  if (body !== undefined || rawBody !== undefined) {
    init.body = rawBody ?? JSON.stringify(body);
    requestHeaders['content-type'] = 'application/json';
  }
  try {
    const response = await fetch(`${baseUrl}${target}`, init);
    const { status, headers: answerHeaders } = response;
    const text = await readBody(response, maxBodyBytes);
    if (text === undefined) return { kind: 'oversized', status, headers: answerHeaders, maxBodyBytes, ms: ms() };
    return { kind: 'answer', status, headers: answerHeaders, text, ms: ms() };
  } catch (error) {
    if (controller.signal.aborted) return { kind: 'timeout', ms: ms() };
    return { kind: 'network', error: describeNetworkError(error), ms: ms() };
  } finally {
    clearTimeout(timer);
  }
}

const decoder = new TextDecoder();

/**
 * The body as text, read as a stream and counted after fetch has undone any Content-Encoding (so a gzip
 * bomb counts at its decoded size); undefined, with the rest left unread, once it is over `maxBodyBytes`
 * or its Content-Length says it will be.
 */
async function readBody(response: Response, maxBodyBytes: number): Promise<string | undefined> {
  if (!response.body) return '';
  if (Number(response.headers.get('content-length')) > maxBodyBytes) {
    await response.body.cancel();
    return undefined;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > maxBodyBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(chunk.value);
  }
  return decoder.decode(Buffer.concat(chunks, size));
}

/** The cause of a failed fetch in a few words: its code (`ECONNREFUSED`) and message when they differ. */
function describeNetworkError(error: unknown): string {
  const { cause, message } = (error ?? {}) as { cause?: { code?: string; message?: string }; message?: string };
  if (cause?.code)
    return `${cause.code}${cause.message && !cause.message.includes(cause.code) ? ` ${cause.message}` : ''}`;
  return cause?.message ?? message ?? String(error);
}

/** The JSON value of a text (an answer's body, say), or undefined when it is none. */
export function jsonOf(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
