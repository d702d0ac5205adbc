// The rendered docs in a real browser (Debian's chromium driven by playwright-core), opened from file:// and
// over http the way the mock serves them. Every request that would leave the page's own origin is refused and
// counted, and so is any load the page's content security policy blocks: both must stay at 0. The checks
// click and wait for what a reader sees, so a page whose renderer is broken fails even though its prerendered
// HTML still holds every word. Over http a reader walks to every operation and guide; from file:// loads,
// follows a deep link, clicks and searches (the origins table says why).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildDocs, notDocumentedHeading } from '@trading-analytics/pipeline/docs';
import { scenariosHeading } from '@trading-analytics/pipeline/docs-scenarios';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notShown } from '../contract/seed-facts';
import { launchChromium } from '../support/browser';
import { type Json, listOperations, loadBundle } from '../support/contract';
import { at } from '../support/present';

// Not samples.ts's: that module loads the TypeScript compiler (~1.5 CPU-s), which this file does not use.
const root = fileURLToPath(new URL('../../', import.meta.url));
const document = loadBundle();
const outputDir = path.join(root, 'test-output');
const docsFile = path.join(outputDir, 'docs/index.html');

interface DocOperation {
  operationId: string;
  summary: string;
  tag: string;
  sample?: string;
}

// In the order of the sidebar: tags as declared, operations in path order within a tag.
const operations: DocOperation[] = (document.tags as Json[]).flatMap((tag) =>
  listOperations(document)
    .filter(({ operation }) => operation.tags[0] === tag.name)
    .map(({ operation }) => ({
      operationId: operation.operationId,
      summary: operation.summary,
      tag: tag.name,
      sample: operation['x-codeSamples']?.[0]?.source,
    })),
);
const guides = [...(document.info.description as string).matchAll(/^# (.+)$/gm)]
  .map((match) => match[1]!)
  .concat(scenariosHeading, notDocumentedHeading);
const markers: string[] = [];
(function collect(node: Json, key?: string) {
  if (node === null || typeof node !== 'object' || key === 'examples' || key === 'example') return;
  if (!Array.isArray(node) && typeof node['x-not-documented'] === 'string') markers.push(node['x-not-documented']);
  for (const [childKey, child] of Object.entries(node)) collect(child, childKey);
})(document);

const metrics: Record<string, unknown> = {};
/** The longest sidebar click of the file, from the click to its section on screen (each has a 10 s limit). */
let slowestClickMs = 0;
let context: BrowserContext;
let server: Server;
/** Where the page is served over http, on a port the OS picked; known once the first beforeAll has run. */
let httpDocsUrl: string;

beforeAll(async () => {
  await buildDocs(docsFile);
  const html = await readFile(docsFile);
  metrics.htmlBytes = html.length;
  server = createServer((request, response) => {
    if (request.url === '/docs/' || request.url === '/docs/index.html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  httpDocsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/docs/`;
  // The narrowest window that keeps the page's three panels side by side (its CSS switches at 1280 px): the
  // browser paints and composites what is on screen after each click, and this window has 71% of the pixels
  // of 1440 x 900, for the same layout (measured: ~12% less Chromium CPU per sidebar click).
  context = await launchChromium({ viewport: { width: 1280, height: 720 } });
});

afterAll(async () => {
  metrics.slowestClickMs = slowestClickMs;
  await context?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await mkdir(outputDir, { recursive: true });
  await writeFile(path.join(outputDir, 'docs-metrics.json'), `${JSON.stringify(metrics, null, 2)}\n`);
  console.log(`docs metrics: ${JSON.stringify(metrics)}`);
});

/** A page that lets through only its own origin and counts everything else it tries to load. */
async function watchedPage(ownOrigin: string) {
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  // A load parses and renders the whole page (its HTML is nearly 3 MB): more work than any click, and under a
  // loaded machine's wait for CPU it may take longer than a click's limit. Playwright's own default for loads.
  page.setDefaultNavigationTimeout(30_000);
  const outside: string[] = [];
  const blockedByPolicy: string[] = [];
  const errors: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(ownOrigin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    outside.push(url);
    return route.abort('blockedbyclient');
  });
  // The policy also refuses `eval` (the search index then runs without a worker); only refused loads count.
  await page.exposeFunction('reportBlockedLoad', (uri: string) => void blockedByPolicy.push(uri));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event: SecurityPolicyViolationEvent) => {
      if (/^[a-z][a-z0-9+.-]*:/i.test(event.blockedURI))
        (window as unknown as { reportBlockedLoad(uri: string): void }).reportBlockedLoad(event.blockedURI);
    });
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
  });
  return { page, outside, blockedByPolicy, errors };
}

