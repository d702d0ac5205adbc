// @ts-check
// `npm run build -w @trading-analytics/types` (and `npm run compile`): the package is the repository's
// generated/schema.d.ts, copied to dist/index.d.ts with a header, so the published types are self-contained
// while the repository keeps one copy of the generated file. Nothing is compiled: the package has no runtime,
// only an empty module, so that an import TypeScript keeps (`import { type X }` under verbatimModuleSyntax)
// still resolves when it runs.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const dist = new URL('../dist/', import.meta.url);
const generated = new URL('../../../generated/schema.d.ts', import.meta.url);
const header = "// The repository's generated/schema.d.ts, copied by packages/types/scripts/build.mjs.\n";

let types;
try {
  types = await readFile(generated, 'utf8');
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`Cannot read ${fileURLToPath(generated)}: ${reason}. Run \`npm run build\` at the repository root.`);
  process.exit(1);
}
await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
await writeFile(new URL('index.d.ts', dist), header + types);
await writeFile(
  new URL('index.js', dist),
  '// @trading-analytics/types has no runtime: its types are in index.d.ts.\nexport {};\n',
);
