// The package as published: the `npm pack` tarball holds the handlers and their data, passes publint, and,
// installed into an empty project with the client's, the core's, the sandbox's and the types' tarballs (msw, openapi-msw
// and the rest as an MSW user gets them: from the registry, or npm's cache when that holds them), a test file
// there gets the default examples through the client with `setupServer(...handlers)` and the world's answers
// with `createSandbox`, and a scenario typo fails to type-check against the installed declarations.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { installBeforeAll, lintTarball, typeCheckProject } from '../../../test/support/packing.js';
import { present } from '../../../test/support/present.js';

const rootPackage = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));

// The app declares the peers as an MSW user does, at the versions this repository tests; our packages come from
// their tarballs.
const installed = installBeforeAll(fileURLToPath(new URL('..', import.meta.url)), {
  beside: ['../../client', '../../core', '../../sandbox', '../../types'].map((folder) =>
    fileURLToPath(new URL(folder, import.meta.url)),
  ),
  manifest: {
    name: 'frontend-app',
    devDependencies: Object.fromEntries(
      ['msw', 'openapi-msw'].map((name) => [name, rootPackage.devDependencies[name]]),
    ),
  },
});

describe('the packed package', { tags: ['static'] }, () => {
  it('holds the handlers, their data module and declarations, the README and the LICENSE; no tests or scripts', () => {
    const modules = ['handler', 'index', 'operations', 'sandbox', 'validate'];
    const compiled = modules.flatMap((name) =>
      ['.d.ts', '.d.ts.map', '.js', '.js.map'].map((suffix) => `dist/${name}${suffix}`),
    );
    // The data module is generated (generated/msw-contract-data.*), copied in, not compiled: no source maps.
    compiled.push('dist/contract-data.d.ts', 'dist/contract-data.js');
    expect(installed.files.sort()).toEqual(['LICENSE', 'README.md', ...compiled, 'package.json'].sort());
  });

  it('passes publint (suggestions included) and @arethetypeswrong/cli for an ESM-only package', async () => {
    expect(await lintTarball(installed.tarball)).toEqual({ publint: [], attw: [] });
  });
});

describe('installed into an empty project', () => {
  // Both apps' modules run in one Node process, one after the other (each closes its server before the next
  // starts one): what each printed is its line.
  const apps = {
    'handlers.mjs': `import { createClient, unwrap } from '@trading-analytics/client';
import { handlers, scenario } from '@trading-analytics/msw';
import { setupServer } from 'msw/node';

const server = setupServer(...handlers);
server.listen({ onUnhandledRequest: 'error' });
const client = createClient({ baseUrl: 'https://api.example.com', retry: false });
const ava = '0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b';
const pnl = unwrap(await client.GET('/v1/portfolio/{user_address}/unrealized-pnl', { params: { path: { user_address: ava } } }));
const page = unwrap(await client.GET('/v1/leaderboard'));
server.use(scenario('getUnrealizedPnl', '503'));
const unavailable = await client.GET('/v1/portfolio/{user_address}/unrealized-pnl', { params: { path: { user_address: ava } } });
server.close();
console.log(JSON.stringify({ pnl: pnl.unrealizedPnlUsd, leader: page.content[0].userAddress, unavailable: unavailable.response.status }));
`,
    'world.mjs': `import { createClient, unwrap } from '@trading-analytics/client';
import { createSandbox } from '@trading-analytics/msw';
import { setupServer } from 'msw/node';

const sandbox = createSandbox({ seed: 2 });
const server = setupServer(...sandbox.handlers);
server.listen({ onUnhandledRequest: 'error' });
const client = createClient({ baseUrl: 'https://api.example.com', retry: false });
const ben = '0x9c1e5d2b7a3f48e6c0d1b2a39485f6e7d8c9b0a1';
const rank = unwrap(await client.GET('/v1/leaderboard/my-rank', { params: { query: { user_address: ben } } }));
await client.POST('/v1/trading-competition/join', { body: { trader: ben, competitionId: 8, inviteCode: 'MAXI-8F3K' } });
const joined = sandbox.describe().counts.joinsSinceStart;
sandbox.reset();
server.close();
console.log(JSON.stringify({ rank: rank.rank, joined, afterReset: sandbox.describe().counts.joinsSinceStart }));
`,
  };
  let printed: Promise<string[]> | undefined;
  const printedBy = async (file: keyof typeof apps) => {
    printed ??= (async () => {
      for (const [name, code] of Object.entries(apps)) writeFileSync(join(installed.app, name), code);
      const imports = Object.keys(apps).map((name) => `await import('./${name}');`);
      return (await installed.runModule(imports.join('\n'))).trim().split('\n');
    })();
    return JSON.parse((await printed)[Object.keys(apps).indexOf(file)]!);
  };

  it('answers the default examples through @trading-analytics/client with setupServer(...handlers)', async () => {
    expect(await printedBy('handlers.mjs')).toEqual({
      pnl: '865.25',
      leader: '0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b',
      unavailable: 503,
    });
  });

  it('answers from the world with createSandbox, and forgets a join on reset()', async () => {
    expect(await printedBy('world.mjs')).toEqual({ rank: 2, joined: 1, afterReset: 0 });
  });

  it('types scenario keys from the installed declarations: a typo is a compile error', {
    tags: ['static'],
  }, async () => {
    writeFileSync(
      join(installed.app, 'typed.ts'),
      `import { createHandlers, scenario } from '@trading-analytics/msw';
scenario('getUnrealizedPnl', 'emptyAccount');
createHandlers({ scenarios: { listPositions: 'emptyPage' } });
// @ts-expect-error a typo in the scenario key
scenario('getUnrealizedPnl', 'emptyAcount');
// @ts-expect-error a typo in the operationId
scenario('getUnrealisedPnl', 'emptyAccount');
`,
    );
    expect(await typeCheckProject(installed.app, ['typed.ts'], ['ES2022', 'DOM'])).toBe('');
  });

  it('bundles for a browser; the data module and the whole handlers are reported', { tags: ['static'] }, async () => {
    const sizes: Record<string, number> = {};
    for (const [name, entry] of Object.entries({
      data: `export * from ${JSON.stringify(join(installed.app, 'node_modules/@trading-analytics/msw/dist/contract-data.js'))};`,
      handlers: "export * from '@trading-analytics/msw';",
    })) {
      const { outputFiles } = await build({
        stdin: { contents: entry, resolveDir: installed.app, loader: 'js' },
        bundle: true,
        minify: true,
        format: 'esm',
        platform: 'browser',
        external: name === 'handlers' ? ['msw', 'openapi-msw'] : [],
        write: false,
        logLevel: 'silent',
      });
      sizes[`${name} bytes`] = outputFiles[0]!.contents.length;
      sizes[`${name} gzip`] = gzipSync(outputFiles[0]!.contents, { level: 9 }).length;
    }
    console.log(`msw package sizes (minified; handlers with Ajv, without msw itself): ${JSON.stringify(sizes)}`);
    expect(sizes['handlers bytes']).toBeGreaterThan(present(sizes['data bytes'], 'the data bundle size'));
  });
});