const sidebar = (page: Page) => page.locator('[data-component-name="Menu/Menu"]').first();

/** Clicks through the sidebar to an operation and waits until its own section is on screen. */
async function reachOperation(page: Page, operation: DocOperation, timeout = 10_000) {
  const started = performance.now();
  const link = sidebar(page).getByText(operation.summary, { exact: true });
  // Whether the link can be clicked is read only once the sidebar is at rest: mid-move, a visible link may be
  // covered for a moment (and the tag's click would then close nothing but move the page to the tag).
  await sidebarAtRest(page, timeout);
  // A reader opens the tag when the link cannot be clicked: hidden, or clipped by a group that is still (or
  // stuck) collapsing, where the link keeps a box that isVisible() counts but another item covers it. What
  // the pointer would hit is read from the page at once: a trial click with a short limit (it was 1 s) said
  // "covered" on a busy machine for a link that was only slow to check, and the tag's click then moved the
  // page to the tag's own section ("#/portfolio") instead of the operation's.
  const clickable = (await link.isVisible()) && (await pointerReaches(link, timeout));
  if (!clickable) {
    await sidebar(page).getByText(operation.tag, { exact: true }).click({ timeout });
    const tagHash = `/${operation.tag.toLowerCase().replace(/ /g, '-')}`;
    await addressEndsWith(page, tagHash, timeout);
    // The address changes at once, but Redoc shows it later (see sidebarAtRest): the link is clicked only
    // once the group left behind has closed and the sidebar has stopped moving under the pointer.
    await sidebarAtRest(page, timeout);
  }
  await link.click({ timeout });
  await sectionOnScreen(page, `/${operation.operationId.toLowerCase()}`, operation.summary, timeout);
  slowestClickMs = Math.max(slowestClickMs, Math.round(performance.now() - started));
}

/**
 * Waits until nothing moves the sidebar's items any more, so that a click lands where it was aimed.
 *
 * Redoc (3.x) changes the address at once on a click, but its router hands the new address to React in a
 * transition, which a busy machine renders long after (seconds, under load). That late commit marks the new
 * item active, closes the group left behind (every item below it slides up over ~200 ms), opens the new one
 * (its items take no pointer events while it grows), and then, in an effect, scrolls the sidebar until the
 * active item is a row's height inside it. Playwright checks what the pointer hits only at the press: when the
 * items slide between press and release, the release lands on the neighbour, the click goes to the list
 * around both, and the address stays where it was ("#/portfolio" for getUnrealizedPnl, after "Trade history"
 * closed under it). Waiting for the address and two frames did not cover the commit.
 *
 * At rest means, in two consecutive animation frames: the active item is the current address's (the commit is
 * in), no group is opening or closing (Redoc's animation leaves inline styles on the group while it runs), the
 * active item lies where Redoc's scroll leaves it (or the sidebar cannot scroll further), and the sidebar's
 * scroll offset and the active item's box are the same as in the frame before.
 */
