/**
 * A response outside 2xx, or a success whose body is not what the contract promises (empty, or not JSON:
 * its message names the status and the media type). The service documents no error body, so callers branch
 * on `status`. `body` is what came back, as openapi-fetch reads it (parsed JSON, else text, undefined when
 * empty); for a read still 503 after its retries, and for a success body that is not JSON, it is the text.
 * `response` is the Response itself.
 */
export class ApiError extends Error {
  declare readonly status: number;
  declare readonly body: unknown;
  declare readonly response: Response;

  /** `detail` says what is wrong beside the status, for a success whose body is not what the contract promises. */
  constructor(response: Response, body?: unknown, detail?: string) {
    super(`HTTP ${response.status} ${response.url}${detail ? `: ${detail}` : ''}`);
    Object.assign(this, { name: 'ApiError', status: response.status, body, response });
  }
}

/** What an openapi-fetch call resolves to. */
export interface FetchResult<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

/** The payload type of a call's result; `undefined` for a response declared without content (the competition join). */
export type DataOf<Result> = [Result] extends [{ data?: infer Data }]
  ? [Exclude<Data, undefined>] extends [never]
    ? undefined
    : Exclude<Data, undefined>
  : never;

/**
 * The data of a successful call, or an ApiError for any other status. It looks at the status rather than
 * at `error`, because openapi-fetch leaves `error` undefined when a failure has an empty body (the 503 of
 * the unrealized PnL has one), and an undefined error must never read as success.
 */
export function unwrap<Result extends FetchResult<unknown>>(result: Result): DataOf<Result> {
  if (!result.response.ok) throw new ApiError(result.response, result.error);
  return result.data as DataOf<Result>;
}
