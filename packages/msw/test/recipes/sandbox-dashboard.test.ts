// A dashboard's test against the sandbox in process, with MSW: it moves the clock, opens and closes a trade
// and injects a fault, and checks what the dashboard reads through the typed client after each move.
import { createClient, unwrap } from '@trading-analytics/client';
import { createSandbox } from '@trading-analytics/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';

const sandbox = createSandbox({ seed: 1, baseUrl: 'https://api.example.com' });
const server = setupServer(...sandbox.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => sandbox.reset()); // the world back to its start: clock, trades and faults
afterAll(() => server.close());

// `fetch` is looked up on each request, so the client sees the fetch MSW puts in place when it listens.
const api = createClient({ baseUrl: 'https://api.example.com', retry: false, fetch: (request) => fetch(request) });

it('follows a trade from open to close, and shows the error state', async () => {
  const { cast } = sandbox.describe();
  const dee = cast.traders.find((trader) => trader.name === 'Dee')?.address ?? ''; // the empty account
  const btc = cast.markets.find((market) => market.pairName === 'BTC/USD')?.base ?? '';
  const positions = async () =>
    unwrap(await api.GET('/v1/user/{userAddress}/positions', { params: { path: { userAddress: dee } } })).content;

  // 100 USDC (6 decimals) at 10x, at BTC's price now.
  const opened = sandbox.openPosition({ trader: dee, pairBase: btc, isLong: true, leverage: 10, margin: '100000000' });
  expect(await positions()).toEqual([opened]);

  sandbox.advance('PT2H'); // two hours on: prices have moved, windows slid
  const closed = sandbox.closePosition(opened.positionHash);
  expect(await positions()).toEqual([closed]);
  expect(closed.closeInfo?.closePrice).not.toBe(opened.entryPrice);

  // The documented 503 of the unrealized PnL, as the dashboard's error state meets it.
  sandbox.setFaults({ errors: [{ operationId: 'getUnrealizedPnl', status: 503 }] });
  const pnl = await api.GET('/v1/portfolio/{user_address}/unrealized-pnl', {
    params: { path: { user_address: dee } },
  });
  expect(pnl.response.status).toBe(503);
  expect(pnl.response.headers.get('x-sandbox-fault')).toBe('status');
});
