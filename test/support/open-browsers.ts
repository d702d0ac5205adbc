// The browsers a test file launched and has not closed (test/support/browser.ts adds each launch here). A launch
// can outlive the hook that started it (a `beforeAll` past its limit): nothing would then end its browser or
// remove its profile, so the per-file cleanup (temp-cleanup.ts) closes what is left. Apart from browser.ts, so
// that the cleanup loads no playwright-core in files without a browser.

/** Closes a launched browser and removes its profile; the launch's promise resolves to one, or to nothing. */
type Launch = Promise<{ close(): Promise<void> } | undefined>;

const open = new Set<Launch>();

/** Holds `launch` until `settled` says it is closed (or never opened). */
export function trackLaunch(launch: Launch): { settled(): void } {
  open.add(launch);
  return { settled: () => open.delete(launch) };
}

/** Ends every browser still open, waiting for launches under way. */
export async function closeOpenBrowsers(): Promise<void> {
  await Promise.all([...open].map(async (launch) => (await launch)?.close()));
}
