// `npm run bench` (root part, scripts/bench.mjs): the maintainer's loop, measured against the bare `redocly
// bundle` of the same contract in the same run, so the ratios hold on any machine. Budgets (issue 13, set on
// the machine where a bare bundle takes ~0.35 s): full build 4 s, nothing-changed build 0.5 s, and in `npm run
// dev` a save to the mock answering with the change, and to the docs page reloaded showing it, 1.5 s each.
//
// The build part runs the real build: generated/ is rewritten with the same bytes and dist/docs re-rendered.
// The dev part runs `npm run dev` on a scratch copy of the contract (the real openapi/ is never edited).

import type { ChildProcessByStdio } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createScratchProject } from './scratch-project.js';
import { root, sourceSpec } from './steps.js';

const rounds = 3;
const saves = 5;
const budget = { fullBuild: 11, unchangedBuild: 1.4, saveToMock: 4.3, saveToDocs: 4.3 };

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/**
 * Runs a command to its end; resolves with its wall time in ms, rejects naming its output when it fails.
 */
function timed(command: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(performance.now() - started);
      else reject(new Error(`${command} ${args.join(' ')} failed (exit code ${code}):\n${output}`));
    });
  });
}

/**
 * Reads `npm run dev`'s output until it serves and its first pass over the source has ended (the saves timed
 * must not wait behind it); resolves with the mock's and the docs' URLs.
 */
function served(child: ChildProcessByStdio<null, Readable, Readable>): Promise<{ mock: string; docs: string }> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: string) => {
      output += chunk;
      const mock = /^Mock: (http\S+)/m.exec(output)?.[1];
      const docs = /^Docs: (http\S+)/m.exec(output)?.[1];
      const firstPassEnded = /^\[dev\] (types regenerated|lint ok, bundle unchanged)/m.test(output);
      if (mock && docs && output.includes('Watching') && firstPassEnded) {
        child.stdout.off('data', onData);
        resolve({ mock, docs });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`npm run dev exited (${code}) before it served:\n${output}`)));
  });
}

/** Counts the docs server's reload events until closed. */
function reloadEvents(url: string) {
  const controller = new AbortController();
  const seen = { reloads: 0, close: () => controller.abort() };
  (async () => {
    const response = await fetch(url, { signal: controller.signal });
    if (!response.body) throw new Error(`${url} answered without a body.`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      seen.reloads += value.match(/^event: reload$/gm)?.length ?? 0;
    }
  })().catch(() => {});
  return seen;
}

/**
 * Polls `probe` until it holds; resolves with the time it first held. Fails after `deadlineMs`.
 */
async function until(what: string, probe: () => Promise<unknown>, deadlineMs = 20_000) {
  const deadline = Date.now() + deadlineMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`npm run dev: still waiting for ${what} after ${deadlineMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now();
}

/** Saves changes of one example to a scratch project under `npm run dev`; times each until mock and docs show it. */
async function devLoop(bareBundle: () => Promise<number>) {
  const project = await createScratchProject();
  const child = spawn(
    process.execPath,
    [path.join(root, 'scripts/dev.mjs'), '--project', project.root, '--port', '0', '--docs-port', '0'],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const times: Record<'mock' | 'docs' | 'bare', number[]> = { mock: [], docs: [], bare: [] };
  try {
    const urls = await served(child);
    const events = reloadEvents(`${urls.docs}/__dev/events`);
    const file = 'openapi/paths/v1_leaderboard.yaml';
    let current = '4398.1';
    try {
      // One unmeasured save first: the first cycle after start loads what the later ones reuse.
      for (let save = 0; save <= saves; save += 1) {
        const next = `4398.${save + 2}`;
        const reloadsBefore = events.reloads;
        await project.edit(file, (text) => text.replace(`biggestWin: ${current}`, `biggestWin: ${next}`));
        const saved = performance.now();
        current = next;
        const [mockAt, docsAt] = await Promise.all([
          until('the mock to answer the change', async () => {
            const answer = await fetch(`${urls.mock}/v1/leaderboard`).catch(() => undefined);
            return (
              answer?.ok &&
              String(((await answer.json()) as { content: { biggestWin: unknown }[] }).content[0]?.biggestWin) === next
            );
          }),
          until(
            'the docs page to reload with the change',
            async () => events.reloads > reloadsBefore && (await (await fetch(urls.docs)).text()).includes(`${next}`),
          ),
        ]);
        if (save > 0) {
          times.mock.push(mockAt - saved);
          times.docs.push(docsAt - saved);
          times.bare.push(await bareBundle());
        }
      }
    } finally {
      events.close();
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
    await project.remove();
  }
  return times;
}

/**
 * Times the build (`only: 'build'`), the dev loop (`only: 'dev'`) or both against a bare `redocly bundle`,
 * printing each ratio; resolves with the budgets missed (none: every budget met).
 */
export async function runBench({ only }: { only?: 'build' | 'dev' } = {}) {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'bench-build-'));
  const failures: string[] = [];
  try {
    console.log(
      `load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(', ')} on ${os.availableParallelism()} cores`,
    );
    const build = path.join(root, 'scripts/build.mjs');
    const bareBundle = () =>
      timed(path.join(root, 'node_modules/.bin/redocly'), [
        'bundle',
        sourceSpec,
        '--output',
        path.join(scratch, 'openapi.json'),
        '--ext',
        'json',
      ]);
    const seconds = (values: number[]) =>
      `median ${(median(values) / 1000).toFixed(2)} s (${values.map((t) => (t / 1000).toFixed(2)).join(', ')})`;

    const report = (name: string, values: number[], bare: number[], limit: number) => {
      const ratio = median(values) / median(bare);
      console.log(`${name}: ${seconds(values)}, ${ratio.toFixed(2)}x the bare bundle (budget ${limit}x)`);
      if (ratio > limit) failures.push(`${name}: ${ratio.toFixed(2)}x > ${limit}x the bare bundle`);
    };
    // Warm the file system cache once, unmeasured.
    await bareBundle();

    if (only !== 'dev') {
      await timed(process.execPath, [build]);
      const times: Record<'bare' | 'full' | 'unchanged', number[]> = { bare: [], full: [], unchanged: [] };
      // Interleaved, so a change in the machine's load hits all three alike.
      for (let round = 0; round < rounds; round += 1) {
        times.bare.push(await bareBundle());
        times.full.push(await timed(process.execPath, [build, '--force']));
        times.unchanged.push(await timed(process.execPath, [build]));
      }
      console.log(`bare \`redocly bundle\`, beside the builds: ${seconds(times.bare)}`);
      report('npm run build, every step', times.full, times.bare, budget.fullBuild);
      report('npm run build, nothing changed', times.unchanged, times.bare, budget.unchangedBuild);
    }
    if (only !== 'build') {
      const dev = await devLoop(bareBundle);
      console.log(`bare \`redocly bundle\`, between the saves: ${seconds(dev.bare)}`);
      report('npm run dev, save -> mock answers the change', dev.mock, dev.bare, budget.saveToMock);
      report('npm run dev, save -> docs page reloaded with the change', dev.docs, dev.bare, budget.saveToDocs);
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }

  return failures;
}
