// The breaking-change gate behind `npm run diff` and `npm run release`: compares a bundle with the last
// release's bundle (generated/release/openapi.json), rates every change by the semver bump it requires, and
// finds where the versions (the contract's info.version and every package's, which move together) announce a
// smaller bump than the changes require.
//
// The rating is Redocly CLI's `diff` with its diff-recommended rules (direction-aware: a change is judged by
// whether it sits in what a client sends or in what it receives). Four house rules correct it where it is
// wrong for this contract's clients; each is named in the output and explained in scripts/README.md.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  escapePointer,
  HTTP_METHODS,
  messageOf,
  pointerSegments,
  resolve,
  valueAtPointer,
} from '@trading-analytics/core';
import { bundlePath, generatedDir, root } from './paths.js';
import { runTool, takePidLock } from './run-command.js';
import { StepError } from './steps.js';
import type { Bump, WorkspacePackage } from './versions.js';
import { announcedBump, isAtLeast, largerBump, nextVersion, versions } from './versions.js';

/** One change of Redocly's JSON report (`redocly diff --format json`), as far as the gate reads it. */
interface RedoclyChange {
  kind: 'added' | 'removed' | 'modified';
  /** the pointer through which Redocly reached the change */
  path: string;
  /** the keyword that changed (kind `modified`) */
  property?: string;
  /** what kind of node it is: `Operation`, `Schema`... */
  typeName?: string;
  impact: Bump;
  verdicts: { message: string; ruleId: string }[];
  base?: { pointer: string; value?: unknown };
  revision?: { pointer: string; value?: unknown };
}
export type RedoclyReport = { changes: RedoclyChange[] };
export type ComparedDocuments = { base?: unknown; revision?: unknown };
/** A change as the gate rates it. */
export interface RatedChange {
  impact: Bump;
  kind: RedoclyChange['kind'];
  /** the changed node in words */
  where: string;
  /** the operation it was reached through, unless `where` names it */
  operation?: string;
  messages: { text: string; rule?: string }[];
}
interface HouseRule {
  id: string;
  impact: Bump;
  applies: (change: RedoclyChange, documents: ComparedDocuments) => boolean;
  message: (change: RedoclyChange) => string;
}

export const baselinePath = path.join(generatedDir, 'release/openapi.json');
const diffConfig = path.join(root, 'scripts/redocly-diff.yaml');

/** Whether a path item's key is an operation's method. */
const isMethod = (key: string | undefined) => HTTP_METHODS.some((method) => method === key);

