// The packed package as a frontend repository gets it: the tarball carries the contract, installs into an
// empty project (its dependencies from the registry, or npm's cache when that holds them; an empty cache
// works too), and its bin runs through npx, answers, and stops on Ctrl-C leaving nothing behind.
import { execFile, spawn } from 'node:child_process';
import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFile, loadBundle } from '../../../test/support/contract';
import { groupAlive } from './support/processes';

const run = promisify(execFile);
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const packageDir = fileURLToPath(new URL('../', import.meta.url));
const binOf = (name: string) => path.join(repositoryRoot, 'node_modules/.bin', name);

// The tests run under `npm test`, whose npm_* variables (the repository as prefix, the workspace...) must
// not steer the npm commands run in the empty project.
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_') || name.toLowerCase() === 'npm_config_cache'));

let scratch: string;
let tarball: string;
let packedFiles: string[];
let app: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'mock-package-'));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', scratch, '-w', '@trading-analytics/mock'], { cwd: repositoryRoot, env: cleanEnv });
  const [packed] = JSON.parse(stdout);
  tarball = path.join(scratch, packed.filename);
  packedFiles = packed.files.map((file: { path: string }) => file.path).sort();
  app = path.join(scratch, 'app');
  await run('mkdir', ['-p', app]);
  await writeFile(path.join(app, 'package.json'), JSON.stringify({ name: 'frontend', private: true, type: 'module' }));
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], { cwd: app, env: cleanEnv });
}, 240_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('carries the sources, the bin, the README, the LICENSE and the contract of this repository, and nothing else', async () => {
    expect(packedFiles).toEqual(
      [
        'LICENSE',
        'README.md',
        'bin/trading-analytics-mock.js',
        'contract/openapi.json',
        'package.json',
        'src/README.md',
        'src/answer-cache.js',
        'src/checks.js',
        'src/contract.js',
        'src/cors.js',
        'src/front.js',
        'src/guard.js',
        'src/hint.js',
        'src/index.d.ts',
        'src/index.js',
        'src/limits.js',
        'src/prism.js',
        'src/reply.js',
        'src/scenario-control.js',
        'src/scenario-options.js',
        'src/scenarios.js',
        'src/server.js',
      ].sort(),
    );
    const installed = path.join(app, 'node_modules/@trading-analytics/mock/contract/openapi.json');
    expect(await readFile(installed, 'utf8')).toBe(await readFile(bundleFile, 'utf8'));
  });

  it('passes publint and Are the types wrong (ESM only)', async () => {
    const publint = await run(binOf('publint'), [packageDir], { cwd: repositoryRoot, env: cleanEnv });
    expect(publint.stdout).toContain('All good!');
    await expect(run(binOf('attw'), ['--pack', packageDir, '--profile', 'esm-only'], { cwd: repositoryRoot, env: cleanEnv })).resolves.toBeDefined();
  });

  it('runs with npx in an empty project: prints its URL and the hint, answers, and stops on Ctrl-C leaving nothing behind', async () => {
    // Its own process group, so Ctrl-C can be sent to the whole group as a terminal does.
    const npx = spawn('npx', ['trading-analytics-mock', '--port', '0'], { cwd: app, env: cleanEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => npx.once('exit', (code, signal) => resolve({ code, signal })));
    let output = '';
    let url: string | undefined;
    npx.stdout.on('data', (chunk) => (output += chunk));
    npx.stderr.on('data', (chunk) => (output += chunk));
    try {
      const deadline = Date.now() + 60_000;
      while (!output.includes('Ctrl-C stops it.')) {
        if (npx.exitCode !== null || Date.now() > deadline) throw new Error(`npx trading-analytics-mock did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      url = /Trading analytics mock: (http:\/\/127\.0\.0\.1:[1-9][0-9]*)\n/.exec(output)?.[1];
      expect(url, output).toBeDefined();
      expect(output).toContain('Prefer: example=<key>');

      const answer = await fetch(`${url}/v1/leaderboard`);
      expect(answer.status).toBe(200);
      const examples = loadBundle().paths['/v1/leaderboard'].get.responses['200'].content['application/json'].examples;
      expect(await answer.json()).toEqual(Object.values(examples as Record<string, { value: unknown }>)[0].value);
    } finally {
      process.kill(-npx.pid!, 'SIGINT');
    }
    // npm ends itself with the Ctrl-C it received once the command it ran has ended; the command's own
    // exit code is checked in bin.test.ts.
    const { code, signal } = await exited;
    expect(code === 0 || signal === 'SIGINT', `npx ended with ${code ?? signal}:\n${output}`).toBe(true);
    expect(output).not.toContain('stopped unexpectedly');
    const deadline = Date.now() + 10_000;
    while (groupAlive(npx.pid!) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(groupAlive(npx.pid!), 'a process of the npx group is still running').toBe(false);
    await expect(fetch(`${url}/v1/leaderboard`)).rejects.toThrow();
  });

  it('exports startMock, which serves the contract inside the installed package', async () => {
    const script = `import { contractPath, startMock } from '@trading-analytics/mock';
      const mock = await startMock({ port: 0 });
      const answer = await fetch(mock.url + '/v1/sstk/apy');
      console.log(JSON.stringify({ contract: contractPath(), status: answer.status, body: await answer.json() }));
      await mock.close();`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: app, env: cleanEnv });
    const result = JSON.parse(stdout);
    expect(result.contract).toBe(path.join(app, 'node_modules/@trading-analytics/mock/contract/openapi.json'));
    expect(result.status).toBe(200);
    expect(typeof result.body).toBe('number');
  });
});
