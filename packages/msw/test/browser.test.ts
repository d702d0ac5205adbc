// The handlers in a real browser: a page bundled by esbuild starts MSW's service worker (the script put in
// place by `msw init`, as the README says), calls the client and renders what it got (a second page does
// the same with createSandbox's handlers, the world built in the page), in Debian's
// Chromium with no network: the host resolver knows no name but 127.0.0.1, and every request that would
// leave the page's origin is refused and counted.
// @module-tag static (the Node matrix leaves this file to npm test: the code under test runs in Chromium)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bundleForPage, launchChromium } from '../../../test/support/browser.js';
import { outputOf } from '../../../test/support/commands.js';

const page = `<!doctype html><meta charset="utf-8"><title>msw kit</title>
<p>PnL <output id="pnl"></output> · APY <output id="apy"></output> · <output id="unavailable"></output> · <output id="state"></output></p>
<script type="module" src="/app.js"></script>`;
const sandboxPage = `<!doctype html><meta charset="utf-8"><title>msw sandbox</title><link rel="icon" href="data:,">
<p>rank <output id="rank"></output> · page <output id="page"></output> · joined <output id="joined"></output> · <output id="unavailable"></output> · <output id="state"></output></p>
<script type="module" src="/sandbox-app.js"></script>`;

let work: string;
let server: Server;
let origin: string;
let context: BrowserContext;
const files = new Map<string, { type: string; body: Buffer | string }>();

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'msw-browser-'));
  writeFileSync(path.join(work, 'package.json'), '{"private": true}');
  // The documented way to get the worker script: msw's own command, from the msw the app installed.
  const mswPackage = createRequire(import.meta.url).resolve('msw/package.json');
  const mswCli = path.join(path.dirname(mswPackage), JSON.parse(readFileSync(mswPackage, 'utf8')).bin.msw);
  await outputOf(process.execPath, [mswCli, 'init', path.join(work, 'public'), '--no-save'], { cwd: work });
  // Each entry by its own literal URL, which knip follows to the page's modules.
  for (const entry of [
    new URL('browser/app.ts', import.meta.url),
    new URL('browser/sandbox-app.ts', import.meta.url),
  ]) {
    const bundle = await bundleForPage({ entryPoints: [fileURLToPath(entry)] });
    files.set(`/${path.basename(entry.pathname, '.ts')}.js`, { type: 'text/javascript', body: bundle });
  }
  files.set('/', { type: 'text/html; charset=utf-8', body: page });
  files.set('/sandbox.html', { type: 'text/html; charset=utf-8', body: sandboxPage });
  files.set('/mockServiceWorker.js', {
    type: 'text/javascript',
    body: readFileSync(path.join(work, 'public/mockServiceWorker.js')),
  });
  server = createServer((request, response) => {
    const file = files.get(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    if (file) response.writeHead(200, { 'content-type': file.type }).end(file.body);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  context = await launchChromium({ offline: true });
});

afterAll(async () => {
  await context?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Opens a page of the test server and waits for its #state; `errors` collects what the page logged as errors. */
async function openPage(path: string) {
  const errors: string[] = [];
  const tab = await context.newPage();
  tab.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  tab.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
  });
  await tab.goto(`${origin}${path}`);
  await tab
    .locator('#state')
    .filter({ hasText: /done|failed/ })
    .waitFor({ timeout: 30_000 });
  return { errors, text: (id: string) => tab.locator(`#${id}`).textContent() };
}

// Chromium logs every response of 4xx or 5xx; the 503 scenario's is the only error a page may show.
const only503 = [
  'console error: Failed to load resource: the server responded with a status of 503 (Service Unavailable)',
];

it('a page with the worker gets the examples through the client, on its own origin and another, and the 503 scenario', async () => {
  const outside: string[] = [];
  // The context's route also sees what the service worker itself fetches.
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`)) return route.continue();
    outside.push(url);
    return route.abort('blockedbyclient');
  });
  const page = await openPage('/');
  expect(await page.text('state')).toBe('done');
  expect(await page.text('pnl')).toBe('865.25');
  expect(await page.text('apy')).toBe('0.0842');
  expect(await page.text('unavailable')).toBe('ApiError 503');
  expect(page.errors).toEqual(only503);
  expect(outside).toEqual([]);
});

it('a page with the worker answers from createSandbox: the asked rank and page, a join until /__sandbox resets it, a case before the world', async () => {
  const page = await openPage('/sandbox.html');
  expect(await page.text('state')).toBe('done');
  expect(await page.text('rank')).toBe('2');
  expect(await page.text('page')).toBe('11,12,13,14,15');
  expect(await page.text('joined')).toBe('true then false');
  expect(await page.text('unavailable')).toBe('ApiError 503');
  expect(page.errors).toEqual(only503);
});
