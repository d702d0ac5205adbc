// Input the sandbox cannot use, said the way its answers say it: a status, a problem kind and title, a detail,
// and for the control surface the field at fault. The control (`/__sandbox/...`) answers it as problem+json;
// the sandbox's methods (`advance`, `openPosition`, ...) throw it.

export class SandboxInputError extends Error {
  override readonly name = 'SandboxInputError';

  constructor(
    /** The HTTP status the control answers with: 400 for malformed input, 404 for what does not exist, 409 for a state that forbids it. */
    readonly status: number,
    /** The problem's kind: its `type` is `urn:trading-analytics-sandbox:<kind>`. */
    readonly kind: string,
    readonly title: string,
    detail: string,
    /** The field at fault: a body field by its path (`errors[1].status`), a header or a path parameter by its name. */
    readonly field?: string,
  ) {
    super(detail);
  }
}

/** A field that cannot be used as given: 400 `invalid-control`, naming it. */
export const badField = (field: string, detail: string): SandboxInputError =>
  new SandboxInputError(400, 'invalid-control', 'Invalid control request', detail, field);
