// `npm run release -- --publish --registry <url>`: the release's tarballs published, each after the packages of
// the release it depends on, once every other step has passed. Before anything is published the registry is
// asked for each version: one already there with the same tarball (a rerun after a partial publish) is left
// as it is, one there with another tarball stops the publish before it starts; afterwards the registry must
// serve each published tarball as packed (asked of it once for them all). Credentials stay in npm's own config:
// the registry is shown without them, and what npm prints passes through `redact` before it is shown.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { messageOf } from '@trading-analytics/core';
import { outputOf, outsideNpmEnv } from './run-command.js';
import { StepError } from './steps.js';

export interface Publishable {
  name: string;
  version: string;
  /** the tarball's absolute path */
  tarball: string;
  /** the names of the release's packages it depends on */
  needs: string[];
}

/**
 * The registry's URL, checked; `shown` is how it may be printed (no user, password, query or fragment).
 */
export function registryUrl(text: string) {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new StepError(`--registry ${JSON.stringify(redact(text))} is not a URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new StepError(`--registry must be an http or https URL, not ${url.protocol}`);
  const shown = new URL(url.href);
  shown.username = '';
  shown.password = '';
  shown.search = '';
  shown.hash = '';
  return { href: url.href, shown: shown.href };
}

/** `text` without what could be a credential: URL user info, `_authToken=`/`_auth=`/`_password=` values, bearer tokens, npm tokens. */
export function redact(text: string) {
  return text
    .replace(/\/\/[^/\s@]*@/g, '//***@')
    .replace(/(_authToken|_auth|_password)(\s*=\s*)\S+/gi, '$1$2***')
    .replace(/(bearer|basic)\s+[\w.~+/=-]+/gi, '$1 ***')
    .replace(/\bnpm_[A-Za-z0-9]{20,}\b/g, 'npm_***');
}

/**
 * The packages in an order that publishes each one after the release's packages it needs.
 */
export function publishOrder(packages: Publishable[]): Publishable[] {
  const ordered: Publishable[] = [];
  const pending = [...packages];
  while (pending.length > 0) {
    const ready = pending.filter((pkg) =>
      pkg.needs.every((name) => ordered.some((done) => done.name === name) || !pending.some((p) => p.name === name)),
    );
    if (ready.length === 0)
      throw new StepError(
        `These packages need each other, so none can go first: ${pending.map((p) => p.name).join(', ')}`,
      );
    for (const pkg of ready) {
      ordered.push(pkg);
      pending.splice(pending.indexOf(pkg), 1);
    }
  }
  return ordered;
}

/** The integrity npm records for a tarball: `sha512-` and the base64 SHA-512 of its bytes. */
async function integrityOf(tarball: string) {
  return `sha512-${createHash('sha512')
    .update(await readFile(tarball))
    .digest('base64')}`;
}

/**
 * The integrity of the tarball the registry holds for name@version, or undefined when it holds none.
 */
async function publishedIntegrity(pkg: Publishable, registry: string): Promise<string | undefined> {
  try {
    const stdout = await outputOf(
      'npm',
      ['view', `${pkg.name}@${pkg.version}`, 'dist.integrity', '--json', '--registry', registry],
      { cwd: path.dirname(pkg.tarball), env: outsideNpmEnv() },
    );
    // A package the registry has, without this version, prints nothing.
    return stdout.trim() ? JSON.parse(stdout) : undefined;
  } catch (error) {
    if (/\bE404\b/.test(messageOf(error))) return undefined;
    throw new StepError(`cannot ask the registry about ${pkg.name}@${pkg.version}:\n${redact(messageOf(error))}`);
  }
}

/**
 * The integrity of the tarball `registry` serves for each of `packages` (name@version), by one `npm pack --dry-run`
 * over them all: npm reads each package document afresh (`--prefer-online`, as `npm view` does), fetches the
 * tarball it names and checks it against the document's integrity, with the user's npm config (scope registries,
 * credentials, proxies, CAs); nothing is written. One npm process instead of one `npm view` per package. Rejects
 * when the registry lacks any of them.
 */
async function servedIntegrities(packages: Publishable[], registry: string): Promise<Map<string, string>> {
  const specs = packages.map((pkg) => `${pkg.name}@${pkg.version}`);
  const stdout = await outputOf(
    'npm',
    ['pack', ...specs, '--dry-run', '--json', '--prefer-online', '--ignore-scripts', '--registry', registry],
    { cwd: path.dirname(packages[0]?.tarball ?? '.'), env: outsideNpmEnv() },
  );
  const served = new Map<string, string>();
  for (const entry of JSON.parse(stdout) as { name: string; version: string; integrity: string }[])
    served.set(`${entry.name}@${entry.version}`, entry.integrity);
  return served;
}

/**
 * Publishes the packages to `registry` (see the top of this file); resolves with a one-line account.
 */
export async function publishTarballs(packages: Publishable[], registry: string): Promise<string> {
  const url = registryUrl(registry);
  const ordered = publishOrder(packages);
  const toPublish: Publishable[] = [];
  const already: string[] = [];
  const conflicts: string[] = [];
  // The registry is asked about every package at once (one npm process each).
  const held = await Promise.all(
    ordered.map(async (pkg) => {
      const [ours, theirs] = await Promise.all([integrityOf(pkg.tarball), publishedIntegrity(pkg, url.href)]);
      return { pkg, ours, theirs };
    }),
  );
  for (const { pkg, ours, theirs } of held) {
    if (theirs === undefined) toPublish.push(pkg);
    else if (theirs === ours) already.push(`${pkg.name}@${pkg.version}`);
    else conflicts.push(`${pkg.name}@${pkg.version}`);
  }
  if (conflicts.length > 0)
    throw new StepError(
      `${url.shown} already holds ${conflicts.join(', ')} with another tarball than this release's: nothing was published. A published version cannot be replaced: bump (npm run bump -- patch) and release again.`,
    );
  const published: string[] = [];
  for (const pkg of toPublish) {
    try {
      await outputOf(
        'npm',
        ['publish', pkg.tarball, '--registry', url.href, '--access', 'public', '--ignore-scripts', '--no-audit'],
        { cwd: path.dirname(pkg.tarball), env: outsideNpmEnv() },
      );
    } catch (error) {
      const done = published.length > 0 ? `published before it: ${published.join(', ')}` : 'nothing was published';
      throw new StepError(
        `publishing ${pkg.name}@${pkg.version} to ${url.shown} failed (${done}; a rerun skips what is there):\n${redact(messageOf(error))}`,
      );
    }
    published.push(`${pkg.name}@${pkg.version}`);
  }
  if (toPublish.length > 0) {
    const served = await servedIntegrities(toPublish, url.href).catch((error: unknown) => {
      throw new StepError(
        `${url.shown} does not serve what was published (${published.join(', ')}):\n${redact(messageOf(error))}`,
      );
    });
    const differing: string[] = [];
    for (const { pkg, ours } of held)
      if (toPublish.includes(pkg) && served.get(`${pkg.name}@${pkg.version}`) !== ours)
        differing.push(`${pkg.name}@${pkg.version}`);
    if (differing.length > 0)
      throw new StepError(
        `${url.shown} does not hold ${differing.join(', ')} as published (published: ${published.join(', ')}).`,
      );
  }
  return `${url.shown}: ${published.length ? `published ${published.join(', ')}` : 'published nothing'}${already.length ? `; already there with the same tarball: ${already.join(', ')}` : ''}`;
}
