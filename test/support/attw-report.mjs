// @arethetypeswrong/cli's analysis of several tarballs in one process (packing.ts runs it once per run over
// every tarball the global setup packed): TypeScript loads once, not once per package. For each tarball given as
// an argument it prints the problems the CLI's `--format json` lists, without the node16-cjs resolution (the
// require() of an ESM-only package, left out by design), as one JSON object keyed by tarball. The analysis is
// the CLI's own: @arethetypeswrong/core as the CLI pins it, called as the CLI calls it for a tarball.
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

const [coreModule, ...tarballs] = process.argv.slice(2);
const core = await import(pathToFileURL(String(coreModule)).href);

/** @type {Record<string, unknown[]>} */
const report = {};
for (const tarball of tarballs) {
  try {
    const analysis = await core.checkPackage(
      core.createPackageFromTarballData(new Uint8Array(await readFile(tarball))),
    );
    // No types at all is a problem too (the CLI then reports no problems list).
    report[tarball] = analysis.types
      ? analysis.problems.filter(
          (/** @type {{ resolutionKind?: string }} */ problem) => problem.resolutionKind !== 'node16-cjs',
        )
      : [{ untyped: true }];
  } catch (error) {
    report[tarball] = [{ failed: String(error) }];
  }
}
console.log(JSON.stringify(report));
