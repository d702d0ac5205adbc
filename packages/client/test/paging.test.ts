// paginate: every item of an envelope endpoint, page by page, up to totalPages, an empty page, or the page
// limit (the caller's, else a default that throws rather than cut a list short).
import { afterEach, describe, expect, it } from 'vitest';
import { type HostileServer, startHostileServer } from '../../../test/support/hostile-server.js';
import { ApiError, createClient, type FetchResult, type Page, paginate } from '../src/index.js';

/** A fake endpoint over `items`, `size` per page, recording which pages were asked for. */
function pages<Item>(items: Item[], size: number) {
  const asked: number[] = [];
  const totalPages = Math.ceil(items.length / size);
  const fetchPage = async (page: number): Promise<FetchResult<Page<Item>>> => {
    asked.push(page);
    return {
      data: { content: items.slice(page * size, page * size + size), totalPages },
      response: new Response('{}'),
    };
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
    const fetchPage = async (): Promise<FetchResult<Page<number>>> => ({
      data: { content: [] } as unknown as Page<number>,
      response: new Response('{}'),
    });
    await expect(collect(paginate(fetchPage))).rejects.toThrow('Page 0 is not a pagination envelope: {"content":[]}');
  });

  it('stops at an empty page, whatever totalPages says', async () => {
    const asked: number[] = [];
    const fetchPage = async (page: number): Promise<FetchResult<Page<number>>> => {
      asked.push(page);
      return { data: { content: page < 2 ? [page] : [], totalPages: 2 ** 31 - 1 }, response: new Response('{}') };
    };
    expect(await collect(paginate(fetchPage))).toEqual([0, 1]);
    expect(asked).toEqual([0, 1, 2]);
  });

  it('reads at most 1000 pages by default, and throws rather than pass them off as the whole list', async () => {
    let asked = 0;
    const endless = async (page: number): Promise<FetchResult<Page<number>>> => {
      asked++;
      return { data: { content: [page], totalPages: 1e9 }, response: new Response('{}') };
    };
    const items: number[] = [];
    const run = async () => {
      for await (const item of paginate(endless)) items.push(item);
    };
    await expect(run()).rejects.toThrow(
      new RangeError(
        'Stopped after 1000 pages (the default maxPages) while totalPages is 1000000000; pass maxPages to read further',
      ),
    );
    expect(asked).toBe(1000);
    expect(items).toHaveLength(1000);
  });

  it('ends quietly at the default limit when the list ends there', async () => {
    const { asked, fetchPage } = pages(
      Array.from({ length: 1000 }, (_, index) => index),
      1,
    );
    expect(await collect(paginate(fetchPage))).toHaveLength(1000);
    expect(asked).toHaveLength(1000);
  });

  it('reads past 1000 pages when the caller says so, with a number or Infinity', async () => {
    for (const maxPages of [1200, Infinity]) {
      const { asked, fetchPage } = pages(
        Array.from({ length: 1200 }, (_, index) => index),
        1,
      );
      expect(await collect(paginate(fetchPage, { maxPages }))).toHaveLength(1200);
      expect(asked).toHaveLength(1200);
    }
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses maxPages %s', async (maxPages) => {
    const { asked, fetchPage } = pages([1], 1);
    await expect(collect(paginate(fetchPage, { maxPages }))).rejects.toThrow(
      `maxPages must be a positive integer: ${maxPages}`,
    );
    expect(asked).toEqual([]);
  });
});

describe('paginate against a hostile service', () => {
  let server: HostileServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const leaderboard = (baseUrl: string) => {
    const client = createClient({ baseUrl, retry: false });
    return paginate((page) => client.GET('/v1/leaderboard', { params: { query: { page } } }));
  };

  it('asks once when the service answers empty pages with a huge totalPages', async () => {
    const emptyPage = JSON.stringify({
      content: [],
      pageNumber: 0,
      pageSize: 50,
      totalPages: 2 ** 31 - 1,
      totalElements: 2 ** 53 - 1,
    });
    server = await startHostileServer(
      (response) => void response.writeHead(200, { 'content-type': 'application/json' }).end(emptyPage),
    );
    expect(await collect(leaderboard(server.url))).toEqual([]);
    expect(server.received.map((request) => request.url)).toEqual(['/v1/leaderboard?page=0']);
  });

  it('lets the caller break out of pages that never run out, asking for no page after that', async () => {
    server = await startHostileServer((response, request) => {
      const page = Number(new URL(request.url, 'http://x').searchParams.get('page'));
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ content: [{ rank: page + 1 }], totalPages: 2 ** 31 - 1 }));
    });
    const ranks: number[] = [];
    for await (const entry of leaderboard(server.url)) if (ranks.push(entry.rank) === 3) break;
    expect(ranks).toEqual([1, 2, 3]);
    expect(server.received).toHaveLength(3);
  });
});
