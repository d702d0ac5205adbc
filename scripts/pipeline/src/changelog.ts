// Changelogs written from the rated diff: CHANGELOG.md at the root (the contract's) and one per package. Each
// release gets one entry, newest first, its changes grouped Breaking / Added / Changed / Fixed. The docs show
// the contract's changelog as their "Changelog" section (changelogSection, hooked into scripts/docs.mjs).
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OpenApiDocument } from '@trading-analytics/core';
import { listOperations } from '@trading-analytics/core';
import type { RatedChange } from './gate.js';
import { root, StepError } from './steps.js';
import type { WorkspacePackage } from './versions.js';

export const changelogHeading = 'Changelog';
export const contractChangelog = path.join(root, 'CHANGELOG.md');

/**
 * Breaking: what requires a major bump; Added: new things; Changed: other minor changes (deprecations);
 * Fixed: patch-level corrections (descriptions, examples, summaries).
 */
export function groupChanges(changes: readonly RatedChange[]) {
  const groups: Record<'Breaking' | 'Added' | 'Changed' | 'Fixed', RatedChange[]> = {
    Breaking: [],
    Added: [],
    Changed: [],
    Fixed: [],
  };
  for (const change of changes) {
    if (change.impact === 'major') groups.Breaking.push(change);
    else if (change.impact === 'minor') (change.kind === 'added' ? groups.Added : groups.Changed).push(change);
    else groups.Fixed.push(change);
  }
  return groups;
}

const bullet = (change: RatedChange) =>
  `- ${change.where}: ${change.messages.map((message) => message.text).join(' ')}`;

function groupedLines(changes: readonly RatedChange[]) {
  const lines: string[] = [];
  for (const [group, members] of Object.entries(groupChanges(changes))) {
    if (members.length) lines.push(`### ${group}`, '', ...members.map(bullet), '');
  }
  return lines.length ? lines : ['No change to the contract.', ''];
}

/**
 * Every operation of a bundle, grouped by its tag in the order the tags are declared.
 */
function operationsByTag(bundle: OpenApiDocument): [tag: string, operations: string[]][] {
  const tags = (bundle.tags ?? []) as { name: string }[];
  const byTag: Map<string, string[]> = new Map(tags.map((tag) => [tag.name, []]));
  for (const { method, path: route, operation } of listOperations(bundle)) {
    const tag = operation.tags?.[0] ?? 'Other';
    const listed = byTag.get(tag) ?? [];
    byTag.set(tag, listed);
    listed.push(`\`${method.toUpperCase()} ${route}\`${operation.deprecated ? ' (deprecated)' : ''}`);
  }
  return [...byTag].filter(([, operations]) => operations.length);
}

const countOperations = (bundle: OpenApiDocument) =>
  operationsByTag(bundle).reduce((sum, [, operations]) => sum + operations.length, 0);

/** The contract's entry for a release. `changes` is the rated diff against the previous release; the first
 * release (no previous one) says what it covers instead. */
/** what one release's changelog entry is written from */
export interface ReleaseEntry {
  version: string;
  /** `YYYY-MM-DD` */
  date: string;
  /** the released contract */
  bundle: OpenApiDocument;
  /** undefined for the first release */
  changes: RatedChange[] | undefined;
}

/** @param entry */
export function contractEntry({
  version,
  date,
  bundle,
  changes,
  packages,
}: ReleaseEntry & { packages: WorkspacePackage[] }) {
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
/** @param entry */
export function packageEntry({ version, date, bundle, changes, pkg }: ReleaseEntry & { pkg: WorkspacePackage }) {
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

function intro(title: string | undefined) {
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
 */
export async function writeEntry(
  file: string,
  { title, version, entry, replace = false }: { title?: string; version: string; entry: string; replace?: boolean },
) {
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
  await writeFile(file, `${(head ?? '').trimEnd()}\n\n${entries.join('').trimEnd()}\n`);
}

/** The docs section: the contract's changelog under one `# Changelog` heading (its entries as subsections). */
export function changelogSection(file = contractChangelog) {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return `# ${changelogHeading}\n\nNo release has been recorded yet.\n`;
  }
  const body = text.replace(/^# .*\n/, '').trim();
  return `# ${changelogHeading}\n\n${body}\n`;
}
