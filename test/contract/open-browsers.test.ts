// The browsers a test file leaves open are ended when the file ends (test/support/temp-cleanup.ts runs
// closeOpenBrowsers): one whose launch outlived the hook that awaited it too, and a failed launch leaves
// no profile folder behind. No Chromium starts here: the launches are stand-ins, and the failed one has no browser to find.
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { describe, expect, it, vi } from 'vitest';
import { launchChromium } from '../support/browser';
import { closeOpenBrowsers, trackLaunch } from '../support/open-browsers';

/** A stand-in launch that resolves when told to, with a browser whose closes are counted. */
function pendingLaunch() {
  // Closing settles it, as launchChromium's close does.
  const browser = { close: vi.fn(async () => void tracked.settled()) };
  let open: () => void = () => undefined;
  const tracked = trackLaunch(
    new Promise<typeof browser>((resolve) => {
      open = () => resolve(browser);
    }),
  );
  return { browser, open };
}

describe('closeOpenBrowsers', () => {
  it('closes a browser nobody closed, once, even one whose launch ends after the cleanup began', async () => {
    const done = pendingLaunch();
    done.open();
    const late = pendingLaunch();
    const cleanup = closeOpenBrowsers();
    late.open();
    await cleanup;
    expect(done.browser.close).toHaveBeenCalledTimes(1);
    expect(late.browser.close).toHaveBeenCalledTimes(1);
    await closeOpenBrowsers();
    expect(done.browser.close).toHaveBeenCalledTimes(1);
  });

  it('leaves nothing of a launch that failed: no profile folder, nothing to close', async () => {
    const profiles = async () => (await readdir(tmpdir())).filter((name) => name.startsWith('chromium-profile-'));
    const before = await profiles();
    vi.stubEnv('TRADING_ANALYTICS_BROWSER', 'nowhere');
    try {
      await expect(launchChromium()).rejects.toThrow('TRADING_ANALYTICS_BROWSER is "nowhere"');
    } finally {
      vi.unstubAllEnvs();
    }
    await closeOpenBrowsers();
    expect(await profiles()).toEqual(before);
  });
});
