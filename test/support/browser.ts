// A Chromium driven by playwright-core, for every browser test: the system's when it has one, otherwise the one
// `npm ci` brings (@sparticuz/chromium, unpacked once into node_modules/.cache), so the tests need neither root nor a
// download outside the npm registry. TRADING_ANALYTICS_BROWSER=npm takes the npm one even where a system one is
// installed (CI proves both paths), =system insists on the system one. The flags keep it headless and off the
// network of its own accord (see ../shared/TOOLCHAIN.md; a `--user-data-dir` flag is refused, so each launch
// gets a throwaway profile). And the pages' scripts, bundled by esbuild as an app's bundler would.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type BuildOptions, build } from 'esbuild';
import { type BrowserContext, chromium } from 'playwright-core';
import { trackLaunch } from './open-browsers.ts';

/**
 * Chromium 156 (the system's) draws its omnibox popups with WebUI and preloads them at start, headless too: a
 * renderer of its own (`--type=renderer --top-chrome-webui`) that cost ~1.7 CPU-s per launch, and the browser
 * process ~0.3 more, for a window no test ever opens (10 CPU-s of the 129 Chromium spent in a full run). The
 * headless shell of the npm package has no such features; it ignores the names. Chromium reads only the last
 * `--disable-features`, so the list repeats the features playwright-core turns off (its chromiumSwitches).
 */
const disabledFeatures = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  // playwright-core 1.65's own list.
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/**
 * V8 without its optimising compilers (Maglev, TurboFan): Ignition and Sparkplug only. A test page lives for
 * seconds, too short for optimised code to earn back its compiling; only how fast the pages' scripts run
 * changes, never what they do. Measured on the docs page (system Chromium, 31 sidebar clicks after a load,
 * twice each): the clicks 19.7-22.5 CPU-s with the optimisers, 16.4-17.8 without; the load 7.3 against 5.5-6.6.
 */
const v8Args = '--js-flags=--max-opt=1';

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${disabledFeatures.join(',')}`,
  v8Args,
];

const run = promisify(execFile);
const systemChromium = '/usr/bin/chromium';
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The npm package's Chromium being unpacked by this process, if it is: one unpacking per process. */
let unpacking: Promise<string> | undefined;

/** Where the browser is: the system's, or the npm package's (unpacked once, about 5 s, then reused). */
async function chromiumExecutable(): Promise<string> {
  const choice = process.env.TRADING_ANALYTICS_BROWSER ?? 'auto';
  if (choice !== 'auto' && choice !== 'npm' && choice !== 'system') {
    throw new Error(`TRADING_ANALYTICS_BROWSER is ${JSON.stringify(choice)}: use auto (the default), npm or system`);
  }
  if (choice === 'system' && !existsSync(systemChromium)) {
    throw new Error(`TRADING_ANALYTICS_BROWSER=system, but there is no ${systemChromium}`);
  }
  if (choice === 'system' || (choice === 'auto' && existsSync(systemChromium))) return systemChromium;
  // Two launches of one test file may ask at once: one unpacking serves both.
  unpacking ??= unpackedChromium().catch((error) => {
    unpacking = undefined;
    throw error;
  });
  return unpacking;
}

/**
 * The npm package's Chromium, unpacked into node_modules/.cache (which `npm ci` empties) rather than loose into
 * the temp folder, where the package would put it. Test workers may ask at once: each unpacks into a folder of
 * its own and renames it into place, so none ever launches a half-written browser.
 */
async function unpackedChromium(): Promise<string> {
  // Its exports map hides package.json; the version names the folder, so a new version unpacks afresh.
  const manifest = path.join(repositoryRoot, 'node_modules/@sparticuz/chromium/package.json');
  const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
  const home = path.join(repositoryRoot, 'node_modules/.cache/trading-analytics-api', `chromium-${version}`);
  const executable = path.join(home, 'chromium');
  if (existsSync(executable)) return executable;
  await mkdir(path.dirname(home), { recursive: true });
  const staging = await mkdtemp(`${home}.unpacking-`);
  try {
    // The package unpacks into os.tmpdir(), which reads TMPDIR: a child process of its own gets the staging
    // folder as TMPDIR, so this process's temp folder never moves under its other work (a browser profile, a
    // test's files). Only its executable is used: its flags are for serverless hosts (--single-process ends the
    // browser when a page closes, --disable-web-security hides CORS); launchChromium passes the flags below.
    const entry = JSON.stringify(import.meta.resolve('@sparticuz/chromium'));
    const unpack = `const { default: packaged } = await import(${entry}); await packaged.executablePath();`;
    await run(process.execPath, ['--input-type=module', '--eval', unpack], {
      cwd: repositoryRoot,
      env: { ...process.env, TMPDIR: staging },
    });
    await rename(staging, home).catch((error) => {
      // Another worker got there first: its copy is complete, since it appeared by a rename.
      if (!existsSync(executable)) throw error;
    });
    return executable;
  } finally {
    // Gone after the rename; otherwise a failed or a second copy, which nothing uses.
    await rm(staging, { recursive: true, force: true });
  }
}

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
  const removeProfile = () => rm(profile, { recursive: true, force: true, maxRetries: 5 });
  const launched = (async () => {
    try {
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: await chromiumExecutable(),
        headless: true,
        args: [...chromiumArgs, ...(offline ? offlineArgs : [])],
        viewport,
      });
      // The profile goes once the browser has exited, which `close()` waits for ('close' events come earlier,
      // while Chromium still writes to it).
      const close = context.close.bind(context);
      context.close = async (options) => {
        tracked.settled();
        await close(options);
        await removeProfile();
      };
      return context;
    } catch (error) {
      // A failed launch leaves no browser, only its profile.
      await removeProfile();
      throw error;
    }
  })();
  // Closed at the end of the file if the test does not close it (./open-browsers.ts).
  const tracked = trackLaunch(
    launched.catch(() => {
      tracked.settled();
      return undefined;
    }),
  );
  return launched;
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
