import { keepPreviousData, QueryClient } from '@tanstack/react-query';
import { ApiError, createClient } from '@trading-analytics/client';
import createQueryHooks from 'openapi-react-query';

// One retry layer: TanStack Query's. The client's own retries of reads are turned off, and every response
// outside 2xx becomes an ApiError, so a failure with an empty body (the 503 of the unrealized PnL) is a
// query error, never a success holding `null`. The ApiError keeps the body, read from a copy as
// openapi-fetch reads one (JSON, else text, undefined when empty): the mock and the handlers say why they
// refused a request in it. `fetch` is looked up on each request, so MSW, which replaces the global fetch
// when a test starts it, also sees a client created before.
export function createApi(baseUrl: string) {
  const client = createClient({ baseUrl, retry: false, fetch: (request) => globalThis.fetch(request) });
  client.use({
    async onResponse({ response }) {
      if (response.ok) return;
      const text = await response.clone().text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = text || undefined;
      }
      throw new ApiError(response, body);
    },
  });
  return createQueryHooks(client);
}

export const api = createApi('https://api.example.com');

// The service answers 503 when no complete valuation is available (an RPC failure or timeout, missing token
// information, a missing, non-positive, stale or unsafe quote); openapi-react-query types `error` from the
// contract's error bodies, which are not documented, so narrow it with this.
export const isUnavailable = (error: unknown): boolean => error instanceof ApiError && error.status === 503;

// Why a request failed, to show: the mock and the handlers refuse a bad request with an RFC 9457 problem
// body whose `detail` names the reason; the service documents no error body, so else the status.
export const failureReason = (error: unknown): string => {
  if (!(error instanceof ApiError)) return String(error);
  const detail = (error.body as { detail?: unknown } | null | undefined)?.detail;
  return typeof detail === 'string' ? detail : `HTTP ${error.status}`;
};

export const queryClient = new QueryClient({
  // A 503 is worth a retry, a 4xx is not.
  defaultOptions: { queries: { retry: (failures, error) => isUnavailable(error) && failures < 3 } },
});

// A query: one trader's unrealized PnL (a 503 while no complete valuation is available).
export const unrealizedPnl = (userAddress: string) =>
  api.queryOptions('get', '/v1/portfolio/{user_address}/unrealized-pnl', {
    params: { path: { user_address: userAddress } },
  });

// A paginated list: one page of the leaderboard at a time, the previous page shown while the next loads.
export const leaderboardPage = (page: number) =>
  api.queryOptions(
    'get',
    '/v1/leaderboard',
    { params: { query: { timeframe: 'ALL', page, size: 50 } } },
    { placeholderData: keepPreviousData },
  );

// In a component:
//   const pnl = useQuery(unrealizedPnl(address));
//   if (pnl.isError) return isUnavailable(pnl.error) ? <TryAgainLater /> : <Failed reason={failureReason(pnl.error)} />;
//   const { data, isPlaceholderData } = useQuery(leaderboardPage(page));
