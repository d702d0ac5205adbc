// The package as published: the `npm pack` tarball holds the built runner, its declarations and a copy of
// the contract with its workflows, lints clean (publint, attw), installs into an empty project beside the
// core's tarball, type-checks a use of its API there, and its bin checks a service against the packed contract.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packTarball } from '../../../test/support/packing.js';
import { type ExampleServer, runCommand, startExampleServer } from './support/servers.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const coreDir = fileURLToPath(new URL('../../core/', import.meta.url));
const generatedDir = fileURLToPath(new URL('../../../generated/', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

// Under `npm test` the npm_* variables (the repository as prefix, the workspace...) must not steer the npm
// commands run in the empty project.
const cleanEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !name.toLowerCase().startsWith('npm_') || name.toLowerCase() === 'npm_config_cache',
  ),
);

let work: string;
let tarball: string;
let packedFiles: string[];
let app: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'conformance-package-'));
  // What `prepack` does besides building (the global setup built dist/): the contract goes into contract/.
  await run(process.execPath, [path.join(packageDir, 'scripts/copy-contract.mjs')]);
  ({ path: tarball, files: packedFiles } = await packTarball(packageDir, work));
  // The core is not on the registry yet: its tarball is installed beside the runner's.
  const core = await packTarball(coreDir, work);
  app = path.join(work, 'app');
  await run('mkdir', ['-p', app]);
  await writeFile(path.join(app, 'package.json'), JSON.stringify({ name: 'backend', private: true, type: 'module' }));
  await run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball, core.path], {
    cwd: app,
    env: cleanEnv,
  });
}, 300_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('holds the built runner with its declarations, the contract and its workflows, the README and the LICENSE; no source', async () => {
    const sources = (await readdir(path.join(packageDir, 'src'))).filter((name) => name.endsWith('.ts'));
    for (const source of sources) {
      const name = source.replace(/\.ts$/, '');
      expect(packedFiles).toEqual(expect.arrayContaining([`dist/${name}.js`, `dist/${name}.d.ts`]));
    }
    const workflows = (await readdir(generatedDir)).filter((name) => name.endsWith('.arazzo.yaml'));
    expect(workflows.length).toBeGreaterThan(0);
    const expected = ['openapi.json', ...workflows].map((name) => `contract/${name}`);
    expect(packedFiles.filter((file) => file.startsWith('contract/')).sort()).toEqual(expected.sort());
    expect(packedFiles.filter((file) => !file.startsWith('dist/') && !file.startsWith('contract/')).sort()).toEqual([
      'LICENSE',
      'README.md',
      'package.json',
    ]);
    const installed = path.join(app, 'node_modules/@trading-analytics/conformance/contract/openapi.json');
    expect(await readFile(installed, 'utf8')).toBe(await readFile(path.join(generatedDir, 'openapi.json'), 'utf8'));
  });

  it('passes publint, suggestions included', async () => {
    const buffer = await readFile(tarball);
    const { messages, pkg } = await publint({
      pack: { tarball: buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer },
      level: 'suggestion',
      strict: true,
    });
    expect(messages.map((message) => formatMessage(message, pkg))).toEqual([]);
  });

  it('passes @arethetypeswrong/cli for an ESM-only package, node10 resolution included', async () => {
    const attw = path.join(require.resolve('@arethetypeswrong/cli/package.json'), '..', 'dist/index.js');
    // attw exits non-zero on any problem in the profile, which rejects here with its report.
    const { stdout } = await run(process.execPath, [attw, tarball, '--profile', 'esm-only', '--format', 'json'], {
      cwd: work,
    });
    const { problems } = JSON.parse(stdout) as { problems: Record<string, { resolutionKind?: string }[]> };
    // Only the require() of an ESM-only package stays a problem, and that one is by design.
    const counted = Object.values(problems)
      .flat()
      .filter((problem) => problem.resolutionKind !== 'node16-cjs');
    expect(counted).toEqual([]);
  });
});

describe('installed into an empty project', () => {
  let server: ExampleServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it('exports the runner, its formatters, its defaults and UsageError, and nothing else', async () => {
    const script = `const api = await import('@trading-analytics/conformance');
      console.log(JSON.stringify(Object.keys(api).sort()));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: app, env: cleanEnv });
    expect(JSON.parse(stdout)).toEqual([
      'UsageError',
      'defaults',
      'formatJson',
      'formatJunit',
      'formatSummary',
      'runConformance',
    ]);
  });

  it('type-checks a pipeline script against the installed declarations', async () => {
    const code = `import { formatSummary, runConformance, type ConformanceReport, type Problem } from '@trading-analytics/conformance';

const report: ConformanceReport = await runConformance({ baseUrl: 'http://127.0.0.1:4010', rps: 2, workflows: false });
const failed: Problem[] = report.problems.filter((problem) => problem.workflow || problem.check === 'schema');
const steps: (string | undefined)[] = report.workflows.flatMap((workflow) => workflow.steps.map((step) => step.operationId));
const secrets: readonly string[] = report.secrets;
export const summary: string = formatSummary(report);
export { failed, secrets, steps };
`;
    await writeFile(path.join(app, 'pipeline.ts'), code);
    await writeFile(
      path.join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          lib: ['ES2022'],
          types: [],
          strict: true,
          noEmit: true,
          skipLibCheck: false,
        },
        files: ['pipeline.ts'],
      }),
    );
    const tsc = require.resolve('typescript/bin/tsc');
    const outcome = await run(process.execPath, [tsc, '-p', app]).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(outcome).toBe('');
  });

  it('runs with npx: checks a service against the packed contract and its workflows, exit 0', async () => {
    const target = await startExampleServer();
    server = target;
    const json = path.join(work, 'report.json');
    const args = ['trading-analytics-conformance', '--base-url', target.url, '--rps', '200', '--json', json];
    const { code, stdout, stderr } = await runCommand(npx, args, { cwd: app, env: cleanEnv });
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    expect(stdout).toMatch(
      /Totals: 31 operations: 29 conform, 0 do not, 0 timed out, 2 skipped; 3 of 3 workflows conform/,
    );
    const report = JSON.parse(await readFile(json, 'utf8'));
    expect(report.conforms).toBe(true);
    expect(report.workflows.map((workflow: { file: string }) => workflow.file)).toEqual(
      Array(3).fill('seed-flows.arazzo.yaml'),
    );
  });
});
