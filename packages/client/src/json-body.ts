// The body of a success, read by every call of the client: the contract promises JSON on every success but
// those of WITHOUT_CONTENT, so an empty body there, or one that is not JSON (a proxy's HTML page), ends the
// call with an ApiError naming the status and the media type. openapi-fetch would hand `undefined` on as the
// data, or throw a bare SyntaxError.

import { aroundCalls } from './calls.js';
import { ApiError, type FetchResult } from './errors.js';

/**
 * The calls whose successes the contract gives no body: the join's 200 and 204, and the gasless submission,
 * whose answer is not documented. (test/success-body.test.ts holds this list to the contract.)
 */
export const WITHOUT_CONTENT = ['POST /v1/trading-competition/join', 'POST /v2/trading/submit-intent'];

/**
 * Has every call of an openapi-fetch client read its success body as text and parse it here, unless the
 * call asks for another `parseAs` (a stream, a blob), which it then reads itself.
 */
export function readJsonBodies(client: object): void {
  aroundCalls(client, async (call, args, at, method) => {
    const init = args[at] as { parseAs?: string } | undefined;
    if (init?.parseAs && init.parseAs !== 'json') return call(...args);
    args[at] = { ...init, parseAs: 'text' };
    const result = (await call(...args)) as FetchResult<string>;
    const { response, data } = result;
    if (!response.ok) return result;
    if (method === 'HEAD' || WITHOUT_CONTENT.includes(`${method} ${args[at - 1]}`)) return { response };
    try {
      // An empty body throws here too.
      return { response, data: JSON.parse(data as string) };
    } catch {
      const type = response.headers.get('content-type') ?? 'no Content-Type';
      throw new ApiError(
        response,
        data || undefined,
        data ? `a body that is not JSON (${type})` : `an empty body (${type}) where the contract promises JSON`,
      );
    }
  });
}
