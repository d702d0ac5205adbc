// Runs once per test run: compiles the package afresh, so the command the tests spawn (dist/bin.js) and the
// tarball the package test packs are built from today's sources, with no file left from a removed one.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export default function setup() {
  const packageDir = fileURLToPath(new URL('../../', import.meta.url));
  rmSync(new URL('../../dist/', import.meta.url), { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', packageDir], { stdio: 'inherit' });
}
