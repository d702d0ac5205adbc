// `npm run dev` end to end, on a scratch copy of the contract: a saved change is served by the mock on the
// same port (its sandbox and joins kept) and reloads the docs page; a save that breaks the lint is reported
// (terminal and page) while the last good contract stays served; fixing it reloads the page again. The loop
// serves the bundle on disk as soon as it starts, and its first pass then serves what changed while nothing
// watched. `npm start -- --watch` is the same loop, with npm start's flags (its scenario choices too).
//
// Each pass of the loop costs two Redocly processes and two Spectral lints (none when it comes back to a source
// it linted clean before), so the file starts two loops: the one of `npm run dev` here (with a sandbox: what the
// loop does past the flags is the same with or without one, and the examples' mock is the command's below), and
// the command's.
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDev } from '@trading-analytics/pipeline/dev-loop';
import { devOptions, startOptions } from '@trading-analytics/pipeline/flags';
import { createScratchProject } from '@trading-analytics/pipeline/scratch-project';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { runNode, startNode } from '../support/commands';

const leaderboardFile = 'openapi/paths/v1_leaderboard.yaml';
const ben = '0x9c1e5d2b7a3f48e6c0d1b2a39485f6e7d8c9b0a1';

type Dev = Awaited<ReturnType<typeof startDev>>;
let project: Awaited<ReturnType<typeof createScratchProject>>;
let dev: Dev;
const logged: string[] = [];

