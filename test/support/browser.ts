// Debian's Chromium (`apt-get install chromium`) driven by playwright-core, for every browser test: no browser
// is ever downloaded, and these flags keep it headless and off the network of its own accord (see
// ../shared/TOOLCHAIN.md; a `--user-data-dir` flag is refused, so each launch gets a throwaway profile).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchOptions {
  /** Flags on top of `chromiumArgs`. */
  extraArgs?: string[];
  viewport?: { width: number; height: number };
}

/** A headless Chromium with a fresh profile of its own; closing the context ends it and removes the profile. */
export async function launchChromium({ extraArgs = [], viewport }: LaunchOptions = {}): Promise<BrowserContext> {
  const profile = await mkdtemp(path.join(tmpdir(), 'chromium-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [...chromiumArgs, ...extraArgs],
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
