import { ApiError, type FetchResult, unwrap } from './errors.js';
import { invalid, own } from './invalid.js';

/** The pagination envelope: 0-indexed pages whose `content` holds the items. */
export interface Page<Item> {
  content: Item[];
  totalPages: number;
}

export interface PaginateOptions {
  /**
   * Stop after this many pages even when the service reports more. Without it, at most 1000 pages are read,
   * and a service reporting more than that is an error rather than a list cut short; `Infinity` lifts the limit.
   */
  maxPages?: number;
}

// A backstop against a service whose totalPages never runs out: 1000 pages is 50,000 leaderboard entries
// at the default page size, more than a dashboard or bot reads in one go.
const DEFAULT_MAX_PAGES = 1000;

/**
 * Every item of an envelope endpoint, page by page from page 0, until `totalPages` (as reported by the
 * latest page), an empty page or `maxPages` is reached. A page that fails throws instead of ending the
 * iteration early, because a short list must never pass for a complete one; an ApiError then names the
 * page. For the same reason, reaching the default page limit while the service reports more pages throws.
 *
 * ```ts
 * for await (const entry of paginate((page) => client.GET('/v1/leaderboard', { params: { query: { page } } }))) …
 * ```
 */
export async function* paginate<Item>(
  fetchPage: (page: number) => Promise<FetchResult<Page<Item>>>,
  options?: PaginateOptions,
): AsyncGenerator<Item, void, undefined> {
  const { maxPages } = own(options);
  const limit = maxPages ?? DEFAULT_MAX_PAGES;
  if (!(limit >= 1 && (limit === Infinity || Number.isInteger(limit))))
    invalid('maxPages must be a positive integer', maxPages);
  let page = 0;
  let totalPages = 1;
  for (; page < totalPages && page < limit; page++) {
    let data: Page<Item> | undefined;
    try {
      data = unwrap(await fetchPage(page));
    } catch (error) {
      if (error instanceof ApiError) error.message = `Page ${page}: ${error.message}`;
      throw error;
    }
    if (!Array.isArray(data?.content) || !Number.isInteger(data.totalPages))
      invalid(`Page ${page} is not a pagination envelope`, data);
    totalPages = data.totalPages;
    // An empty page ends the list whatever totalPages says: otherwise a service reporting endless empty
    // pages would be asked forever, and the caller, given no item, would get no chance to break.
    if (!data.content.length) return;
    yield* data.content;
  }
  if (page < totalPages && maxPages === undefined) {
    throw new RangeError(
      `Stopped after ${limit} pages (the default maxPages) while totalPages is ${totalPages}; pass maxPages to read further`,
    );
  }
}