/** The docs server's event stream, as a browser's EventSource reads it. */
function subscribe(url: string) {
  const events: { event: string; data: unknown }[] = [];
  const controller = new AbortController();
  const reading = (async () => {
    const response = await fetch(url, { signal: controller.signal });
    let buffered = '';
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffered += value;
      for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event) events.push({ event, data: JSON.parse(data ?? 'null') });
      }
    }
  })().catch(() => {});
  return {
    events,
    close: () => {
      controller.abort();
      return reading;
    },
  };
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  deadlineMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline)
      throw new Error(`Still waiting after ${deadlineMs} ms for ${what}. Dev log:\n${logged.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The documented case: Prism's, from the contract, which the sandbox serves when asked for it. */
async function biggestWin() {
  const answer = await fetch(`${dev.mockUrl}/v1/leaderboard`, { headers: { prefer: 'code=200' } });
  return (await answer.json()).content[0].biggestWin;
}

beforeAll(async () => {
  project = await createScratchProject();
  const flags = ['--project', project.root, '--port', '0', '--docs-port', '0', '--sandbox', '--seed', '6'];
  dev = await startDev({
    ...devOptions(flags, {}),
    log: (line: string) => logged.push(line),
    warn: (line: string) => logged.push(line),
  });
  // This project has no rendered page to start from: its first pass renders one.
  if (!(await dev.firstPass)) throw new Error(`The first pass did not serve the contract:\n${logged.join('\n')}`);
}, 60_000);

afterAll(async () => {
  await dev?.close();
  await project?.remove();
});

describe('npm run dev', () => {
  // The docs page stays open in a browser through the saves below, as a reader's does: each save is checked on
  // the events, in the terminal and on that page (it reloads, shows a lint problem over it, drops it once fixed).
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  // Every 100 ms, not every frame: a search of the whole page's text (~15 ms of the renderer's CPU) on every
  // frame would take much of a core from the rebuild it waits for.
  const shows = (text: string) =>
    page.waitForFunction((wanted) => document.body.textContent?.includes(wanted), text, {
      timeout: 30_000,
      polling: 100,
    });

  beforeAll(async () => {
    context = await launchChromium();
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(String(error)));
  });

  afterAll(async () => {
    await context?.close();
  });

  it('serves the mock and a docs page that listens for reloads and may connect back for them', async () => {
    expect(dev.sandbox).toEqual({ seed: 6, now: '2026-11-21T12:00:00Z' });
    expect(await biggestWin()).toBe(5376.59);
    const html = await (await fetch(dev.docsUrl)).text();
    expect(html).toContain('new EventSource("/__dev/events")');
    expect(html).toContain("connect-src 'self'");
    expect(html).toContain('5376.59');
    await page.goto(dev.docsUrl);
    await shows('5376.59');
  });

  it('serves a saved change from the mock on the same port, keeping the sandbox and its joins, regenerates the types and reloads the docs page', {
    timeout: 120_000,
  }, async () => {
    const events = subscribe(`${dev.docsUrl}/__dev/events`);
    const mockUrl = dev.mockUrl;
    try {
      const joined = await fetch(`${mockUrl}/v1/trading-competition/join`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ trader: ben, competitionId: 8, inviteCode: 'MAXI-8F3K' }),
      });
      expect(joined.status).toBe(200);
      await project.edit(leaderboardFile, (text) => text.replace('biggestWin: 5376.59', 'biggestWin: 5376.625'));
      await until('the mock to answer the new example', async () => (await biggestWin()) === 5376.625);
      expect(dev.mockUrl).toBe(mockUrl);
      const world = await (await fetch(`${mockUrl}/__sandbox`)).json();
      expect(world).toMatchObject({ seed: 6, counts: { joinsSinceStart: 1 } });
      await until('a reload event', () => events.events.some((event) => event.event === 'reload'));
      expect(await (await fetch(dev.docsUrl)).text()).toContain('5376.625');
      await shows('5376.625');
      await until('the types', () => logged.some((line) => line.startsWith('[dev] types regenerated')));
    } finally {
      await events.close();
    }
  });

  it('reports a save that breaks the lint, in the terminal and on the page, and keeps serving the last good contract', {
    timeout: 120_000,
  }, async () => {
    const events = subscribe(`${dev.docsUrl}/__dev/events`);
    try {
      await project.edit(leaderboardFile, (text) =>
        text.replace('operationId: listLeaderboard', 'operationId: leaderboard_fetch'),
      );
      const problem = await until('a problem event', () => events.events.find((event) => event.event === 'problem'));
      expect(problem.data).toContain('house-operation-id-grammar');
      // A save is a truncation and a write: on a busy machine a pass may start between them, lint the empty
      // file and fail only on the bundle; the pass after it, on the whole file, fails the source lint.
      await until('the source lint failure in the terminal', () =>
        logged.some(
          (line) =>
            line.includes('lint source failed') &&
            line.includes('still serving the last good contract') &&
            line.includes('house-operation-id-grammar'),
        ),
      );
      expect(await biggestWin()).toBe(5376.625);
      expect(await (await fetch(dev.docsUrl)).text()).toContain('5376.625');
      const overlay = page.locator('#dev-problem');
      await overlay.waitFor({ state: 'visible', timeout: 30_000 });
      expect(await overlay.textContent()).toContain('house-operation-id-grammar');

      // A page opened now shows the problem at once.
      const late = subscribe(`${dev.docsUrl}/__dev/events`);
      await until('the problem for a page opened later', () => late.events.some((event) => event.event === 'problem'));
      await late.close();

      // The fix brings back the source the save above served: it is served again without linting it again.
      await project.edit(leaderboardFile, (text) =>
        text.replace('operationId: leaderboard_fetch', 'operationId: listLeaderboard'),
      );
      await until('a reload event once fixed', () => events.events.some((event) => event.event === 'reload'));
      expect(logged.join('\n')).toMatch(
        /^\[dev\] lint ok \(a pass before linted this source: not linted again\), bundle/m,
      );
      await overlay.waitFor({ state: 'detached', timeout: 30_000 });
      await shows('5376.625');
      expect(pageErrors).toEqual([]);
    } finally {
      await events.close();
    }
  });
});

describe('npm run dev options', { tags: ['no-browser'] }, () => {
  it('defaults like npm start, takes 0 for a free port, and refuses a bad one naming it', () => {
    expect(devOptions([], {})).toMatchObject({ host: '127.0.0.1', port: 4010, docsPort: 4011, corsCredentials: false });
    expect(devOptions(['--port', '0'], {})).toMatchObject({ port: 0, docsPort: 0 });
    expect(devOptions([], { MOCK_PORT: '5000' })).toMatchObject({ port: 5000, docsPort: 5001 });
    expect(() => devOptions(['--docs-port', 'docs'], {})).toThrow(
      '--docs-port must be a whole number from 0 (any free port) to 65535, got "docs"',
    );
    expect(() => devOptions([], { MOCK_PORT: '70000' })).toThrow('MOCK_PORT must be a whole number');
    expect(() => devOptions(['--port', '4010', '--docs-port', '4010'], {})).toThrow(
      'The docs need a port of their own; both are 4010.',
    );
  });

  it('is what npm start -- --watch runs, with the same flags', () => {
    expect(startOptions(['--watch'], {}).watch).toBe(true);
    expect(startOptions([], {}).watch).toBe(false);
    const flags = [
      '--port',
      '0',
      '--scenario',
      'getUnrealizedPnl=503',
      '--cors-credentials',
      '--sandbox',
      '--seed',
      '3',
    ];
    const { project, port, docsPort, corsCredentials, scenarios, sandbox } = devOptions(flags, {});
    expect(sandbox).toEqual({ seed: 3 });
    expect(startOptions(['--watch', ...flags], {})).toMatchObject({
      project,
      port,
      docsPort,
      corsCredentials,
      scenarios,
      sandbox,
    });
    expect(() => startOptions(['--project', 'elsewhere'], {})).toThrow('--project goes with --watch.');
  });

  it('npm start takes 0 for a free port too, the docs then on a free port of their own', () => {
    expect(startOptions(['--port', '0'], {})).toMatchObject({ port: 0, docsPort: 0 });
  });
});

describe('npm start -- --watch', { tags: ['no-browser'] }, () => {
  const startScript = fileURLToPath(new URL('../../scripts/start.mjs', import.meta.url));
  const unrealizedPnl = '/v1/portfolio/0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b/unrealized-pnl';

  /**
   * A scratch project whose docs page was rendered before (a copy of the loop's page above), as a checkout that
   * has run `npm run docs` has one: its first cycle makes the page from it instead of rendering it again.
   */
  async function watchedProject() {
    const watched = await createScratchProject();
    await mkdir(path.dirname(watched.file('dist/docs/index.html')), { recursive: true });
    await copyFile(project.file('dist/docs/dev.html'), watched.file('dist/docs/index.html'));
    return watched;
  }

  it('serves the bundle on disk at once, then what was saved while nothing watched, keeping the --scenario choices', async () => {
    const watched = await watchedProject();
    // Saved before the loop starts: generated/ still holds the bundle from before the save.
    await watched.edit(leaderboardFile, (text) => text.replace('biggestWin: 5376.59', 'biggestWin: 5376.85'));
    const flags = ['--watch', '--project', watched.root, '--port', '0', '--docs-port', '0'];
    const started = startNode(startScript, [...flags, '--scenario', 'getUnrealizedPnl=503'], 'Ctrl-C stops.');
    const { command, exited, output } = await started.catch(async (error) => {
      await watched.remove();
      throw error;
    });
    try {
      expect(output()).toContain('Scenarios: getUnrealizedPnl=503');
      const mockUrl = /^Mock: (http\S+)/m.exec(output())?.[1];
      expect(mockUrl, output()).toBeDefined();
      expect((await fetch(`${mockUrl}${unrealizedPnl}`)).status).toBe(503);
      // Ready before its first pass over the source: the bundle on disk is what it serves first.
      expect((await (await fetch(`${mockUrl}/v1/leaderboard`)).json()).content[0].biggestWin).toBe(5376.59);
      expect(output()).not.toContain('[dev] lint ok');

      await until('the first pass to serve the save', async () => {
        const answer = await fetch(`${mockUrl}/v1/leaderboard`);
        return (await answer.json()).content[0].biggestWin === 5376.85;
      });
      expect((await fetch(`${mockUrl}${unrealizedPnl}`)).status).toBe(503);
      expect((await fetch(`${mockUrl}${unrealizedPnl}`, { headers: { prefer: 'code=200' } })).status).toBe(200);
    } finally {
      command.kill('SIGTERM');
      expect(await exited).toBe(0);
      await watched.remove();
    }
  }, 120_000);

  it('refuses a now the sandbox cannot use with exit code 2', async () => {
    // On a scratch copy (a loop that got as far as its first pass would write this repository's generated/):
    // the mock refuses the now before anything is linted, and the command exits 2.
    const scratch = await createScratchProject();
    try {
      const refusedFlags = ['--watch', '--project', scratch.root, '--sandbox', '--now', 'noon', '--port', '0'];
      const { code, stderr: refusal } = await runNode(startScript, [...refusedFlags, '--docs-port', '0']);
      expect(code, refusal).toBe(2);
      expect(refusal).toMatch(/the sandbox's now must be an ISO-8601 instant[\s\S]*Usage: npm start/);
    } finally {
      await scratch.remove();
    }
  }, 180_000);
});
