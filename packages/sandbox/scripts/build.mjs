// `npm run build -w @trading-analytics/sandbox` (and `prepack`): compiles src/ to dist/ with its
// declarations. The package has no generated inputs to copy: the world is built from a seed at run time.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const dist = new URL('../dist/', import.meta.url);

export function build() {
  rmSync(dist, { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', packageDir], { stdio: 'inherit' });
  return fileURLToPath(dist);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) build();
