// paginate: every item of an envelope endpoint, page by page, up to totalPages or the caller's cap.
import { describe, expect, it } from 'vitest';
import { ApiError, paginate, type FetchResult, type Page } from '../src/index.js';

/** A fake endpoint over `items`, `size` per page, recording which pages were asked for. */
function pages<Item>(items: Item[], size: number) {
  const asked: number[] = [];
  const totalPages = Math.ceil(items.length / size);
  const fetchPage = async (page: number): Promise<FetchResult<Page<Item>>> => {
    asked.push(page);
    return { data: { content: items.slice(page * size, page * size + size), totalPages }, response: new Response('{}') };
  };
  return { asked, fetchPage };
}

async function collect<Item>(iterable: AsyncIterable<Item>): Promise<Item[]> {
  const all: Item[] = [];
  for await (const item of iterable) all.push(item);
  return all;
}

describe('paginate', () => {
  it('yields every item of every page in order, starting at page 0', async () => {
    const { asked, fetchPage } = pages([1, 2, 3, 4, 5], 2);
    expect(await collect(paginate(fetchPage))).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([0, 1, 2]);
  });

  it('stops at totalPages without asking for an empty page beyond it', async () => {
    const { asked, fetchPage } = pages([1, 2, 3, 4], 2);
    await collect(paginate(fetchPage));
    expect(asked).toEqual([0, 1]);
  });

  it('asks once and yields nothing when there are no pages', async () => {
    const { asked, fetchPage } = pages([], 50);
    expect(await collect(paginate(fetchPage))).toEqual([]);
    expect(asked).toEqual([0]);
  });

  it('stops at maxPages', async () => {
    const { asked, fetchPage } = pages([1, 2, 3, 4, 5, 6], 2);
    expect(await collect(paginate(fetchPage, { maxPages: 2 }))).toEqual([1, 2, 3, 4]);
    expect(asked).toEqual([0, 1]);
  });

  it('fetches lazily: breaking out of the loop asks for no further page', async () => {
    const { asked, fetchPage } = pages([1, 2, 3, 4, 5, 6], 2);
    for await (const item of paginate(fetchPage)) if (item === 2) break;
    expect(asked).toEqual([0]);
  });

  it('follows totalPages as the latest page reports it', async () => {
    const totals = [5, 2];
    const fetchPage = async (page: number): Promise<FetchResult<Page<number>>> => ({
      data: { content: [page], totalPages: totals[page]! },
      response: new Response('{}'),
    });
    expect(await collect(paginate(fetchPage))).toEqual([0, 1]);
  });

  it('throws the ApiError of a failing page, naming the page, after yielding the earlier ones', async () => {
    const seen: number[] = [];
    const fetchPage = async (page: number): Promise<FetchResult<Page<number>>> =>
      page < 1
        ? { data: { content: [10, 11], totalPages: 3 }, response: new Response('{}') }
        : { error: undefined, response: new Response(null, { status: 503 }) };
    const run = async () => {
      for await (const item of paginate(fetchPage)) seen.push(item);
    };
    await expect(run()).rejects.toThrow(ApiError);
    await expect(run()).rejects.toMatchObject({ status: 503, message: 'Page 1: HTTP 503 ' });
    expect(seen).toContain(10);
  });

  it('refuses a page that is not a pagination envelope instead of ending quietly', async () => {
    const fetchPage = async (): Promise<FetchResult<Page<number>>> => ({ data: { content: [] } as unknown as Page<number>, response: new Response('{}') });
    await expect(collect(paginate(fetchPage))).rejects.toThrow('Page 0 is not a pagination envelope: {"content":[]}');
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses maxPages %s', async (maxPages) => {
    const { asked, fetchPage } = pages([1], 1);
    await expect(collect(paginate(fetchPage, { maxPages }))).rejects.toThrow(`maxPages must be a positive integer: ${maxPages}`);
    expect(asked).toEqual([]);
  });
});
