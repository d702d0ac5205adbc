// `npm run bench` (root part): the maintainer's loop, measured against the bare `redocly bundle` of the same
// contract in the same run, so the ratios hold on any machine. Budgets (issue 13, on the machine where a bare
// bundle takes ~0.35 s): full build 4 s, nothing-changed build 0.5 s. Exits 1 when one is missed.
//
// It runs the real build: generated/ is rewritten with the same bytes and dist/docs is re-rendered.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { root, sourceSpec } from './lib/steps.mjs';

const rounds = 3;
const budget = { fullBuild: 11, unchangedBuild: 1.4 };

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Runs a command to its end; resolves with its wall time in ms, rejects naming its output when it fails. */
function timed(command, args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } });
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

const scratch = await mkdtemp(path.join(os.tmpdir(), 'bench-build-'));
const failures = [];
try {
  console.log(`load average ${os.loadavg().map((load) => load.toFixed(2)).join(', ')} on ${os.availableParallelism()} cores`);
  const build = path.join(root, 'scripts/build.mjs');
  const bareBundle = () => timed(path.join(root, 'node_modules/.bin/redocly'), ['bundle', sourceSpec, '--output', path.join(scratch, 'openapi.json'), '--ext', 'json']);
  // Warm the file system cache and the step cache once, unmeasured.
  await bareBundle();
  await timed(process.execPath, [build]);
  const times = { bare: [], full: [], unchanged: [] };
  // Interleaved, so a change in the machine's load hits all three alike.
  for (let round = 0; round < rounds; round += 1) {
    times.bare.push(await bareBundle());
    times.full.push(await timed(process.execPath, [build, '--force']));
    times.unchanged.push(await timed(process.execPath, [build]));
  }
  const bare = median(times.bare);
  const report = (name, values, limit) => {
    const ratio = median(values) / bare;
    console.log(`${name}: median ${(median(values) / 1000).toFixed(2)} s (${values.map((t) => (t / 1000).toFixed(2)).join(', ')}), ${ratio.toFixed(2)}x the bare bundle (budget ${limit}x)`);
    if (ratio > limit) failures.push(`${name}: ${ratio.toFixed(2)}x > ${limit}x the bare bundle`);
  };
  console.log(`bare \`redocly bundle\`: median ${(bare / 1000).toFixed(2)} s (${times.bare.map((t) => (t / 1000).toFixed(2)).join(', ')})`);
  report('npm run build, every step', times.full, budget.fullBuild);
  report('npm run build, nothing changed', times.unchanged, budget.unchangedBuild);
} finally {
  await rm(scratch, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`Budget missed:\n- ${failures.join('\n- ')}`);
  process.exitCode = 1;
} else {
  console.log('All build budgets met.');
}
