// The package as published: the `npm pack` tarball holds the built runner, its declarations and a copy of
// the contract with its workflows, lints clean (publint, attw), installs into an empty project beside the
// core's tarball, type-checks a use of its API there, and its bin checks a service against the packed contract.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { installBeforeAll, lintTarball, scratchEnv, typeCheckProject } from '../../../test/support/packing.js';
import { type ExampleServer, runCommand, startExampleServer } from './support/servers.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const generatedDir = fileURLToPath(new URL('../../../generated/', import.meta.url));
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

// The core is not on the registry yet: its tarball is installed beside the runner's.
const installed = installBeforeAll(packageDir, { beside: [fileURLToPath(new URL('../../core/', import.meta.url))] });

describe('the packed package', { tags: ['static'] }, () => {
  it('holds the built runner with its declarations, its bin, the contract and its workflows, the README and the LICENSE; no source', async () => {
    const sources = (await readdir(path.join(packageDir, 'src'), { recursive: true })).filter((name) =>
      name.endsWith('.ts'),
    );
    for (const source of sources) {
      const name = source.replace(/\.ts$/, '');
      expect(installed.files).toEqual(expect.arrayContaining([`dist/${name}.js`, `dist/${name}.d.ts`]));
    }
    const workflows = (await readdir(generatedDir)).filter((name) => name.endsWith('.arazzo.yaml'));
    expect(workflows.length).toBeGreaterThan(0);
    const expected = ['openapi.json', ...workflows].map((name) => `contract/${name}`);
    const { files } = installed;
    expect(files.filter((file) => file.startsWith('contract/')).sort()).toEqual(expected.sort());
    expect(files.filter((file) => !file.startsWith('dist/') && !file.startsWith('contract/')).sort()).toEqual([
      'LICENSE',
      'README.md',
      'bin/trading-analytics-conformance.js',
      'package.json',
    ]);
    const contract = path.join(installed.app, 'node_modules/@trading-analytics/conformance/contract/openapi.json');
    expect(await readFile(contract, 'utf8')).toBe(await readFile(path.join(generatedDir, 'openapi.json'), 'utf8'));
  });

  it('passes publint (suggestions included) and @arethetypeswrong/cli for an ESM-only package', async () => {
    expect(await lintTarball(installed.tarball)).toEqual({ publint: [], attw: [] });
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
    expect(JSON.parse(await installed.runModule(script))).toEqual([
      'UsageError',
      'defaults',
      'formatJson',
      'formatJunit',
      'formatSummary',
      'runConformance',
    ]);
  });

  it('type-checks a pipeline script against the installed declarations', { tags: ['static'] }, async () => {
    const code = `import { formatSummary, runConformance, type ConformanceReport, type Problem } from '@trading-analytics/conformance';

const report: ConformanceReport = await runConformance({ baseUrl: 'http://127.0.0.1:4010', rps: 2, workflows: false });
const failed: Problem[] = report.problems.filter((problem) => problem.workflow || problem.check === 'schema');
const steps: (string | undefined)[] = report.workflows.flatMap((workflow) => workflow.steps.map((step) => step.operationId));
const secrets: readonly string[] = report.secrets;
export const summary: string = formatSummary(report);
export { failed, secrets, steps };
`;
    await writeFile(path.join(installed.app, 'pipeline.ts'), code);
    expect(await typeCheckProject(installed.app, ['pipeline.ts'])).toBe('');
  });

  it('runs with npx: checks a service against the packed contract and its workflows, exit 0', async () => {
    const target = await startExampleServer();
    server = target;
    const json = path.join(installed.work, 'report.json');
    // The stand-in answers one example per operation: its behaviours across requests are not checked here.
    const args = [
      'trading-analytics-conformance',
      '--base-url',
      target.url,
      '--no-behaviour',
      '--rps',
      '200',
      '--json',
      json,
    ];
    const { code, stdout, stderr } = await runCommand(npx, args, { cwd: installed.app, env: scratchEnv });
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
