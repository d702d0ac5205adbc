// The time limit of a call. It is a timer the call holds and clears, not `AbortSignal.timeout()`: Node 20
// keeps a timeout signal only weakly, `AbortSignal.any()` too, so once the garbage collector runs such a
// limit may never fire.

import { aroundCalls } from './calls.js';

/**
 * Gives every call of an openapi-fetch client at most `timeoutMs` (1 to 2^31-1, the range of a timer),
 * retries, backoff waits and the reading of the body included. The call's signal is replaced by one that
 * aborts with a `TimeoutError` when the time is up, or with the caller's reason when the caller's own
 * signal aborts first.
 */
export function limitTime(client: object, timeoutMs: number): void {
  aroundCalls(client, (call, args, at) => {
    const init = args[at] as RequestInit | undefined;
    const caller = init?.signal;
    const controller = new AbortController();
    const follow = () => controller.abort(caller?.reason);
    const timer = setTimeout(
      () => controller.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError')),
      timeoutMs,
    );
    caller?.aborted ? follow() : caller?.addEventListener('abort', follow);
    args[at] = { ...init, signal: controller.signal };
    return call(...args).finally(() => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', follow);
    });
  });
}
