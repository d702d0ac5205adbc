// @ts-check
// `npm run bump -- <major|minor|patch|X.Y.Z>`: applies the version rule (one version for the contract and every
// package under packages/*) by moving all of them at once from the contract's version, then rebuilds
// generated/ so the bundle and the types carry the new info.version. `--no-build` leaves generated/ alone.
import { bundle } from '@trading-analytics/pipeline/bundle';
import { generate } from '@trading-analytics/pipeline/generate';
import { root } from '@trading-analytics/pipeline/paths';
import { runSteps, StepError } from '@trading-analytics/pipeline/steps';
import { bumpVersions, isBump } from '@trading-analytics/pipeline/versions';

const args = process.argv.slice(2);
const build = !args.includes('--no-build');
const [target, ...more] = args.filter((arg) => arg !== '--no-build');
if (target === undefined || more.length > 0 || !(isBump(target) || /^\d+\.\d+\.\d+$/.test(target))) {
  console.error(
    'Usage: npm run bump -- <major|minor|patch|X.Y.Z> [--no-build]\n(see "Versions and releases" in the README for the rule)',
  );
  process.exit(1);
}
/** @type {import('@trading-analytics/pipeline/steps').Step[]} */
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
