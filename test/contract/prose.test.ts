// The words of the contract say no more than the seed: no description, summary or guide of the bundle, and
// nothing in the READMEs or the client's doc comments, repeats a claim the seed does not make.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { changelogHeading } from '@trading-analytics/pipeline/changelog';
import { docsDocument, notDocumentedHeading } from '@trading-analytics/pipeline/docs';
import { describe, expect, it } from 'vitest';
import { createContract, scenarioKeys, unknownScenarioMessage } from '../../packages/core/src/index.js';
import { selectionMiss } from '../../packages/core/src/scenarios.js';
import { DEFAULT_NOW, TOKENS } from '../../packages/sandbox/src/cast.js';
import { type Json, loadBundle } from '../support/contract';
import { formatReadings, inventedReasonsFor503, overstatements } from './seed-facts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const clientDir = `${root}packages/client/`;
const read = (file: string) => readFileSync(`${root}${file}`, 'utf8');
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Every prose string of the bundle (descriptions, summaries, code samples), with where it sits. */
function proseOf(node: Json, where = '#', found: [string, string][] = []): [string, string][] {
  if (node === null || typeof node !== 'object') return found;
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === 'string' && ['description', 'summary', 'source'].includes(key))
      found.push([`${where}/${key}`, value]);
    else proseOf(value, `${where}/${key}`, found);
  }
  return found;
}

const readmes = [
  'README.md',
  'openapi/README.md',
  'openapi/components/examples/README.md',
  ...readdirSync(`${root}packages`).map((name) => `packages/${name}/README.md`),
];

const texts: [string, string][] = [
  ...proseOf(loadBundle()),
  ...readmes.map((file) => [file, read(file)] as [string, string]),
  ...readdirSync(`${clientDir}src`)
    .filter((file) => file.endsWith('.ts'))
    .map(
      (file) => [`packages/client/src/${file}`, readFileSync(`${clientDir}src/${file}`, 'utf8')] as [string, string],
    ),
];

/**
 * Every text file of the repository a person reads or runs (sources, tests, scripts, READMEs, the contract's
 * YAML), but what is built or installed and this check's own lists of forbidden words.
 */
function repositoryTexts(dir = root): [string, string][] {
  const skipped = new Set(['node_modules', 'dist', 'generated', '.git', 'coverage']);
  const own = new Set(['test/contract/seed-facts.ts', 'test/contract/prose.test.ts']);
  const found: [string, string][] = [];
  for (const name of readdirSync(dir)) {
    const file = `${dir}${name}`;
    const relative = file.slice(root.length);
    if (skipped.has(name) || own.has(relative) || name === 'package-lock.json') continue;
    if (statSync(file).isDirectory()) found.push(...repositoryTexts(`${file}/`));
    else if (/\.(md|ts|mts|mjs|js|json|ya?ml)$/.test(name)) found.push([relative, readFileSync(file, 'utf8')]);
  }
  return found;
}

/** Every `format` keyword of a node, with the schemas it sits in. */
function formatsOf(node: Json, found = new Set<string>()): Set<string> {
  if (node === null || typeof node !== 'object') return found;
  if (typeof node.format === 'string') found.add(node.format);
  for (const child of Object.values(node)) formatsOf(child, found);
  return found;
}

