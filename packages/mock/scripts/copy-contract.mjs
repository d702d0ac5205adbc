// @ts-check
// `prepack`: the contract travels inside the package, so the mock installed from a tarball serves the
// same bundle the repository built. The copy is git-ignored; generated/openapi.json stays the source.
// Prism's operations for it are made here too, once, and kept beside it (src/prism-operations.ts): each start
// of the mock reads them instead of making them again.
import { copyFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const source = fileURLToPath(new URL('../../../generated/openapi.json', import.meta.url));
const target = fileURLToPath(new URL('../contract/openapi.json', import.meta.url));

await mkdir(new URL('../contract/', import.meta.url), { recursive: true });
try {
  await copyFile(source, target);
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(
    `Cannot copy the contract ${source} into the package: ${reason}. Run \`npm run build\` at the repository root first.`,
  );
  process.exit(1);
}

// Run after tsc (the package's build script), so the compiled module is there.
const { keepOperations } = await import('../dist/prism-operations.js');
await keepOperations(target);
