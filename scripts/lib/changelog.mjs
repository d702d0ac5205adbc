// @ts-check
// Changelogs written from the rated diff: CHANGELOG.md at the root (the contract's) and one per package. Each
// release gets one entry, newest first, its changes grouped Breaking / Added / Changed / Fixed. The docs show
// the contract's changelog as their "Changelog" section (changelogSection, hooked into scripts/docs.mjs).
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { listOperations } from '@trading-analytics/core';
import { root, StepError } from './steps.mjs';

/** @import { OpenApiDocument } from '@trading-analytics/core' */
/** @import { RatedChange } from './gate.mjs' */
/** @import { WorkspacePackage } from './versions.mjs' */

export const changelogHeading = 'Changelog';
export const contractChangelog = path.join(root, 'CHANGELOG.md');

/**
 * Breaking: what requires a major bump; Added: new things; Changed: other minor changes (deprecations);
 * Fixed: patch-level corrections (descriptions, examples, summaries).
 * @param {readonly RatedChange[]} changes
 */
export function groupChanges(changes) {
  /** @type {Record<'Breaking' | 'Added' | 'Changed' | 'Fixed', RatedChange[]>} */
  const groups = { Breaking: [], Added: [], Changed: [], Fixed: [] };
  for (const change of changes) {
    if (change.impact === 'major') groups.Breaking.push(change);
    else if (change.impact === 'minor') (change.kind === 'added' ? groups.Added : groups.Changed).push(change);
    else groups.Fixed.push(change);
  }
  return groups;
}

const bullet = (/** @type {RatedChange} */ change) =>
  `- ${change.where}: ${change.messages.map((message) => message.text).join(' ')}`;

function groupedLines(/** @type {readonly RatedChange[]} */ changes) {
  /** @type {string[]} */
  const lines = [];
  for (const [group, members] of Object.entries(groupChanges(changes))) {
    if (members.length) lines.push(`### ${group}`, '', ...members.map(bullet), '');
  }
  return lines.length ? lines : ['No change to the contract.', ''];
}

/**
 * Every operation of a bundle, grouped by its tag in the order the tags are declared.
 * @param {OpenApiDocument} bundle
 * @returns {[tag: string, operations: string[]][]}
 */
function operationsByTag(bundle) {
  const tags = /** @type {{ name: string }[]} */ (bundle.tags ?? []);
  /** @type {Map<string, string[]>} */
  const byTag = new Map(tags.map((tag) => [tag.name, []]));
  for (const { method, path: route, operation } of listOperations(bundle)) {
    const tag = operation.tags?.[0] ?? 'Other';
    const listed = byTag.get(tag) ?? [];
    byTag.set(tag, listed);
    listed.push(`\`${method.toUpperCase()} ${route}\`${operation.deprecated ? ' (deprecated)' : ''}`);
  }
  return [...byTag].filter(([, operations]) => operations.length);
}

const countOperations = (/** @type {OpenApiDocument} */ bundle) =>
  operationsByTag(bundle).reduce((sum, [, operations]) => sum + operations.length, 0);

/** The contract's entry for a release. `changes` is the rated diff against the previous release; the first
 * release (no previous one) says what it covers instead. */
/**
 * @typedef {object} ReleaseEntry what one release's changelog entry is written from
 * @property {string} version
 * @property {string} date `YYYY-MM-DD`
 * @property {OpenApiDocument} bundle the released contract
 * @property {RatedChange[] | undefined} changes undefined for the first release
 */

/** @param {ReleaseEntry & { packages: WorkspacePackage[] }} entry */
export function contractEntry({ version, date, bundle, changes, packages }) {
  const lines = [`## ${version} (${date})`, ''];
  if (changes === undefined) {
    lines.push(
      `The first release: the contract covers all ${countOperations(bundle)} operations of the service, grouped below as in the docs.`,
      `Released with it, at the same version, the packages built from it:`,
      '',
      ...packages.map((pkg) => `- \`${pkg.name}\`: ${pkg.json.description ?? pkg.dir}`),
      '',
      '### Added',
      '',
      ...operationsByTag(bundle).map(
        ([tag, operations]) => `- **${tag}** (${operations.length}): ${operations.join(', ')}`,
      ),
      '',
    );
  } else {
    lines.push(...groupedLines(changes));
  }
  return lines.join('\n');
}

/** A package's entry: what the package is in its first release, then the contract changes it carries. */
/** @param {ReleaseEntry & { pkg: WorkspacePackage }} entry */
export function packageEntry({ version, date, bundle, changes, pkg }) {
  const lines = [`## ${version} (${date})`, ''];
  if (changes === undefined) {
    lines.push(
      `The first release of \`${pkg.name}\`: ${pkg.json.description ?? ''}.`,
      `Built from contract ${version}, which covers all ${countOperations(bundle)} operations (see the root CHANGELOG.md).`,
      '',
    );
  } else {
    lines.push(
      `Built from contract ${version}. The contract's changes since the previous release:`,
      '',
      ...groupedLines(changes),
    );
  }
  return lines.join('\n');
}

function intro(/** @type {string | undefined} */ title) {
  return [
    `# ${changelogHeading}${title ? `: ${title}` : ''}`,
    '',
    'Written by `npm run release -- --record` from the rated diff against the previous release (`npm run diff`);',
    'newest first. The contract and every package share one version (see "Versions and releases" in the README).',
    '',
  ].join('\n');
}

/**
 * Puts `entry` (for `version`) at the top of a changelog file, creating it when missing (headed `title`). An
 * entry for the same version is an error unless `replace` is set, in which case it is rewritten in place.
 * @param {string} file
 * @param {{ title?: string, version: string, entry: string, replace?: boolean }} options
 */
export async function writeEntry(file, { title, version, entry, replace = false }) {
  const existing = await readFile(file, 'utf8').catch(() => intro(title));
  const sections = existing.split(/^(?=## )/m);
  const [head, ...entries] = sections;
  const index = entries.findIndex((section) => section.startsWith(`## ${version} `));
  if (index !== -1 && !replace) {
    throw new StepError(`${path.relative(root, file) || file} already has an entry for ${version}.`);
  }
  const block = `${entry.trimEnd()}\n\n`;
  if (index !== -1) entries[index] = block;
  else entries.unshift(block);
  await writeFile(file, `${head.trimEnd()}\n\n${entries.join('').trimEnd()}\n`);
}

/** The docs section: the contract's changelog under one `# Changelog` heading (its entries as subsections). */
export function changelogSection(file = contractChangelog) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return `# ${changelogHeading}\n\nNo release has been recorded yet.\n`;
  }
  const body = text.replace(/^# .*\n/, '').trim();
  return `# ${changelogHeading}\n\n${body}\n`;
}
