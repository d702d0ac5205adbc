// What the READMEs and the docs say of the sandbox is what it answers. The claims are read from the texts, not
// matched as one phrasing: every "status `kind`" a text names is asked of the sandbox; no sentence that
// speaks of a refusal names a case the sandbox serves; every count, rank and PnL a cast row gives is the
// world's.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadBundle } from '../../../test/support/contract';
import { AVA, ask, BEN, CY, DEE, defaultSandbox } from './support/world.js';

const sandbox = defaultSandbox();
const readme = (name: string) => readFileSync(new URL(`../../${name}/README.md`, import.meta.url), 'utf8');
/** The Sandbox guide of the docs (the contract's `info.description`), from its heading to the next one. */
const guide = (() => {
  const description: string = loadBundle().info.description;
  const start = description.indexOf('\n# Sandbox\n');
  return description.slice(start, description.indexOf('\n# ', start + 1));
})();
const texts: [string, string][] = [
  ['packages/sandbox/README.md', readme('sandbox')],
  ['packages/mock/README.md', readme('mock')],
  ['packages/msw/README.md', readme('msw')],
  ['the docs, guide Sandbox', guide],
];
const flat = (text: string) => text.replace(/\s+/g, ' ');
/** A text's sentences, list items and table rows. */
const sentences = (text: string) =>
  text
    .split(/\n(?=\s*(?:\||- ))|\n\s*\n/)
    .flatMap((block) => flat(block).split(/(?<=[.!?])\s+(?=[A-Z`*(])/))
    .filter((sentence) => sentence.trim() !== '');

const { tryThese } = sandbox.describe();
const join = (body: unknown) => ask(sandbox, 'joinCompetition', {}, {}, body);

/** A request that gets each kind of problem the sandbox answers, with the status it gets. */
const showsKind: Record<string, () => ReturnType<typeof ask>> = {
  'invalid-request': () => ask(sandbox, 'listLeaderboard', { page: -1 }),
  'unknown-chain': () => ask(sandbox, 'getUnrealizedPnl', { block_chain: 'ETHEREUM' }, { user_address: AVA }),
  'valuation-unavailable': () =>
    ask(sandbox, 'getUnrealizedPnl', {}, { user_address: tryThese.valuationUnavailable?.[0] ?? '' }),
  'unknown-competition': () => join({ trader: CY, competitionId: 999 }),
  'invite-code-required': () => join({ trader: CY, competitionId: 8 }),
  'wrong-invite-code': () => join({ trader: CY, competitionId: 8, inviteCode: 'WRONG-CODE' }),
  'competition-ended': () => join({ trader: DEE, competitionId: 5 }),
  'unknown-invite-code': () => join({ trader: CY, inviteCode: 'NO-SUCH-CODE' }),
  'not-modelled': () => ask(sandbox, 'submitTradingIntent', {}, {}, {}),
};

/** Every "400 `invalid-request`" or "`400 invalid-request`" of a text: [status, kind]. */
function namedRefusals(text: string): [number, string][] {
  const kind = '[a-z]+(?:-[a-z]+)+';
  return [...flat(text).matchAll(new RegExp(`\\b([45]\\d\\d) \`(${kind})\`|\`([45]\\d\\d) (${kind})\``, 'g'))].map(
    (match) => [Number(match[1] ?? match[3]), (match[2] ?? match[4]) as string],
  );
}

/**
 * Cases the sandbox serves (with the request that shows it), and the ways a text names them. A sentence that
 * speaks of a refusal must not name one.
 */
const served: { name: string; named: RegExp; requests: (() => ReturnType<typeof ask>)[] }[] = [
  {
    name: 'an unknown team code (the service: "a null body with a successful status", L551)',
    named:
      /unknown team|team(?: code)? (?:that )?(?:it|the world|the sandbox) does not (?:know|hold|have)|no such team/i,
    requests: [
      () => ask(sandbox, 'getTeamInfoByCode', {}, { code: 'NOPE00' }),
      () => ask(sandbox, 'listTeamLeaderboard', {}, { team_code: 'NOPE00' }),
    ],
  },
  {
    name: 'a page size over 1,000 (the service does not state a maximum, L572)',
    named:
      /(?:page )?size (?:of )?(?:over|above|beyond|past|larger than|greater than|more than|exceeding) [\d,]+|size ?> ?[\d,]+|(?:maximum|largest) page size/i,
    requests: [
      () => ask(sandbox, 'listLeaderboard', { size: 1001 }),
      () => ask(sandbox, 'listPositions', { size: 5000 }, { userAddress: AVA }),
    ],
  },
];
const refusalWords = /\b4\d\d\b|\b4xx\b|\brefus|\breject|problem\+json|\bnot found\b/i;

