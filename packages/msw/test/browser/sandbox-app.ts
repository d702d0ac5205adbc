// The sandbox page of the browser test, bundled by esbuild: the MSW worker with createSandbox's handlers, the
// world built in the page, the client asking for a rank and a page, a join that shows, the reset through
// /__sandbox, and a documented case put before the world; each result written into the page.
import { createClient, unwrap } from '@trading-analytics/client';
import { createSandbox } from '@trading-analytics/msw';
import { setupWorker } from 'msw/browser';
import { run, show, showUnavailable } from './page.js';

const ben = '0x9c1e5d2b7a3f48e6c0d1b2a39485f6e7d8c9b0a1';

await run(async () => {
  const sandbox = createSandbox({ seed: 1 });
  const worker = setupWorker(...sandbox.handlers);
  await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'error', quiet: true });
  const api = createClient({ baseUrl: 'https://api.example.com', retry: false });

  const rank = unwrap(await api.GET('/v1/leaderboard/my-rank', { params: { query: { user_address: ben } } }));
  show('rank', String(rank.rank));
  const page = unwrap(await api.GET('/v1/leaderboard', { params: { query: { page: 2, size: 5 } } }));
  show('page', page.content.map((row) => row.rank).join(','));

  const joined = async () => {
    const list = unwrap(await api.GET('/v1/trading-competition', { params: { query: { userAddress: ben } } }));
    return String(list.find((competition) => competition.id === 8)?.hasJoined);
  };
  await api.POST('/v1/trading-competition/join', { body: { trader: ben, competitionId: 8, inviteCode: 'MAXI-8F3K' } });
  const afterJoin = await joined();
  await fetch('/__sandbox', { method: 'DELETE' });
  show('joined', `${afterJoin} then ${await joined()}`);

  await showUnavailable(worker, api, ben);
});
