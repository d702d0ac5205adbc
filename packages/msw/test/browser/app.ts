// The page of the browser test, bundled by esbuild: the MSW worker with the package's handlers, the client
// calling the page's own origin and another one, and the results written into the page.
import { ApiError, createClient, unwrap } from '@trading-analytics/client';
import { handlers, scenario } from '@trading-analytics/msw';
import { setupWorker } from 'msw/browser';

const show = (id: string, text: string) => {
  const output = document.getElementById(id);
  if (!output) throw new Error(`The page has no #${id}.`);
  output.textContent = text;
};
const ava = '0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b';
const pnlPath = '/v1/portfolio/{user_address}/unrealized-pnl' as const;

try {
  const worker = setupWorker(...handlers);
  await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'error', quiet: true });

  const sameOrigin = createClient({ baseUrl: location.origin, retry: false });
  show('pnl', unwrap(await sameOrigin.GET(pnlPath, { params: { path: { user_address: ava } } })).unrealizedPnlUsd);

  const otherOrigin = createClient({ baseUrl: 'https://api.example.com', retry: false });
  show('apy', String(unwrap(await otherOrigin.GET('/v1/sstk/apy'))));

  worker.use(scenario('getUnrealizedPnl', '503'));
  try {
    unwrap(await sameOrigin.GET(pnlPath, { params: { path: { user_address: ava } } }));
    show('unavailable', 'no error');
  } catch (error) {
    show('unavailable', error instanceof ApiError ? `ApiError ${error.status}` : String(error));
  }
  show('state', 'done');
} catch (error) {
  show('state', `failed: ${String(error)}`);
}