describe('the refusals the READMEs name', () => {
  it.each(texts)('%s: each "status `kind`" it names is what the sandbox answers', (_where, text) => {
    for (const [status, kind] of namedRefusals(text)) {
      const shows = showsKind[kind];
      expect(shows, `no request here shows \`${kind}\`: add one to showsKind`).toBeDefined();
      const answer = shows?.();
      expect({ kind, status: answer?.status, type: answer?.body?.type }).toEqual({
        kind,
        status,
        type: `urn:trading-analytics-sandbox:${kind}`,
      });
    }
  });

  it('the sandbox README names every kind of problem the sandbox answers, with its status', () => {
    const named = new Set(namedRefusals(readme('sandbox')).map(([, kind]) => kind));
    const answered = Object.keys(showsKind).filter((kind) => kind !== 'not-modelled');
    expect(answered.filter((kind) => !named.has(kind))).toEqual([]);
  });

  it.each(served)('$name is served, and no text speaks of refusing it', ({ named, requests }) => {
    for (const request of requests) expect(request().status).toBe(200);
    const claims = texts.flatMap(([where, text]) =>
      sentences(text)
        .filter((sentence) => refusalWords.test(sentence) && named.test(sentence))
        .map((sentence) => `${where}: ${sentence}`),
    );
    expect(claims).toEqual([]);
  });

  it('tells a sentence that refuses a served case from one that serves it', () => {
    const [team, size] = served as [(typeof served)[0], (typeof served)[0]];
    const refusing = (sentence: string, named: RegExp) => refusalWords.test(sentence) && named.test(sentence);
    expect(refusing('An unknown team is answered 404.', team.named)).toBe(true);
    expect(refusing('The world refuses a page size above 1000 with a problem+json.', size.named)).toBe(true);
    expect(refusing('A team code the world does not know gets a 4xx.', team.named)).toBe(true);
    expect(refusing('An unknown team code gets the service answer, a 200 with null.', team.named)).toBe(false);
  });
});

const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const numberOf = (text: string) => (words.includes(text) ? words.indexOf(text) : Number(text.replace(/,/g, '')));
const number = `(\\d[\\d,]*|${words.join('|')})`;

/** The figures a cast row claims, read from its words: positions or trades, open, closed, won, lost, rank, PnL. */
function claimedFigures(row: string): Record<string, number> {
  const claims: Record<string, number> = {};
  const claim = (name: string, pattern: string) => {
    for (const match of row.matchAll(new RegExp(pattern, 'gi')))
      claims[name] = numberOf((match[1] as string).toLowerCase());
  };
  claim('positions', `\\b${number} (?:small |\\w+ )?(?:positions|trades)\\b`);
  claim('open', `\\b${number} open\\b`);
  claim('closed', `\\b${number} closed\\b`);
  claim('won', `\\b${number} (?:won|wins|winning)\\b`);
  claim('lost', `\\b${number} (?:lost|losses|losing)\\b`);
  claim('rank', `\\brank ${number}\\b`);
  for (const match of row.matchAll(/\bPnL (-?[\d,]+\.\d+)/g))
    claims.pnl = Number((match[1] as string).replace(/,/g, ''));
  return claims;
}

describe("the cast's rows", () => {
  const cast = { Ava: AVA, Ben: BEN, Cy: CY, Dee: DEE };
  const world = (address: string): Record<string, number> => {
    const positions = ask(sandbox, 'listPositions', { size: 1000 }, { userAddress: address }).body.content as {
      status: string;
    }[];
    const mine = ask(sandbox, 'getMyRank', { user_address: address }).body;
    return {
      positions: positions.length,
      open: positions.filter((position) => position.status === 'OPEN').length,
      closed: positions.filter((position) => position.status === 'CLOSED').length,
      won: mine.winCount,
      lost: mine.loseCount,
      rank: mine.rank,
      pnl: mine.pnl,
    };
  };
  const rows = texts.flatMap(([where, text]) =>
    Object.entries(cast).flatMap(([name, address]) =>
      text
        .split('\n')
        .filter((line) => new RegExp(`^\\s*\\| ${name} \\|`).test(line))
        .map((row) => [where, name, address, row] as const),
    ),
  );

  it('are read from the sandbox README and the docs', () => {
    expect(rows.map(([where, name]) => `${where} ${name}`)).toEqual(
      expect.arrayContaining(['packages/sandbox/README.md Ava', 'the docs, guide Sandbox Ava']),
    );
  });

  it.each(rows)("%s, %s: every figure it gives is the world's", (_where, _name, address, row) => {
    const claimed = claimedFigures(row);
    const actual = world(address);
    expect(claimed).toEqual(Object.fromEntries(Object.keys(claimed).map((name) => [name, actual[name]])));
  });

  it('reads figures in any of their wordings', () => {
    expect(claimedFigures("| Ava | rank 1 (PnL 13,562.30); the examples' three positions |")).toEqual({
      positions: 3,
      rank: 1,
      pnl: 13562.3,
    });
    expect(claimedFigures('26 positions: two open and 24 closed (15 won, 9 lost)')).toEqual({
      positions: 26,
      open: 2,
      closed: 24,
      won: 15,
      lost: 9,
    });
  });
});
