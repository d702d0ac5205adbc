// Debian's Chromium (`apt-get install chromium`) driven by playwright-core, for every browser test: no browser
// is ever downloaded, and these flags keep it headless and off the network of its own accord (see
// ../shared/TOOLCHAIN.md; a `--user-data-dir` flag is refused, so each launch gets a throwaway profile). And the
// pages' scripts, bundled by esbuild as an app's bundler would.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BuildOptions, build } from 'esbuild';
import { type BrowserContext, chromium } from 'playwright-core';

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Nothing may leave 127.0.0.1: every other host name fails to resolve. */
const offlineArgs = ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'];

export interface LaunchOptions {
  /** Resolves no host name but 127.0.0.1, so that no request can leave the machine. */
  offline?: boolean;
  viewport?: { width: number; height: number };
}

/** A headless Chromium with a fresh profile of its own; closing the context ends it and removes the profile. */
export async function launchChromium({ offline = false, viewport }: LaunchOptions = {}): Promise<BrowserContext> {
  const profile = await mkdtemp(path.join(tmpdir(), 'chromium-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [...chromiumArgs, ...(offline ? offlineArgs : [])],
    viewport,
  });
  // The profile goes once the browser has exited, which `close()` waits for ('close' events come earlier,
  // while Chromium still writes to it).
  const close = context.close.bind(context);
  context.close = async (options) => {
    await close(options);
    await rm(profile, { recursive: true, force: true, maxRetries: 5 });
  };
  return context;
}

/** A page's script: `entry` (a file, or code given on stdin) bundled by esbuild into one ES module for a browser. */
export async function bundleForPage(entry: Pick<BuildOptions, 'entryPoints' | 'stdin'>): Promise<Buffer> {
  const { outputFiles } = await build({
    ...entry,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return Buffer.from(outputFiles[0]!.contents);
}
