// The packed package as a frontend repository gets it: the tarball (packed once per run) carries the compiled
// modules, their declarations and the contract, lints clean (publint, attw), installs into an empty project
// with the core's and the sandbox's tarballs (the other dependencies from the registry, or npm's cache when
// that holds them; an empty cache works too), and its bin runs through npx, answers, and stops on Ctrl-C
// leaving nothing behind; startMock serves the contract and the sandbox from the installed package.
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startCommand } from '../../../test/support/commands';
import { bundleFile, loadBundle } from '../../../test/support/contract';
import { installBeforeAll, lintTarball, scratchEnv } from '../../../test/support/packing.js';
import { present } from '../../../test/support/present.js';
import { groupAlive, pidOf } from './support/processes';

const sourceDir = new URL('../src/', import.meta.url);

// The core, the sandbox and the contract's types, dependencies npm cannot fetch, come from their own tarballs,
// packed for the run too.
const installed = installBeforeAll(fileURLToPath(new URL('..', import.meta.url)), {
  beside: ['core', 'sandbox', 'types'].map((name) => fileURLToPath(new URL(`../../${name}/`, import.meta.url))),
});

describe('the packed package', () => {
  it('carries the compiled modules, the bin, the README, the LICENSE and the contract of this repository, and nothing else', {
    tags: ['static'],
  }, async () => {
    // The bin npm links is a committed file that loads dist/bin.js (see bin/trading-analytics-mock.js).
    // Every source compiles to its module and its declarations, each with its map; no source ships.
    const compiled = readdirSync(sourceDir)
      .filter((name) => name.endsWith('.ts'))
      .flatMap((name) => ['.js', '.js.map', '.d.ts', '.d.ts.map'].map((end) => `dist/${name.replace(/\.ts$/, end)}`));
    expect(compiled).toContain('dist/bin.js');
    expect(installed.files.sort()).toEqual(
      [
        'LICENSE',
        'README.md',
        'bin/trading-analytics-mock.js',
        'contract/openapi.json',
        'contract/prism-operations.json',
        'package.json',
        ...compiled,
      ].sort(),
    );
    const contract = path.join(installed.app, 'node_modules/@trading-analytics/mock/contract/openapi.json');
    expect(await readFile(contract, 'utf8')).toBe(await readFile(bundleFile, 'utf8'));
  });

  it('passes publint (suggestions included) and @arethetypeswrong/cli for an ESM-only package', {
    tags: ['static'],
  }, async () => {
    expect(await lintTarball(installed.tarball)).toEqual({ publint: [], attw: [] });
  });

  it('runs with npx in an empty project: prints its URL and the hint, answers, and stops on Ctrl-C leaving nothing behind', async () => {
    // Its own process group, so Ctrl-C can be sent to the whole group as a terminal does.
    const {
      command: npx,
      exited,
      output,
    } = await startCommand('npx', ['trading-analytics-mock', '--port', '0'], 'Ctrl-C stops it.', {
      cwd: installed.app,
      env: scratchEnv,
      detached: true,
      timeoutMs: 60_000,
    });
    let url: string | undefined;
    try {
      url = /Trading analytics mock: (http:\/\/127\.0\.0\.1:[1-9][0-9]*)\n/.exec(output())?.[1];
      expect(url, output()).toBeDefined();
      expect(output()).toContain('Prefer: example=<key>');

      const answer = await fetch(`${url}/v1/leaderboard`);
      expect(answer.status).toBe(200);
      const examples = loadBundle().paths['/v1/leaderboard'].get.responses['200'].content['application/json'].examples;
      const [first] = Object.values(examples as Record<string, { value: unknown }>);
      expect(await answer.json()).toEqual(present(first, 'an example of GET /v1/leaderboard').value);
    } finally {
      process.kill(-pidOf(npx), 'SIGINT');
    }
    // npm ends itself with the Ctrl-C it received once the command it ran has ended; the command's own
    // exit code is checked in bin.test.ts.
    const code = await exited;
    const signal = npx.signalCode;
    expect(code === 0 || signal === 'SIGINT', `npx ended with ${code ?? signal}:\n${output()}`).toBe(true);
    expect(output()).not.toContain('stopped unexpectedly');
    const deadline = Date.now() + 10_000;
    while (groupAlive(pidOf(npx)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(groupAlive(pidOf(npx)), 'a process of the npx group is still running').toBe(false);
    await expect(fetch(`${url}/v1/leaderboard`)).rejects.toThrow();
  });

  // One mock for both: a documented case asked for with Prefer is the contract's, served by Prism, in a sandbox too.
  it('exports startMock, which serves the contract inside the installed package, and the sandbox with startMock({ sandbox })', async () => {
    const script = `import { contractPath, startMock } from '@trading-analytics/mock';
      const mock = await startMock({ port: 0, sandbox: { seed: 4 } });
      const answer = await fetch(mock.url + '/v1/sstk/apy', { headers: { prefer: 'code=200' } });
      const apy = { status: answer.status, body: await answer.json() };
      const world = await (await fetch(mock.url + '/__sandbox')).json();
      const rank = await (await fetch(mock.url + '/v1/leaderboard/my-rank?user_address=0x9c1e5d2b7a3f48e6c0d1b2a39485f6e7d8c9b0a1')).json();
      console.log(JSON.stringify({ contract: contractPath(), apy, sandbox: mock.sandbox, seed: world.seed, rank: rank.rank }));
      await mock.close();`;
    const result = JSON.parse(await installed.runModule(script));
    expect(result.contract).toBe(
      path.join(installed.app, 'node_modules/@trading-analytics/mock/contract/openapi.json'),
    );
    expect(result.apy.status).toBe(200);
    expect(typeof result.apy.body).toBe('number');
    expect(result).toMatchObject({ sandbox: { seed: 4, now: '2026-11-21T12:00:00Z' }, seed: 4, rank: 2 });
  });
});
