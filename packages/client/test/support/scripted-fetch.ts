// An injected fetch that answers from a script and records what it was sent, so retry behaviour is tested
// without a server and without replacing anything global.
export type Step = number | Error | 'hang' | { status: number; json: unknown };

interface Sent {
  method: string;
  url: string;
  body: string;
  headers: Headers;
}

export function scriptedFetch(script: Step[], fallback: Step = 200) {
  const sent: Sent[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    sent.push({ method: request.method, url: request.url, body: await request.text(), headers: request.headers });
    const step = script.shift() ?? fallback;
    if (step instanceof Error) throw step;
    if (step === 'hang') {
      return new Promise((_, reject) => {
        if (request.signal.aborted) reject(request.signal.reason);
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    }
    if (typeof step === 'number') {
      return step === 200
        ? Response.json({ ok: true })
        : new Response(null, { status: step, headers: { 'content-length': '0' } });
    }
    return Response.json(step.json, { status: step.status });
  };
  return { fetch, sent };
}
