import { ApiError, unwrap, type FetchResult } from './errors.js';
import { invalid } from './invalid.js';

/** The pagination envelope: 0-indexed pages whose `content` holds the items. */
export interface Page<Item> {
  content: Item[];
  totalPages: number;
}

export interface PaginateOptions {
  /** Stop after this many pages even when the service reports more. */
  maxPages?: number;
}

/**
 * Every item of an envelope endpoint, page by page from page 0, until `totalPages` (as reported by the
 * latest page) or `maxPages` is reached. A page that fails throws instead of ending the iteration early,
 * because a short list must never pass for a complete one; an ApiError then names the page.
 *
 * ```ts
 * for await (const entry of paginate((page) => client.GET('/v1/leaderboard', { params: { query: { page } } }))) …
 * ```
 */
export async function* paginate<Item>(
  fetchPage: (page: number) => Promise<FetchResult<Page<Item>>>,
  { maxPages = Infinity }: PaginateOptions = {},
): AsyncGenerator<Item, void, undefined> {
  if (!(maxPages >= 1 && (maxPages == Infinity || Number.isInteger(maxPages)))) invalid('maxPages must be a positive integer', maxPages);
  for (let page = 0, totalPages = 1; page < totalPages && page < maxPages; page++) {
    let data: Page<Item> | undefined;
    try {
      data = unwrap(await fetchPage(page));
    } catch (error) {
      if (error instanceof ApiError) error.message = `Page ${page}: ${error.message}`;
      throw error;
    }
    if (!Array.isArray(data?.content) || !Number.isInteger(data.totalPages)) invalid(`Page ${page} is not a pagination envelope`, data);
    totalPages = data.totalPages;
    yield* data.content;
  }
}