/** The unescaped segments of a pointer (`#/paths/~1v1~1pairs/get`), empty ones dropped. */
const segmentsOf = (pointer: string) =>
  pointerSegments(pointer.replace(/^#?\/?/, '/')).filter((segment) => segment !== '');

/** The node at a JSON pointer of a document, or undefined. */
function nodeAt(document: unknown, pointer: string): unknown {
  const segments = segmentsOf(pointer);
  return segments.length === 0 ? document : valueAtPointer(document, `/${segments.map(escapePointer).join('/')}`);
}

/**
 * A JSON pointer in words: `GET /v1/pairs › summary`, `schema Position › properties › margin`; with the
 * document, a parameter is named (`GET /v1/pairs › parameter symbol`) rather than numbered.
 */
function readablePointer(pointer: string, document?: unknown) {
  const raw = segmentsOf(pointer);
  const parts: string[] = [];
  for (let index = 0; index < raw.length; index++) {
    const name =
      raw[index] === 'parameters' && /^\d+$/.test(raw[index + 1] ?? '')
        ? parameterName(document, raw.slice(0, index + 2))
        : undefined;
    if (name) {
      parts.push(`parameter ${name}`);
      index++;
    } else parts.push(raw[index] as string);
  }
  const [area, name, third] = parts;
  if (area === 'paths' && name) {
    const head = third && isMethod(third) ? `${third.toUpperCase()} ${name}` : `path ${name}`;
    return [head, ...parts.slice(isMethod(third) ? 3 : 2)].join(' › ');
  }
  if (area === 'components' && name && third) {
    const kinds: Record<string, string> = {
      schemas: 'schema',
      parameters: 'parameter',
      responses: 'response',
      examples: 'example',
      headers: 'header',
    };
    return [`${kinds[name] ?? name} ${third}`, ...parts.slice(3)].join(' › ');
  }
  return parts.join(' › ') || 'the document';
}

/** The name of the parameter at `segments` of a document (following its reference), if there is one. */
function parameterName(document: unknown, segments: string[]) {
  if (!document) return undefined;
  const parameter = resolve(document, nodeAt(document, `/${segments.map(escapePointer).join('/')}`));
  const name = (parameter as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' ? name : undefined;
}

/** The operation through which Redocly reached a change (`GET /v1/pairs`), if any. */
function operationOf(walkPath: string) {
  const [area, route, method] = segmentsOf(walkPath);
  return area === 'paths' && method && isMethod(method) ? `${method.toUpperCase()} ${route}` : undefined;
}

/** The name a message gives the node that holds a keyword: its property or component name. */
function nameOf(keywordPointer: string | undefined) {
  return segmentsOf(keywordPointer ?? '').at(-2) ?? 'the document';
}

const short = (value: unknown) =>
  ['string', 'number', 'boolean'].includes(typeof value) && String(value).length <= 60 ? `'${value}'` : undefined;
const words = (typeName = 'node') => typeName.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** Redocly's change in words, where no rule gave it any. */
function defaultMessage(change: RedoclyChange) {
  if (change.kind !== 'modified') {
    const parts = segmentsOf((change.revision ?? change.base)?.pointer ?? '');
    const what = parts.at(-2) === 'properties' ? `property \`${parts.at(-1)}\`` : words(change.typeName);
    return `${change.kind === 'added' ? 'Added' : 'Removed'} ${what}.`;
  }
  const [from, to] = [short(change.base?.value), short(change.revision?.value)];
  return from && to ? `\`${change.property}\` changed from ${from} to ${to}.` : `\`${change.property}\` changed.`;
}

/** The values of `base` that `revision` lacks, when both are lists. */
const lostValues = (base: unknown, revision: unknown) =>
  Array.isArray(base) && Array.isArray(revision)
    ? base.filter((value) => !revision.some((kept) => JSON.stringify(kept) === JSON.stringify(value)))
    : [];

/** The values of an enum written as oneOf/anyOf of `const` members, or undefined when it is not one. */
function constValues(schema: unknown) {
  const { oneOf, anyOf } = isObject(schema) ? (schema as { oneOf?: unknown; anyOf?: unknown }) : {};
  const members: unknown = oneOf ?? anyOf;
  return Array.isArray(members) && members.length > 0 && members.every(hasConst)
    ? members.map((member: { const: unknown }) => member.const)
    : undefined;
}

const isObject = (node: unknown): node is object => typeof node === 'object' && node !== null;
/** Whether a node is a `const` member (`{ const: value }`). */
const hasConst = (node: unknown): node is { const: unknown } => isObject(node) && 'const' in node;

const sameValues = (a: unknown[], b: unknown[]) =>
  a.length === b.length && lostValues(a, b).length === 0 && lostValues(b, a).length === 0;

// The house rules: where diff-recommended rates a change wrongly for this contract's clients, each sets the
// impact the change has. Redocly's own verdicts stay in the output; an overruled one says so.
const houseRules: HouseRule[] = [
  {
    // diff-recommended counts a lost enum value as breaking only in a request. A client also depends on the
    // values it may receive: its generated union type loses the member (code comparing with it stops
    // compiling) and what it handled or filtered on silently disappears.
    id: 'house/enum-value-removed',
    impact: 'major',
    applies: (change) =>
      change.kind === 'modified' &&
      change.property === 'enum' &&
      lostValues(change.base?.value, change.revision?.value).length > 0,
    message: (change) =>
      `Enum \`${nameOf(change.base?.pointer)}\` lost values: ${lostValues(change.base?.value, change.revision?.value)
        .map((value) => `'${value}'`)
        .join(', ')}; a client may send or receive them.`,
  },
  {
    // The same for an enum written as oneOf/anyOf of `const` members (the form that lets one value carry
    // `deprecated: true`): removing a member removes a value.
    id: 'house/const-member-removed',
    impact: 'major',
    applies: (change) =>
      change.kind === 'removed' &&
      hasConst(change.base?.value) &&
      ['oneOf', 'anyOf'].includes(segmentsOf(change.base.pointer).at(-2) ?? ''),
    message: (change) =>
      `Value '${hasConst(change.base?.value) ? change.base.value.const : ''}' of \`${segmentsOf(change.base?.pointer ?? '').at(-3)}\` was removed; a client may send or receive it.`,
  },
  {
    // Rewriting `enum: [A, B]` as oneOf of `const: A` and `const: B` (to deprecate one value) keeps the same
    // values, but diff-recommended sees the enum disappear and rates it major. The values decide: when they
    // are the same, nothing a client sends or receives changes.
    id: 'house/enum-rewritten-as-const-members',
    impact: 'patch',
    applies: (change, { revision }) => {
      if (
        change.kind !== 'modified' ||
        change.property !== 'enum' ||
        !Array.isArray(change.base?.value) ||
        change.revision?.value !== undefined
      )
        return false;
      const values = constValues(nodeAt(revision, change.base.pointer.replace(/\/enum$/, '')));
      return values !== undefined && sameValues(values, change.base.value);
    },
    message: (change) =>
      `Enum \`${nameOf(change.base?.pointer)}\` rewritten as oneOf of const members with the same values.`,
  },
  {
    // Semantic Versioning asks for a minor release to announce a deprecation before the major that removes
    // it; diff-recommended rates the new `deprecated: true` as a patch.
    id: 'house/deprecated',
    impact: 'minor',
    applies: (change) =>
      change.kind === 'modified' && change.property === 'deprecated' && change.revision?.value === true,
    message: () => 'Marked deprecated.',
  },
];

const diffCacheDir = path.join(root, 'node_modules/.cache/trading-analytics-api/redocly-diff');

/**
 * What Redocly diffs of a bundle: the document with its info.version set to one placeholder, written as the
 * build writes a bundle. The version is no change of the contract (rateChanges drops it; the gate judges the
 * versions itself), so two pairs of bundles that differ only in their versions, or only in their layout, are
 * one diff: the gate's cases and the rating's seed the same changes at several versions.
 */
function diffInput(text: string) {
  const document = JSON.parse(text);
  if (document && typeof document === 'object' && document.info && typeof document.info === 'object')
    document.info.version = '0.0.0';
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The key of a diff: Redocly's version, the diff config and both inputs (diffInput), byte for byte. */
async function diffKey(base: string, revision: string) {
  const hash = createHash('sha256');
  const manifest = createRequire(import.meta.url).resolve('@redocly/cli/package.json');
  hash.update(`${JSON.parse(await readFile(manifest, 'utf8')).version}\0`);
  hash.update(await readFile(diffConfig)).update('\0');
  for (const text of [base, revision]) hash.update(text).update('\0');
  return hash.digest('hex');
}

/**
 * A report made for other files of the same content, naming these files instead (relative to the working
 * directory, as Redocly names them).
 */
function relocated(
  report: RedoclyReport & { files?: { base: string; revision: string } },
  baseFile: string,
  revisionFile: string,
) {
  const files = { base: path.relative(process.cwd(), baseFile), revision: path.relative(process.cwd(), revisionFile) };
  for (const change of report.changes) {
    if (change.base) Object.assign(change.base, { file: files.base });
    if (change.revision) Object.assign(change.revision, { file: files.revision });
  }
  return { ...report, files };
}

/** How long a diff waits for another process's diff of the same documents before it runs its own. */
const diffWaitMs = 120_000;

/**
 * Takes the turn to diff the documents whose report goes to `cached`: resolves with what ends the turn once
 * the report is written, or with undefined when the report appeared meanwhile (another diff of the same
 * documents, in this process or another, finished first). A lock left by a process that has ended is taken
 * over; after diffWaitMs the diff runs all the same.
 */
async function diffTurn(cached: string): Promise<(() => Promise<void>) | undefined> {
  await mkdir(diffCacheDir, { recursive: true });
  const lock = `${cached}.lock`;
  const turn = await takePidLock(lock, { finished: () => existsSync(cached), waitMs: diffWaitMs, pollMs: 100 });
  if (turn.state === 'done') return undefined;
  // A diff that waited too long runs Redocly itself, leaving the holder's lock alone.
  return turn.state === 'taken' ? () => rm(lock, { force: true }) : async () => {};
}

/**
 * Redocly's report on two bundles, as JSON (`redocly diff --format json`), but for info.version (see
 * diffInput). Reports are kept by content (Redocly's version, the diff config, both inputs) in
 * node_modules/.cache, so the same two documents are diffed once, also when several diffs of them start at
 * once (the gate's and the rating's tests, in parallel): one runs Redocly, the others wait for its report.
 */
export async function redoclyDiff(baseFile: string, revisionFile: string): Promise<RedoclyReport> {
  const [base, revision] = await Promise.all([
    readFile(baseFile, 'utf8').then(diffInput),
    readFile(revisionFile, 'utf8').then(diffInput),
  ]);
  const cached = path.join(diffCacheDir, `${await diffKey(base, revision)}.json`);
  const known = await readFile(cached, 'utf8').catch(() => undefined);
  if (known !== undefined) return relocated(JSON.parse(known), baseFile, revisionFile);
  const endTurn = await diffTurn(cached);
  if (endTurn === undefined) return relocated(JSON.parse(await readFile(cached, 'utf8')), baseFile, revisionFile);
  const scratch = await mkdtemp(path.join(tmpdir(), 'diff-'));
  try {
    const [baseInput, revisionInput] = [path.join(scratch, 'base.json'), path.join(scratch, 'revision.json')];
    await Promise.all([writeFile(baseInput, base), writeFile(revisionInput, revision)]);
    const report = path.join(scratch, 'diff.json');
    await runTool('redocly', [
      'diff',
      baseInput,
      revisionInput,
      '--config',
      diffConfig,
      '--format',
      'json',
      '--fail-on',
      'none',
      '--output',
      report,
    ]);
    const text = await readFile(report, 'utf8');
    // Written aside and renamed into place, so a concurrent reader never sees half a report.
    const aside = `${cached}.${process.pid}-${path.basename(scratch)}`;
    await writeFile(aside, text);
    await rename(aside, cached);
    return relocated(JSON.parse(text), baseFile, revisionFile);
  } finally {
    await rm(scratch, { recursive: true, force: true });
    await endTurn();
  }
}

/**
 * Redocly's changes, corrected by the house rules, most important first. The version in info.version is not a
 * change of the contract: the gate judges it separately.
 * @param documents the two bundles, for the house rules that look around a change
 */
export function rateChanges(report: RedoclyReport, documents: ComparedDocuments = {}): RatedChange[] {
  const rated: RatedChange[] = [];
  for (const change of report.changes) {
    if (change.path === '#/info' && change.property === 'version') continue;
    const location = (change.kind === 'added' ? change.revision : (change.base ?? change.revision))?.pointer ?? '';
    // A modified keyword is named by the node that holds it; the message names the keyword.
    const keyword = `/${escapePointer(String(change.property))}`;
    const pointer =
      change.kind === 'modified' && location.endsWith(keyword) ? location.slice(0, -keyword.length) : location;
    let impact = change.impact;
    let messages: RatedChange['messages'] = change.verdicts.map((verdict) => ({
      text: verdict.message,
      rule: verdict.ruleId,
    }));
    for (const rule of houseRules) {
      if (impact === rule.impact || !rule.applies(change, documents)) continue;
      if (isAtLeast(impact, rule.impact))
        messages = messages.map((message) => ({ ...message, rule: `${message.rule}, overruled by ${rule.id}` }));
      messages.unshift({ text: rule.message(change), rule: rule.id });
      impact = rule.impact;
    }
    if (messages.length === 0) messages.push({ text: defaultMessage(change), rule: undefined });
    const operation = operationOf(change.path);
    const where = readablePointer(pointer, change.kind === 'added' ? documents.revision : documents.base);
    rated.push({
      impact,
      kind: change.kind,
      where,
      operation: where.startsWith(operation ?? '\0') ? undefined : operation,
      messages,
    });
  }
  const order = { major: 0, minor: 1, patch: 2 };
  return rated.sort((a, b) => order[a.impact] - order[b.impact]);
}

/** The bump a list of rated changes requires (null: none). */
export const requiredBump = (changes: readonly RatedChange[]) =>
  changes.reduce((bump: Bump | null, change) => largerBump(bump, change.impact), null);

/** The gate's verdict. */
export interface GateResult {
  /** the last release's version; undefined when none is recorded */
  baselineVersion: string | undefined;
  /** the contract's version */
  version: string;
  packages: WorkspacePackage[];
  /** the packages whose version is not the contract's */
  disagreeing: WorkspacePackage[];
  changes: RatedChange[];
  required: Bump | null;
  announced: Bump | null;
  bumpProblems: string[];
  agreementProblems: string[];
  problems: string[];
}

/**
 * The gate's verdict on a bundle against a baseline, with the versions of the repository at `repoRoot`.
 */
export async function checkChanges({
  baselineFile = baselinePath,
  bundleFile = bundlePath,
  repoRoot = root,
}: {
  baselineFile?: string;
  bundleFile?: string;
  repoRoot?: string;
} = {}): Promise<GateResult> {
  const bundle = JSON.parse(await readFile(bundleFile, 'utf8'));
  const { contract, packages, disagreeing } = await versions(repoRoot);
  if (bundle.info.version !== contract) {
    throw new StepError(
      `The bundle says ${bundle.info.version} but openapi/openapi.yaml says ${contract}: run \`npm run build\`.`,
    );
  }
  if (!existsSync(baselineFile)) {
    const agreementProblems = disagreeingProblems(disagreeing, contract);
    return {
      baselineVersion: undefined,
      version: contract,
      packages,
      disagreeing,
      changes: [],
      required: null,
      announced: null,
      bumpProblems: [],
      agreementProblems,
      problems: agreementProblems,
    };
  }
  const baseline = JSON.parse(await readFile(baselineFile, 'utf8'));
  const changes = rateChanges(await redoclyDiff(baselineFile, bundleFile), { base: baseline, revision: bundle });
  const required = requiredBump(changes);
  const bumpProblems: string[] = [];
  let announced: Bump | null = null;
  try {
    announced = announcedBump(baseline.info.version, contract);
  } catch (error) {
    bumpProblems.push(`${messageOf(error)} Set it back to ${baseline.info.version} or above.`);
  }
  if (bumpProblems.length === 0 && !isAtLeast(announced, required)) {
    const target = nextVersion(baseline.info.version, required);
    bumpProblems.push(
      `These changes require a ${required} bump from ${baseline.info.version}, but the version ${announced ? `announces a ${announced} bump (${contract})` : `is still ${contract}`}.`,
      `Fix: bump to ${target}: npm run bump -- ${required}`,
    );
  }
  const agreementProblems = disagreeingProblems(disagreeing, bumpProblems.length ? undefined : contract);
  const problems = [...bumpProblems, ...agreementProblems];
  return {
    baselineVersion: baseline.info.version,
    version: contract,
    packages,
    disagreeing,
    changes,
    required,
    announced,
    bumpProblems,
    agreementProblems,
    problems,
  };
}

/**
 * @param contract the version to bump to, when the bump is not already asked for
 */
function disagreeingProblems(disagreeing: readonly WorkspacePackage[], contract: string | undefined) {
  if (disagreeing.length === 0) return [];
  const list = disagreeing.map((pkg) => `${pkg.name} (${pkg.dir}) is ${pkg.version}`).join(', ');
  return [
    `Every package carries the contract's version, but ${list}. Fix: ${contract ? `npm run bump -- ${contract}` : 'the bump above sets them all'}`,
  ];
}

/**
 * The gate's report, as printed by `npm run diff`.
 */
export function formatReport(
  result: GateResult,
  { baselineFile = baselinePath, bundleFile = bundlePath }: { baselineFile?: string; bundleFile?: string } = {},
) {
  const lines = [];
  const relative = path.relative(root, baselineFile) || baselineFile;
  if (result.baselineVersion === undefined) {
    lines.push(
      `No release recorded (${relative} is missing): nothing to compare with. Record one with \`npm run release -- --record\`.`,
    );
  } else {
    lines.push(
      `Contract ${result.version} (${path.relative(root, bundleFile) || bundleFile}) against release ${result.baselineVersion} (${relative}):`,
    );
    if (result.changes.length === 0) lines.push('  no changes');
    for (const change of result.changes) {
      const [first, ...more] = change.messages;
      lines.push(
        `  ${change.impact.padEnd(5)}  ${change.where}: ${first?.text}${first?.rule ? ` [${first.rule}]` : ''}`,
      );
      for (const message of more) lines.push(`         ${message.text}${message.rule ? ` [${message.rule}]` : ''}`);
      if (change.operation) lines.push(`         (reached through ${change.operation})`);
    }
    const counts = ['major', 'minor', 'patch'].map(
      (impact) => `${result.changes.filter((change) => change.impact === impact).length} ${impact}`,
    );
    lines.push(
      `${counts.join(', ')}: requires ${result.required ? `a ${result.required} bump` : 'no bump'}; the versions announce ${result.announced ? `a ${result.announced} bump` : 'none'} (${result.baselineVersion} -> ${result.version}).`,
    );
  }
  lines.push(
    `Versions: contract ${result.version}; ${result.packages.map((pkg) => `${pkg.name} ${pkg.version}`).join(', ')}.`,
  );
  if (result.problems.length) lines.push('', 'FAILED:', ...result.problems.map((problem) => `  ${problem}`));
  else lines.push('OK: the versions announce every change.');
  return lines.join('\n');
}
