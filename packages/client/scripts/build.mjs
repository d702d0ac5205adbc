// `npm run build -w @trading-analytics/client` (and `prepack`): compiles src/ to dist/, then puts the
// repository's generated/schema.d.ts in place of the one-line re-export emitted as dist/schema.d.ts, so
// the package carries the contract's types without the source keeping a second copy of them.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const dist = new URL('../dist/', import.meta.url);
const generated = new URL('../../../generated/schema.d.ts', import.meta.url);

export function build() {
  rmSync(dist, { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', packageDir], { stdio: 'inherit' });
  const emitted = readFileSync(new URL('schema.d.ts', dist), 'utf8');
  if (!emitted.includes("from '../../../generated/schema.js'")) {
    throw new Error(`dist/schema.d.ts is not the expected re-export of generated/schema.d.ts:\n${emitted}`);
  }
  const header = "// Copied from the repository's generated/schema.d.ts by packages/client/scripts/build.mjs.\n";
  writeFileSync(new URL('schema.d.ts', dist), header + readFileSync(generated, 'utf8'));
  // The module is type-only: its emitted JavaScript is an empty `export {}` nothing imports.
  rmSync(new URL('schema.js', dist));
  return fileURLToPath(dist);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) build();
