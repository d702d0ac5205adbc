// What the client does around every call of openapi-fetch (`client.GET(…)`, `client.request(…)`): the time
// limit (time-limit.ts) and the reading of a success body (json-body.ts).

// The openapi-fetch methods that make a call; `request(method, url, init)` takes its init one place later.
const CALLS = ['request', 'GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'];

type Call = (...args: unknown[]) => Promise<unknown>;

/**
 * Puts `around` around every call of an openapi-fetch client: it gets the call, its arguments, where the
 * init is among them, and the call's method.
 */
export function aroundCalls(
  client: object,
  around: (call: Call, args: unknown[], at: number, method: string) => Promise<unknown>,
): void {
  const calls = client as Record<string, Call>;
  for (const name of CALLS) {
    const call = calls[name];
    if (call)
      calls[name] = (...args) =>
        around(call, args, name === 'request' ? 2 : 1, String(name === 'request' ? args[0] : name).toUpperCase());
  }
}
