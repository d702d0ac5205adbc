// Which requests of the flows the runner's proxy passes on to the service: only the operations the flows'
// steps name (method and path template, matched by the core's router), and only those the run may send
// (send-policy.ts). Anything else Respect asks for (a redirect it followed, another path or method) is refused.
import { type ContractOperation, createRouter, decodePath } from '@trading-analytics/core';
import { skipReason } from '../setup/send-policy.js';

/** The operation a request of the flows is for, or why it is refused. */
type Admission = { operation: ContractOperation } | { refused: string };

export type Admit = (method: string, target: string) => Admission;

/** Admits requests for the operations named `named` that the run may send (`allowWrites` for the join). */
export function flowAdmission(
  operations: readonly ContractOperation[],
  named: ReadonlySet<string>,
  allowWrites: boolean,
): Admit {
  const route = createRouter(operations);
  return (method, target) => {
    // A path of the base URL; an absolute URL (a proxy request) or anything else is not one.
    if (!target.startsWith('/') || target.startsWith('//')) return { refused: 'not a path on the base URL' };
    const rawPath = target.split('?')[0] as string;
    // Fetch resolves dot segments (`..`, `%2e%2e`): the path sent must be the one routed here.
    if (new URL(rawPath, 'http://base.invalid').pathname !== rawPath) {
      return { refused: 'a path fetch would rewrite (dot segments or unencoded characters)' };
    }
    const { segments, violations } = decodePath(rawPath);
    if (violations.length > 0) return { refused: 'a path that does not decode' };
    const { operation } = route(method, segments);
    if (!operation) return { refused: 'no operation of the contract has this method and path' };
    if (!named.has(operation.operationId)) {
      return { refused: `${operation.operationId} is not an operation the flows name` };
    }
    const reason = skipReason(operation.operationId, allowWrites);
    return reason ? { refused: `${operation.operationId} is ${reason}` } : { operation };
  };
}
