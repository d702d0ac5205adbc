// The TanStack Query recipe of the README (test/recipes/react-query.ts) against the handlers: a query, a
// paginated list, and the 503 of the unrealized PnL as an error state, retried, while a 4xx is not.
// QueryObserver is what useQuery runs on; one component is rendered on the server to show the hook side.

import {
  QueryClient,
  QueryClientProvider,
  QueryObserver,
  type QueryObserverResult,
  useQuery,
} from '@tanstack/react-query';
import { ApiError } from '@trading-analytics/client';
import { setupServer } from 'msw/node';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { present } from '../../../test/support/present';
import { traders } from '../../mock/test/support/cast';
import { handlers, operations, scenario } from '../src/index.js';
import {
  api,
  failureReason,
  isUnavailable,
  leaderboardPage,
  queryClient as recipeClient,
  unrealizedPnl,
} from './recipes/react-query';

const server = setupServer(...handlers);
const requested: string[] = [];
server.events.on('request:start', ({ request }) => void requested.push(request.url));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requested.length = 0;
});
afterAll(() => server.close());

const { ava } = traders;

/** The recipe's client, with its retry rule, but without the waits between attempts. */
function freshClient() {
  return new QueryClient({
    defaultOptions: { queries: { ...recipeClient.getDefaultOptions().queries, retryDelay: 0 } },
  });
}

/** Resolves with the first result of a query that `done` accepts, as a component would see it. */
function settle<Result extends QueryObserverResult<unknown, unknown>>(
  observer: { subscribe(listener: (result: Result) => void): () => void },
  done: (result: Result) => boolean,
) {
  return new Promise<Result>((resolve) => {
    const unsubscribe = observer.subscribe((result) => {
      if (!done(result)) return;
      unsubscribe();
      resolve(result);
    });
  });
}

describe('the TanStack Query recipe against the handlers', () => {
  it('a query gets the default example, typed by the contract', async () => {
    const pnl = await freshClient().fetchQuery(unrealizedPnl(ava));
    expectTypeOf(pnl.unrealizedPnlUsd).toEqualTypeOf<string>();
    expect(pnl).toEqual(present(operations.getUnrealizedPnl.scenarios.withPositions, 'withPositions').body);
  });

  it('a paginated list keeps the previous page on screen while the next one loads', async () => {
    const client = freshClient();
    const observer = new QueryObserver(client, leaderboardPage(0));
    const first = await settle(observer, (result) => result.isSuccess);
    expect(first.data?.content.length).toBeGreaterThan(0);
    observer.setOptions(leaderboardPage(1));
    const loading = observer.getCurrentResult();
    expect(loading.isPlaceholderData).toBe(true);
    expect(loading.data).toBe(first.data);
    const second = await settle(observer, (result) => result.isSuccess && !result.isPlaceholderData);
    expect(second.data).toEqual(present(operations.listLeaderboard.scenarios.firstPage, 'firstPage').body);
    expect(requested.map((url) => new URL(url).searchParams.get('page'))).toEqual(['0', '1']);
  });

  it('the 503 of the unrealized PnL is an error state holding an ApiError, after three retries', async () => {
    server.use(scenario('getUnrealizedPnl', '503'));
    const observer = new QueryObserver(freshClient(), unrealizedPnl(ava));
    const failed = await settle(observer, (result) => result.isError);
    expect(failed.data).toBeUndefined();
    // openapi-react-query types `error` from the contract's error bodies, which are not documented, so
    // the recipe narrows it with `instanceof ApiError`.
    const error: unknown = failed.error;
    expect(error).toBeInstanceOf(ApiError);
    expect(isUnavailable(error)).toBe(true);
    expect(requested).toHaveLength(4);
  });

  it('a refused request (400) fails at once, without retries', async () => {
    const observer = new QueryObserver(freshClient(), unrealizedPnl('0x12345'));
    const failed = await settle(observer, (result) => result.isError);
    const error: unknown = failed.error;
    expect(error instanceof ApiError && error.status).toBe(400);
    expect(isUnavailable(error)).toBe(false);
    expect(requested).toHaveLength(1);
    // Unrealized PnL documents its 400 without a body: the reason falls back to the status.
    expect(failureReason(error)).toBe('HTTP 400');
  });

  it('a refused request keeps its problem body, so its detail reaches the UI code', async () => {
    // A page size the contract refuses: the handlers answer 400 with a problem body saying why.
    const badPage = api.queryOptions('get', '/v1/leaderboard', {
      params: { query: { size: 'ten' as unknown as number } },
    });
    const direct = await fetch('https://api.example.com/v1/leaderboard?size=ten');
    const problem = await direct.json();
    expect(problem).toMatchObject({ status: 400, detail: expect.stringContaining('size') });
    requested.length = 0;

    const client = freshClient();
    const failed = await settle(new QueryObserver(client, badPage), (result) => result.isError);
    const error: unknown = failed.error;
    expect(error instanceof ApiError && error.body).toEqual(problem);
    expect(failureReason(error)).toBe(problem.detail);
    expect(requested).toHaveLength(1);

    // The component of the recipe's comment shows it.
    function Leaderboard() {
      const page = useQuery({ ...badPage, retryOnMount: false });
      return createElement('output', null, page.isError ? `Failed: ${failureReason(page.error)}` : page.status);
    }
    const html = renderToString(createElement(QueryClientProvider, { client }, createElement(Leaderboard)));
    expect(html).toBe(`<output>Failed: ${problem.detail.replace(/"/g, '&quot;')}</output>`);
  });

  it('a component reads the query with useQuery', async () => {
    const client = freshClient();
    await client.prefetchQuery(unrealizedPnl(ava));
    function UnrealizedPnl({ address }: { address: string }) {
      const pnl = useQuery(unrealizedPnl(address));
      return createElement('output', null, pnl.isSuccess ? `${pnl.data.unrealizedPnlUsd} USD` : pnl.status);
    }
    const html = renderToString(
      createElement(QueryClientProvider, { client }, createElement(UnrealizedPnl, { address: ava })),
    );
    expect(html).toBe('<output>865.25 USD</output>');
  });
});
