// A dashboard's test against the mock's sandbox, over HTTP: it moves the clock, opens and closes a trade and
// injects a fault, and checks what the dashboard reads through the typed client after each move.
import { createClient, unwrap } from '@trading-analytics/client';
import { createSandboxControl } from '@trading-analytics/client/sandbox';
import { type MockServer, startMock } from '@trading-analytics/mock';
import { afterAll, beforeAll, expect, it } from 'vitest';

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ port: 0, sandbox: true }); // npx trading-analytics-mock --sandbox
});
afterAll(() => mock.close());

it('follows a trade from open to close, and shows the error state', async () => {
  // A world of this test's own: tests sharing one mock never see each other's clock, trades or faults.
  const sandbox = createSandboxControl({ baseUrl: mock.url, world: 'dashboard-trade' });
  const api = createClient({ baseUrl: mock.url, headers: sandbox.headers, retry: false });
  const { cast } = await sandbox.describe();
  const dee = cast.traders.find((trader) => trader.name === 'Dee')?.address ?? ''; // the empty account
  const btc = cast.markets.find((market) => market.pairName === 'BTC/USD')?.base ?? '';
  const positions = async () =>
    unwrap(await api.GET('/v1/user/{userAddress}/positions', { params: { path: { userAddress: dee } } })).content;

  // 100 USDC (6 decimals) at 10x, at BTC's price now.
  const opened = await sandbox.openPosition({
    trader: dee,
    pairBase: btc,
    isLong: true,
    leverage: 10,
    margin: '100000000',
  });
  expect(await positions()).toEqual([opened]);

  await sandbox.advance('PT2H'); // two hours on: prices have moved, windows slid
  const closed = await sandbox.closePosition(opened.positionHash);
  expect(await positions()).toEqual([closed]);
  expect(closed.closeInfo?.closePrice).not.toBe(opened.entryPrice);

  // The documented 503 of the unrealized PnL, as the dashboard's error state meets it.
  await sandbox.setFaults({ errors: [{ operationId: 'getUnrealizedPnl', status: 503 }] });
  const pnl = await api.GET('/v1/portfolio/{user_address}/unrealized-pnl', {
    params: { path: { user_address: dee } },
  });
  expect(pnl.response.status).toBe(503);
  expect(pnl.response.headers.get('x-sandbox-fault')).toBe('status');

  await sandbox.reset(); // the world back to its start: clock, trades and faults
});
