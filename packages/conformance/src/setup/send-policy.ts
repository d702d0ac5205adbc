// What a run may send, by operation: the one rule for the runner's own requests and for the flows' requests
// its proxy passes on. From the operationId's verb (the contract's grammar: list/get/query read, join
// writes, submit is the gasless trade submission).

/** Why an operation is not sent; undefined when it may be. */
export function skipReason(operationId: string, allowWrites: boolean): string | undefined {
  if (/^(list|get|query)[A-Z]/.test(operationId)) return undefined;
  if (/^submit[A-Z]/.test(operationId)) {
    return 'never sent: the gasless submission would submit a trade, and its request is not documented';
  }
  if (!allowWrites) return 'a write (it records data on the service): runs only with --allow-writes';
  return undefined;
}
