// Every request the run sends to the service, in the order they start, with what came of each: the report
// lists them, so that what was never sent is shown rather than promised.

import type { RequestSource, SentRequest } from '../reports/report-types.js';
import type { RequestSpec, Sent } from './http-client.js';

export interface Traffic {
  /** The requests sent so far. */
  requests: SentRequest[];
  /** Sends a request with `send`, listing it as it starts and completing the entry when it ends. */
  send(spec: RequestSpec, from: RequestSource): Promise<Sent>;
}

export function recordTraffic(send: (spec: RequestSpec) => Promise<Sent>): Traffic {
  const requests: SentRequest[] = [];
  return {
    requests,
    async send(spec, from) {
      const entry: SentRequest = {
        method: spec.method.toUpperCase(),
        target: spec.target,
        from,
        outcome: 'network',
        status: null,
        ms: 0,
      };
      requests.push(entry);
      const sent = await send(spec);
      entry.outcome = sent.kind;
      entry.status = sent.kind === 'answer' || sent.kind === 'oversized' ? sent.status : null;
      entry.ms = sent.ms;
      return sent;
    },
  };
}
