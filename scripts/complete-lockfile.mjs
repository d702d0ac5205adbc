// @ts-check
// `node scripts/complete-lockfile.mjs`: run after adding or updating a dev tool that ships its binary in
// per-platform optional packages (Biome, knip's parser): enters the platform packages npm left out of
// package-lock.json (@trading-analytics/pipeline/lockfile says why). `test/contract/lockfile.test.ts` checks it.
import { completeLockfile } from '@trading-analytics/pipeline/lockfile';

const entered = completeLockfile();
console.log(
  `package-lock.json: ${entered.length} optional platform packages entered (${entered.map((at) => at.replace('node_modules/', '')).join(', ') || 'none missing'})`,
);
