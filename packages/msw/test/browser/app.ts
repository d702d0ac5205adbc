// The page of the browser test, bundled by esbuild: the MSW worker with the package's handlers, the client
// calling the page's own origin and another one, and the results written into the page.
import { createClient, unwrap } from '@trading-analytics/client';
import { handlers } from '@trading-analytics/msw';
import { setupWorker } from 'msw/browser';
import { run, show, showUnavailable } from './page.js';

const ava = '0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b';

await run(async () => {
  const worker = setupWorker(...handlers);
  await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'error', quiet: true });

  const sameOrigin = createClient({ baseUrl: location.origin, retry: false });
  const pnl = unwrap(
    await sameOrigin.GET('/v1/portfolio/{user_address}/unrealized-pnl', { params: { path: { user_address: ava } } }),
  );
  show('pnl', pnl.unrealizedPnlUsd);

  const otherOrigin = createClient({ baseUrl: 'https://api.example.com', retry: false });
  show('apy', String(unwrap(await otherOrigin.GET('/v1/sstk/apy'))));

  await showUnavailable(worker, sameOrigin, ava);
});
