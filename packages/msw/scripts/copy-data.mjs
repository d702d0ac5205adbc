// @ts-check
// `npm run build` of this package (and `npm run compile`): the handlers' data module, which the root build writes
// from the bundle into generated/ (msw-contract-data.js and its declarations), copied into dist/ before tsc runs,
// so the handlers import it as ./contract-data.js from the sources (tsconfig.json's rootDirs) and from dist/ alike.
import { copyFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const generated = new URL('../../../generated/', import.meta.url);
const dist = new URL('../dist/', import.meta.url);
const files = [
  ['msw-contract-data.js', 'contract-data.js'],
  ['msw-contract-data.d.ts', 'contract-data.d.ts'],
];

try {
  await mkdir(dist, { recursive: true });
  for (const [from, to] of files) await copyFile(new URL(from, generated), new URL(to, dist));
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(
    `Cannot copy the handlers' data from ${fileURLToPath(generated)}: ${reason}. Run \`npm run build\` at the repository root first.`,
  );
  process.exit(1);
}