describe('the prose', () => {
  it('has texts to check, the READMEs among them', () => {
    expect(texts.length).toBeGreaterThan(300);
    expect(readmes).toEqual(
      expect.arrayContaining(['packages/mock/README.md', 'packages/msw/README.md', 'packages/conformance/README.md']),
    );
  });

  it.each(overstatements)('never says %s (%s)', (claim) => {
    // Line breaks inside a folded YAML paragraph read as spaces.
    expect(texts.filter(([, text]) => claim.test(flat(text))).map(([where]) => where)).toEqual([]);
  });

  it("gives the 503 no cause but the seed's (L543), in any wording, anywhere in the repository", () => {
    const everywhere = [...repositoryTexts(), ...proseOf(loadBundle())];
    expect(everywhere.length).toBeGreaterThan(300);
    const invented = everywhere.flatMap(([where, text]) =>
      inventedReasonsFor503(text).map((sentence) => `${where}: ${sentence}`),
    );
    expect(invented).toEqual([]);
  });

  it("tells an invented cause of the 503 from the seed's, however it is worded", () => {
    for (const invented of [
      'The service answers 503 while it catches up.',
      'A 503 means the indexer is still syncing.',
      'While the backend is busy, it returns 503.',
      'The service answers 503 during maintenance.',
      '// 503: the service is overloaded, try later',
    ])
      expect(inventedReasonsFor503(invented), invented).not.toEqual([]);
    for (const seeds of [
      '503 when a complete current valuation is not available.',
      'A 503 means that no complete valuation is available right now, never that the value is zero.',
      'The service answers 503 when a quote is stale or unsafe, or on an RPC timeout.',
      '(a 503 while no complete valuation is available)',
      'The client repeats a read that gets a 503, with a jittered exponential backoff.',
    ])
      expect(inventedReasonsFor503(seeds), seeds).toEqual([]);
  });

  it("quotes the kit's own messages as the kit writes them", () => {
    const document = loadBundle();
    const contract = createContract(document);
    const catalog = scenarioKeys(document);
    // What the core writes for the input a quoted message names: a Prefer status, or a scenario key.
    const written = (operationId: string, rest: string): string | undefined => {
      const status = /^documents no status (\d+)\b/.exec(rest);
      const operation = contract.operations.find((candidate) => candidate.operationId === operationId);
      if (status && operation) return selectionMiss(operation, { code: Number(status[1]) });
      const key = /^has no scenario "([^"]*)"/.exec(rest);
      if (key) return unknownScenarioMessage(operationId, key[1], Object.keys(catalog[operationId]?.keys ?? {}));
      return undefined;
    };
    const quotes = readmes.flatMap((file) =>
      [...flat(read(file)).matchAll(/`([a-z]+[A-Z]\w*) ((?:documents|has no) [^`]*)`/g)].map(
        ([, operationId, rest]) => ({ file, quoted: `${operationId} ${rest}`, operationId, rest }),
      ),
    );
    expect(quotes.length).toBeGreaterThanOrEqual(2);
    for (const { file, quoted, operationId, rest } of quotes) {
      const actual = written(operationId as string, rest as string);
      // A quote may end with "…" where it leaves the rest of the message out.
      const shown = quoted.replace(/…$/, '');
      expect({ file, quoted, actual: actual?.startsWith(shown) ? quoted : actual }).toEqual({
        file,
        quoted,
        actual: quoted,
      });
    }
  });

  it('says the native collateral amount is added when the user pays with the native token', () => {
    const document = loadBundle();
    for (const text of [document.components.schemas.OracleUpdateResult.description, document.info.description]) {
      expect(flat(text)).toMatch(/native collateral amount\*{0,2} when the user pays with the native token/);
    }
  });

  it('says, in the guides, how each format the contract uses is read (L30 "ISO-8601", L113 "URL")', () => {
    const document = loadBundle();
    const own = new Set(
      Object.values<Json>(document.components.schemas)
        .filter((schema) => schema.pattern)
        .map((schema) => schema.format),
    );
    const used = [...formatsOf(document)].filter((format) => !own.has(format)).sort();
    expect(used).toEqual(Object.keys(formatReadings).sort());
    for (const format of used)
      expect({ format, guide: formatReadings[format]!.test(flat(document.info.description)) }).toEqual({
        format,
        guide: true,
      });
  });

  it('names the docs section that lists the open points, which the Changelog follows', () => {
    const guides = flat(loadBundle().info.description);
    expect(guides).toContain(`*${notDocumentedHeading}*, just before the *${changelogHeading}*`);
    const headings = [...docsDocument(loadBundle()).info.description.matchAll(/^# (.+)$/gm)].map((match) => match[1]);
    expect(headings.slice(-2)).toEqual([notDocumentedHeading, changelogHeading]);
  });

  it('says why the older PortfolioData variant (plain decimal strings, L240) is not accepted', () => {
    const readme = flat(read('openapi/README.md'));
    expect(readme).toMatch(
      /One older variant is not accepted: the plain decimal strings of an earlier PortfolioData \(L240\)/,
    );
    expect(readme).toMatch(/"the later one and \.\.\. the one to implement"/);
    expect(readme).toMatch(/a value valid in both would mean two amounts/);
  });

  it("says what totalCount means in the description's words (L50), where every endpoint that returns it reads it", () => {
    const document = loadBundle();
    const totalCount = flat(document.components.schemas.LeaderboardEntry.properties.totalCount.description);
    expect(totalCount).toMatch(/^Total number of ranked traders; it is not this trader's trade count\./);
    // The leaderboard pages, my-rank and trading-stats all return LeaderboardEntry, so all read this text.
    expect(JSON.stringify(document.components.schemas.LeaderboardPage)).toContain(
      '#/components/schemas/LeaderboardEntry',
    );
    const returning = Object.entries<Json>(document.paths)
      .filter(([, item]) =>
        ['#/components/schemas/LeaderboardEntry', '#/components/schemas/LeaderboardPage'].includes(
          item.get?.responses?.['200']?.content?.['application/json']?.schema?.$ref,
        ),
      )
      .map(([path]) => path);
    expect(returning.sort()).toEqual(
      [
        '/v1/leaderboard',
        '/v1/leaderboard/my-rank',
        '/v1/leaderboard/team/{team_code}',
        '/v1/leaderboard/{user_address}/trading-stats',
      ].sort(),
    );
  });

  it('states the one rounding rule the description gives (L263), and that the others are not documented', () => {
    const units = flat(guide('Units and scales'));
    expect(units).toContain('"integer rounding may leave tiny differences"');
    expect(units).toMatch(/For every other USD figure it states none/);
  });

  it('says, where the PnL is read, that the USD value of a PnL in another settlement token is not documented', () => {
    const { schemas } = loadBundle().components;
    for (const field of [
      schemas.LeaderboardEntry.properties.pnl,
      schemas.TradeOverview.properties.realizedPnlUsd,
      schemas.PnlPoint.properties.pnl,
      schemas.PortfolioData.properties.realizedPNL,
      schemas.UnrealizedPnl.properties.unrealizedPnlUsd,
    ])
      expect(flat(field.description)).toMatch(/settlement token .*(valued|converts?) .*not documented by the service/);
  });

  it('gives the trade-history margin and pnl in lvToken decimals in the client README (L213, L461)', () => {
    expect(flat(read('packages/client/README.md'))).toMatch(
      /a trade-history event's `margin` and `pnl` in its `lvToken`'s/,
    );
  });
});

/** The text of one guide of the docs: from its `# heading` to the next one. */
function guide(heading: string): string {
  const description: string = loadBundle().info.description;
  const start = description.indexOf(`\n# ${heading}\n`);
  if (start < 0) return '';
  const next = description.indexOf('\n# ', start + 1);
  return description.slice(start, next < 0 ? undefined : next);
}

describe('the Sandbox guide', () => {
  const text = guide('Sandbox');
  /** Token rows of the guide's decimals table: symbol, address, decimals. */
  const tokenRows = [...text.matchAll(/^\| ([\w ]+?) \| `(0x[0-9a-f]{40})` \| (\d+) \|/gm)].map(
    ([, symbol, address, decimals]) => ({ symbol, address, decimals: Number(decimals) }),
  );

  it('is a guide of the docs', () => {
    expect(text).toContain('# Sandbox');
  });

  it("gives the decimals of the cast's tokens: USDC 6, lvUSDC 6, WMON 18, the reward token 18", () => {
    const decimals = Object.fromEntries(tokenRows.map((row) => [row.symbol, row.decimals]));
    expect(decimals).toMatchObject({ USDC: 6, lvUSDC: 6, WMON: 18, 'Reward token': 18 });
  });

  it("gives each token the address and decimals of the examples' cast and of the sandbox", () => {
    // The cast's table (openapi/components/examples/README.md) writes "USDC (6 decimals, ...) | `0x...`".
    const cast = [
      ...read('openapi/components/examples/README.md').matchAll(/\((\d+) decimals[^)]*\) \| `(0x[0-9a-f]{40})`/g),
    ].map(([, decimals, address]) => [address, Number(decimals)]);
    expect(cast).toHaveLength(4);
    for (const [address, decimals] of cast)
      expect(tokenRows.find((row) => row.address === address)?.decimals, String(address)).toBe(decimals);
    expect(tokenRows.map((row) => [row.address, row.decimals]).sort()).toEqual(
      TOKENS.map((token) => [token.address, token.decimals]).sort(),
    );
  });

  it("names the default now, the examples' now, and the seed", () => {
    expect(DEFAULT_NOW).toBe('2026-11-21T12:00:00Z');
    expect(flat(text)).toContain(`by default ${DEFAULT_NOW}, the examples' now`);
    expect(read('openapi/components/examples/README.md')).toContain('"Now" in the examples is 2026-11-21 12:00 UTC');
    expect(flat(text)).toMatch(/The seed is an integer from 0 to 4294967295 \(default 1\)/);
  });

  it('says how to start it, look around and reset it', () => {
    for (const words of [
      'npm start -- --sandbox',
      'npx trading-analytics-mock --sandbox',
      'startMock({ sandbox: true })',
      'createSandbox({ seed, now, baseUrl })',
      'returning `{ handlers, reset() }`',
      'GET /__sandbox',
      'DELETE /__sandbox',
      'sandbox.reset()',
    ]) {
      expect(flat(text), words).toContain(words);
    }
    expect(flat(text)).toMatch(/`DELETE \/__sandbox` puts the world back to its start/);
  });

  it("says what is the sandbox's own choice, not the service's, and that scenarios still apply", () => {
    expect(flat(text)).toContain("The sandbox's own choices, not the service's.");
    expect(flat(text)).toContain('Scenarios still apply.');
    expect(flat(text)).toMatch(
      /Unrealized PnL refuses another chain with 400, the documented answer to an invalid chain parameter/,
    );
  });
});
