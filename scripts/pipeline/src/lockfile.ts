// Completing package-lock.json (`node scripts/complete-lockfile.mjs`), run after adding or updating a dev tool that ships its binary in
// per-platform optional packages (Biome, knip's parser). The registry this project installs from serves only
// some platforms' packages, so npm leaves the others out of package-lock.json, and `npm ci` then refuses the
// lock ("Missing: @biomejs/cli-darwin-arm64 from lock file"). This writes an entry for each missing optional
// package with the version its parent asks for and the platform its name states, so npm ci skips it on every
// other platform; on its own platform npm fetches it as usual. `test/contract/lockfile.test.ts` checks the lock.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './steps.js';

export type LockEntry = {
  version?: string;
  optional?: boolean;
  dev?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
};

/**
 * The platform a package's name states (`cli-darwin-arm64`, `binding-linux-x64-musl`, `binding-wasm32-wasi`),
 * or undefined when the name states none.
 */
export function platformOf(name: string): { os?: string[]; cpu: string[]; libc?: string[] } | undefined {
  const base = name.slice(name.lastIndexOf('/') + 1);
  if (/wasm32/.test(base)) return { cpu: ['wasm32'] };
  const os = [
    'darwin',
    'linux',
    'win32',
    'android',
    'freebsd',
    'openharmony',
    'netbsd',
    'openbsd',
    'sunos',
    'aix',
  ].find((candidate) => new RegExp(`(^|-)${candidate}(-|$)`).test(base));
  const cpu = ['arm64', 'x64', 'ia32', 'riscv64', 'ppc64', 's390x', 'loong64', 'arm'].find((candidate) =>
    new RegExp(`(^|-)${candidate}(-|$)`).test(base.replace(/-(gnueabihf|musleabihf|eabi)$/, '')),
  );
  if (!os || !cpu) return undefined;
  const libc =
    os === 'linux'
      ? /musl/.test(base)
        ? ['musl']
        : /gnu/.test(base) || !/musl/.test(base)
          ? ['glibc']
          : undefined
      : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc } : {}) };
}

/**
 * The optional dependencies of locked packages that have no entry of their own, as `[path, entry]` pairs.
 */
export function missingOptionalEntries(lock: { packages: Record<string, LockEntry> }) {
  const missing: [string, LockEntry][] = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
      const hoisted = `node_modules/${name}`;
      if (lock.packages[nested] || lock.packages[hoisted] || missing.some(([at]) => at === hoisted)) continue;
      const platform = platformOf(name);
      if (!platform) continue;
      // Keys in the order npm writes them (version, then the rest sorted), so a later `npm install` keeps the entry.
      const { os, cpu, libc } = platform;
      missing.push([
        hoisted,
        {
          version,
          cpu,
          ...(entry.dev ? { dev: true } : {}),
          ...(libc ? { libc } : {}),
          optional: true,
          ...(os ? { os } : {}),
        },
      ]);
    }
  }
  return missing;
}

/** Enters every missing optional platform package into the lockfile; returns the locations entered. */
export function completeLockfile(lockFile = path.join(root, 'package-lock.json')) {
  const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
  const missing = missingOptionalEntries(lock);
  for (const [location, entry] of missing) lock.packages[location] = entry;
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
  );
  writeFileSync(lockFile, `${JSON.stringify(lock, null, 2)}\n`);
  return missing.map(([at]) => at);
}
