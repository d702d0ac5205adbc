// @ts-check
// `prepack`: the contract and its workflows travel inside the package, so the runner installed from a
// tarball checks against the same bundle the repository built. The copies are git-ignored; generated/ stays
// the source.
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const generated = new URL('../../../generated/', import.meta.url);
const target = new URL('../contract/', import.meta.url);

try {
  await mkdir(target, { recursive: true });
  const names = (await readdir(generated)).filter((name) => name === 'openapi.json' || name.endsWith('.arazzo.yaml'));
  if (!names.includes('openapi.json')) throw new Error('generated/openapi.json is missing');
  for (const name of names) await copyFile(new URL(name, generated), new URL(name, target));
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(
    `Cannot copy the contract from ${fileURLToPath(generated)} into the package: ${reason}. Run \`npm run build\` at the repository root first.`,
  );
  process.exit(1);
}
