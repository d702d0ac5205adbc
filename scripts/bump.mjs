// @ts-check
// `npm run bump -- <major|minor|patch|X.Y.Z>`: applies the version rule (one version for the contract and every
// package under packages/*) by moving all of them at once from the contract's version, then rebuilds
// generated/ so the bundle and the types carry the new info.version. `--no-build` leaves generated/ alone.
import { bundle } from './lib/bundle.mjs';
import { generate } from './lib/generate.mjs';
import { isEntryPoint, root, runSteps, StepError } from './lib/steps.mjs';
import { contractVersion, isBump, nextVersion, parseVersion, setVersion } from './lib/versions.mjs';

/**
 * Moves every version of the repository at `repoRoot` by `bump` (or to an exact version); returns
 * { from, to, changed } where `changed` lists the files written.
 * @param {string} repoRoot
 * @param {string} bump `major`, `minor`, `patch` or a version
 */
export async function bumpVersions(repoRoot, bump) {
  const from = await contractVersion(repoRoot);
  if (!isBump(bump)) parseVersion(bump);
  const to = isBump(bump) ? nextVersion(from, bump) : bump;
  const changed = await setVersion(repoRoot, to);
  return { from, to, changed };
}

if (isEntryPoint(import.meta.url)) {
  const args = process.argv.slice(2);
  const build = !args.includes('--no-build');
  const [target, ...more] = args.filter((arg) => arg !== '--no-build');
  if (target === undefined || more.length > 0 || !(isBump(target) || /^\d+\.\d+\.\d+$/.test(target))) {
    console.error(
      'Usage: npm run bump -- <major|minor|patch|X.Y.Z> [--no-build]\n(see "Versions and releases" in the README for the rule)',
    );
    process.exit(1);
  }
  /** @type {import('./lib/steps.mjs').Step[]} */
  const steps = [
    [
      `bump ${target}`,
      async () => {
        const { from, to, changed } = await bumpVersions(root, target);
        if (changed.length === 0) throw new StepError(`Every version is already ${to}: nothing to change.`);
        return `${from} -> ${to} in ${changed.join(', ')}`;
      },
    ],
  ];
  if (build) steps.push(['bundle', () => bundle()], ['generate types', () => generate()]);
  await runSteps(steps);
}
