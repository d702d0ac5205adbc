// @ts-check
// `npm run release`: builds, runs the breaking-change gate, packs every package under packages/* into
// dist/release/ with a CycloneDX SBOM each and a SHA-256 list of it all (@trading-analytics/pipeline/release).
// Dry by default: nothing is published unless asked, and nothing in the tree changes.
//
//   npm run release                              build, gate, pack, SBOMs, checksums
//   npm run release -- --record                  the same, then record the release: the baseline
//                                                (generated/release/openapi.json) and the changelog entries
//   npm run release -- --record --replace 1.0.0  re-record the first release over its unpublished baseline
//   npm run release -- --publish --registry <url>  the same, then publish the tarballs
//   --skip-build                                 use generated/ as it is;  --out <dir>  instead of dist/release
import path from 'node:path';
import { parseArgs } from 'node:util';
import { messageOf } from '@trading-analytics/core';
import { release } from '@trading-analytics/pipeline/release';
import { failureText } from '@trading-analytics/pipeline/steps';

let values;
try {
  ({ values } = parseArgs({
    options: {
      record: { type: 'boolean' },
      replace: { type: 'string' },
      'skip-build': { type: 'boolean' },
      out: { type: 'string' },
      publish: { type: 'boolean' },
      registry: { type: 'string' },
    },
  }));
  if (values.publish && values.registry === undefined)
    throw new Error(
      '--publish needs --registry <url>, the registry to publish to (`npm config get registry` for your default one).',
    );
  if (values.registry !== undefined && !values.publish)
    throw new Error('--registry only makes sense with --publish: a release is published only when asked.');
} catch (error) {
  console.error(
    `${messageOf(error)}\nUsage: npm run release [-- --record [--replace <first version>]] [--publish --registry <url>] [--skip-build] [--out <dir>]`,
  );
  process.exit(1);
}
try {
  await release({
    record: values.record,
    replace: values.replace,
    skipBuild: values['skip-build'],
    outDir: values.out ? path.resolve(values.out) : undefined,
    registry: values.publish ? values.registry : undefined,
  });
} catch (error) {
  console.error(failureText(error));
  process.exitCode = 1;
}