async function sidebarAtRest(page: Page, timeout: number) {
  const unsettled = await sidebar(page).evaluate(
    (menu, limit) =>
      new Promise<string | null>((settled) => {
        let scroller = menu.parentElement;
        while (scroller && scroller !== menu.ownerDocument.body) {
          const { overflowY } = getComputedStyle(scroller);
          if ((overflowY === 'auto' || overflowY === 'scroll') && scroller.scrollHeight > scroller.clientHeight) break;
          scroller = scroller.parentElement;
        }
        if (scroller === menu.ownerDocument.body) scroller = null;
        const deadline = performance.now() + limit;
        let before: string | undefined;
        const look = (): { at: string } | { unsettled: string } => {
          const address = window.location.hash.slice(1) || '/';
          const active = menu.querySelectorAll('[data-testid="menu-item-label"][data-active="true"]');
          const label = active[0];
          if (active.length !== 1 || !label) return { unsettled: `${active.length} active items in the sidebar` };
          const href = label.closest('a')?.getAttribute('href')?.replace(/^#/, '');
          if (href !== address) return { unsettled: `the active item is "${href}", the address "${address}"` };
          for (const element of Array.from(menu.querySelectorAll<HTMLElement>('[style]'))) {
            const { transition, pointerEvents, display } = element.style;
            if (transition !== '' || (pointerEvents === 'none' && display !== 'none'))
              return { unsettled: 'a group of the sidebar is still opening or closing' };
          }
          const box = label.getBoundingClientRect();
          if (scroller) {
            const view = scroller.getBoundingClientRect();
            const atTop = scroller.scrollTop <= 0;
            const atBottom = scroller.scrollTop >= scroller.scrollHeight - scroller.clientHeight - 1;
            if (
              (box.top < view.top + box.height - 2 && !atTop) ||
              (box.bottom > view.bottom - box.height + 2 && !atBottom)
            )
              return { unsettled: 'the sidebar has not scrolled to its active item yet' };
          }
          return { at: `${scroller?.scrollTop} ${box.top} ${box.left} ${menu.getBoundingClientRect().height}` };
        };
        const frame = () => {
          const seen = look();
          if ('at' in seen && seen.at === before) return settled(null);
          before = 'at' in seen ? seen.at : undefined;
          if (performance.now() > deadline)
            return settled('unsettled' in seen ? seen.unsettled : 'the sidebar kept moving');
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    timeout,
  );
  if (unsettled !== null) throw new Error(`the sidebar did not come to rest within ${timeout} ms: ${unsettled}`);
}

/**
 * Whether a click on the sidebar link would land on it: scrolled into the sidebar's view, the element at its
 * centre is the link (or inside it), not a neighbour covering it or nothing (clipped away).
 */
async function pointerReaches(link: ReturnType<Page['locator']>, timeout: number) {
  await link.scrollIntoViewIfNeeded({ timeout });
  return link.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    const hit = element.ownerDocument.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

/**
 * Waits until the page's address ends in `end` (its hash). Playwright hears of every change of the address,
 * pushState and hash changes included, so this waits for an event, where a `waitForFunction` would evaluate its
 * test in every animation frame (its default polling) and keep the page drawing frames for as long as it waits.
 */
async function addressEndsWith(page: Page, end: string, timeout: number) {
  await page.waitForURL((address) => address.hash.endsWith(end), { timeout, waitUntil: 'commit' });
}

/**
 * Waits until the address names a section ending in `hashEnd` and that section's heading, reading `title`, is
 * visible inside the viewport. Guides are headings themselves; operations are sections holding one.
 */
async function sectionOnScreen(page: Page, hashEnd: string, title: string, timeout = 10_000) {
  // On a miss, say where the page went instead: a click that lands on a neighbour reads differently from a
  // page that never moved.
  await addressEndsWith(page, hashEnd, timeout).catch(async (error) => {
    const seen = await page.evaluate(() => window.location.hash).catch(() => '(page gone)');
    throw new Error(`the address did not come to …${hashEnd} within ${timeout} ms; it reads "${seen}"`, {
      cause: error,
    });
  });
  const sectionId = decodeURIComponent(new URL(page.url()).hash.slice(2));
  const heading = page.locator(`[id="${sectionId}"]`).locator('xpath=descendant-or-self::h2').first();
  await heading.waitFor({ state: 'visible', timeout });
  await waitInViewport(page, heading, timeout);
  expect((await heading.textContent())?.trim()).toBe(title);
}

async function waitInViewport(page: Page, locator: ReturnType<Page['locator']>, timeout: number) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const box = await locator.boundingBox();
    const viewport = page.viewportSize()!;
    if (box && box.y >= 0 && box.y + box.height <= viewport.height && box.x >= 0 && box.x < viewport.width) return;
    if (Date.now() > deadline)
      throw new Error(`${await locator.textContent()} is not on screen (box ${JSON.stringify(box)})`);
    await page.waitForTimeout(50);
  }
}

describe('the docs content', { tags: ['no-browser'] }, () => {
  it('lists all 31 operations, each under its tag', () => {
    expect(operations).toHaveLength(31);
    expect(new Set(operations.map((operation) => operation.tag))).toEqual(
      new Set((document.tags as Json[]).map((tag) => tag.name)),
    );
  });

  it('has every guide the docs promise', () => {
    expect(guides).toEqual(
      expect.arrayContaining([
        'Conventions',
        'Units and scales',
        'Oracle price updates and the transaction value',
        'Unrealized PnL: valuation and 503',
        'Pagination and page sizes',
        'Events and legacy names',
        'Versioning',
        'Check a running service',
        'Sandbox',
        notDocumentedHeading,
      ]),
    );
  });
});

// The page's address and the origin it may load from (the http one is read after the server has started), and
// whether a reader walks the whole page there. Both origins serve the same bytes to the same renderer: what the
// origin changes is the load, the address, what the page may fetch and what its policy refuses, which the
// checks of both cover (a load, a deep link, a click, the search, the screenshot, no request off the page).
// Every operation and guide is clicked once, over http, as `npm start` serves the page.
const origins = [
  [
    'file',
    () => ({ url: pathToFileURL(docsFile).href, ownOrigin: `${pathToFileURL(path.dirname(docsFile)).href}/` }),
    { walk: false },
  ],
  ['http', () => ({ url: httpDocsUrl, ownOrigin: httpDocsUrl }), { walk: true }],
] as const;

describe.each(origins)('docs page over %s', (originName, address, { walk }) => {
  let watched: Awaited<ReturnType<typeof watchedPage>>;
  let page: Page;
  let url: string;

  beforeAll(async () => {
    const served = address();
    url = served.url;
    watched = await watchedPage(served.ownOrigin);
    page = watched.page;
  });
  afterAll(async () => {
    await page?.close();
  });

  it('shows the first operation after a fresh load and two clicks', async () => {
    const started = performance.now();
    await page.goto(url);
    await reachOperation(page, at(operations, 0));
    metrics[`loadAndClickToFirstOperationMs_${originName}`] = Math.round(performance.now() - started);
  });

  it('opens a deep link straight at an operation', async () => {
    const link = new URL(page.url()).hash;
    await page.goto('about:blank');
    const started = performance.now();
    await page.goto(`${url}${link}`);
    await sectionOnScreen(page, link.slice(1), at(operations, 0).summary);
    metrics[`deepLinkToFirstOperationMs_${originName}`] = Math.round(performance.now() - started);
  });

  if (walk)
    it.each(operations.map((operation) => [operation.operationId, operation] as const))(
      'reaches %s by clicking the sidebar',
      async (_id, operation) => {
        await reachOperation(page, operation);
        if (operation.sample) {
          // The client sample is the request panel's language, and its code is on screen.
          const firstLine = operation.sample.split('\n')[0];
          await page.locator('pre', { hasText: firstLine }).first().waitFor({ state: 'visible' });
          await page.getByText('@trading-analytics/client', { exact: true }).first().waitFor({ state: 'visible' });
        }
      },
    );

  it('finds an operation with the search box', async () => {
    const target = operations.find((operation) => operation.operationId === 'getUnrealizedPnl')!;
    await page.locator('[data-testid="search-trigger"]').click();
    const dialog = page.locator('[data-testid="search-dialog"]');
    await dialog.getByRole('textbox').fill('unrealized');
    await dialog.getByRole('link').filter({ hasText: target.summary }).first().click();
    await sectionOnScreen(page, '/getunrealizedpnl', target.summary);
  });

  if (walk)
    it.each(guides.map((guide) => [guide] as const))('renders the guide "%s"', async (guide) => {
      await sidebarAtRest(page, 10_000);
      await sidebar(page).getByText(guide, { exact: true }).click();
      const slug = guide.toLowerCase().replace(/ /g, '-');
      await sectionOnScreen(page, `/section/${slug}`, guide);
    });

  if (walk)
    it('lists every not-documented marker of the contract in the generated section', async () => {
      await sidebarAtRest(page, 10_000);
      await sidebar(page).getByText(notDocumentedHeading, { exact: true }).click();
      const table = page.locator('table', { hasText: 'What is not documented' }).first();
      await table.waitFor({ state: 'visible' });
      const rows = await table.locator('tbody tr').allTextContents();
      expect(rows).toHaveLength(Object.keys(notShown).length);
      expect(markers).toHaveLength(Object.keys(notShown).length);
      const text = rows.join('\n').replace(/\s+/g, ' ');
      for (const marker of markers) expect(text).toContain(marker.replaceAll('`', '').replace(/\s+/g, ' ').trim());
    });

  it('writes a screenshot', async () => {
    await reachOperation(page, operations.find((operation) => operation.operationId === 'getUnrealizedPnl')!);
    const file = path.join(outputDir, `docs-${originName}.png`);
    await page.screenshot({ path: file });
    expect((await readFile(file)).length).toBeGreaterThan(10_000);
  });

  it('sent no request off the page and raised no error', () => {
    expect(watched.outside).toEqual([]);
    expect(watched.blockedByPolicy).toEqual([]);
    expect(watched.errors).toEqual([]);
  });
});

describe('a broken page', () => {
  it('fails the click-through check even though its HTML holds the text', async () => {
    const html = await readFile(docsFile, 'utf8');
    // The renderer never starts: the page keeps its prerendered markup and the whole definition as text.
    const broken = html.replace(
      'hydrate(__redoc_definition, __redoc_options',
      'void (__redoc_definition, __redoc_options',
    );
    expect(broken).not.toBe(html);
    expect(broken.includes(at(operations, 0).summary)).toBe(true);
    const brokenFile = path.join(outputDir, 'docs/broken.html');
    await writeFile(brokenFile, broken);
    const { page } = await watchedPage(`${pathToFileURL(path.dirname(brokenFile)).href}/`);
    try {
      await page.goto(pathToFileURL(brokenFile).href);
      await expect(reachOperation(page, at(operations, 0), 3_000)).rejects.toThrow();
    } finally {
      await page.close();
      await rm(brokenFile, { force: true });
    }
  });
});
