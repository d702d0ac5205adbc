// What the browser test's pages share: writing a result into the page, running the steps with #state saying
// done or why they failed, and the 503 scenario of the unrealized PnL put before the page's handlers.
import { ApiError, type createClient, unwrap } from '@trading-analytics/client';
import { scenario } from '@trading-analytics/msw';
import type { SetupWorker } from 'msw/browser';

const pnlPath = '/v1/portfolio/{user_address}/unrealized-pnl' as const;

export function show(id: string, text: string): void {
  const output = document.getElementById(id);
  if (!output) throw new Error(`The page has no #${id}.`);
  output.textContent = text;
}

/** Runs the page's steps; #state then says `done`, or why they failed. */
export async function run(steps: () => Promise<void>): Promise<void> {
  try {
    await steps();
    show('state', 'done');
  } catch (error) {
    show('state', `failed: ${String(error)}`);
  }
}

/** Puts the 503 scenario before the worker's handlers, and shows in #unavailable what the client makes of it. */
export async function showUnavailable(
  worker: SetupWorker,
  client: ReturnType<typeof createClient>,
  address: string,
): Promise<void> {
  worker.use(scenario('getUnrealizedPnl', '503'));
  try {
    unwrap(await client.GET(pnlPath, { params: { path: { user_address: address } } }));
    show('unavailable', 'no error');
  } catch (error) {
    show('unavailable', error instanceof ApiError ? `ApiError ${error.status}` : String(error));
  }
}
