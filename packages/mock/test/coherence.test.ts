// The mock's answers tell one story across operations: the examples it serves draw on one cast (traders,
// pairs, feeds, competitions, team), and what one operation says about them agrees with what the others say.
import { describe, expect, it } from 'vitest';
import { type Json, loadBundle, resolve } from '../../../test/support/contract';
import {
  castAddresses,
  competitions,
  feedIds,
  inviteCode,
  pairBases,
  team,
  traders,
  unresolvablePairBase,
} from './support/cast';

const document = loadBundle();

/** Every request and response example of the contract, with where it sits. */
function allExamples(): { where: string; value: Json }[] {
  const found: { where: string; value: Json }[] = [];
  const visit = (node: Json, where: string) => {
    if (node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node as Record<string, Json>)) {
      if (key === 'examples' && child && typeof child === 'object' && !Array.isArray(child)) {
        for (const [name, example] of Object.entries(child as Record<string, Json>)) {
          const resolved = resolve(document, example);
          if (resolved && typeof resolved === 'object' && 'value' in resolved)
            found.push({ where: `${where} ${name}`, value: resolved.value });
        }
      } else if (key !== 'components') {
        visit(child, `${where}/${key}`);
      }
    }
  };
  visit(document.paths, 'paths');
  return found;
}

function example(path: string, method: string, key: string): Json {
  const response = resolve(document, document.paths[path][method].responses['200']);
  return resolve(document, response.content['application/json'].examples[key]).value;
}

function strings(value: Json): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, Json>).flatMap(([key, child]) => [key, ...strings(child)]);
}

const examples = allExamples();
const pairs: Json[] = example('/v1/pairs', 'get', 'cryptoAndStockPairs').content;
const listedPairBases = new Set(pairs.map((pair) => pair.base));
const feedOfPair = new Map(pairs.map((pair) => [pair.base, pair.feedPriceFeedId]));

describe('the examples share one cast', () => {
  it('has examples to check', () => {
    expect(examples.length).toBeGreaterThan(50);
  });

  it('uses only the cast addresses (20-byte hex values)', () => {
    const strangers = examples.flatMap(({ where, value }) =>
      strings(value)
        .flatMap((text) => text.match(/0x[0-9a-fA-F]{40}(?![0-9a-fA-F])/g) ?? [])
        .filter((address) => !castAddresses.has(address))
        .map((address) => `${where}: ${address}`),
    );
    expect(strangers).toEqual([]);
  });

  it('lists every cast pair, with the cast feed, in the pairs example', () => {
    expect(new Set(listedPairBases)).toEqual(new Set(Object.values(pairBases)));
    for (const [name, base] of Object.entries(pairBases))
      expect(feedOfPair.get(base), name).toBe(feedIds[name as keyof typeof feedIds]);
  });

  it('refers to pairs by listed pair bases, the unresolvable one only where resolution fails', () => {
    for (const { where, value } of examples) {
      for (const [field, base] of pairReferences(value)) {
        if (base === unresolvablePairBase)
          expect(/unresolvable/i.test(where) || field === 'failures', `${where} ${field}`).toBe(true);
        else expect(listedPairBases.has(base), `${where} ${field}: ${base}`).toBe(true);
      }
    }
  });

  it('prices a market with its own feed', () => {
    for (const key of ['btc24hAgo']) {
      const price = example('/v1/oracle/price/pair-24h-ago', 'get', key);
      expect(price.oracleId.id).toBe(feedOfPair.get(price.pairBase));
    }
    for (const key of ['btc6HoursAgo', 'btcDefault24HoursAgo']) {
      const price = example('/v1/oracle/price/pair-hours-ago', 'get', key);
      expect(price.oracleId.id).toBe(feedOfPair.get(price.pairBase));
    }
    const updates = example('/v1/oracle/price/updates/by-position', 'post', 'withPricesAndPublishTimes');
    const latest = example('/v1/oracle/price/pairs/latest', 'post', 'allResolved');
    for (const [feed, price] of Object.entries(updates.feedCorePrice as Record<string, string>)) {
      const base = [...feedOfPair].find(([, id]) => id === feed)?.[0];
      expect(base, `feed ${feed} belongs to no listed pair`).toBeDefined();
      expect(price, `price of ${base} disagrees with the latest-prices example`).toBe(latest.prices[String(base)]);
    }
  });
});

function pairReferences(value: Json, field = ''): [string, string][] {
  if (value === null || typeof value !== 'object') return [];
  const found: [string, string][] = [];
  for (const [key, child] of Object.entries(value as Record<string, Json>)) {
    if (typeof child === 'string' && ['pairBase', 'base'].includes(key)) found.push([field || key, child]);
    if (key === 'pairBases' && Array.isArray(child)) for (const base of child) found.push(['pairBases', base]);
    if (key === 'prices' && child && typeof child === 'object')
      for (const base of Object.keys(child)) found.push(['prices', base]);
    found.push(...pairReferences(child, key === 'failures' ? 'failures' : field));
  }
  return found;
}

describe('operations agree about the traders', () => {
  it('ranks Ava first and Ben second, with the same figures on the leaderboard and in my-rank', () => {
    const [first, second] = example('/v1/leaderboard', 'get', 'firstPage').content;
    expect([first.userAddress, second.userAddress]).toEqual([traders.ava, traders.ben]);
    expect(example('/v1/leaderboard/my-rank', 'get', 'rankedTrader')).toEqual(first);
  });

  it('gives Ava the positions her trade history, unrealized PnL and portfolio talk about', () => {
    const positions: Json[] = example('/v1/user/{userAddress}/positions', 'get', 'openAndClosedPositions').content;
    const byHash = new Map(positions.map((position) => [position.positionHash, position]));
    for (const key of ['currentEventsWithPosition', 'legacyEventWithoutPosition']) {
      for (const event of example('/v1/user/{user_address}/trade/history', 'get', key).content) {
        expect(byHash.has(event.positionHash), `${key}: ${event.positionHash}`).toBe(true);
        expect(event.pairBase ?? byHash.get(event.positionHash).pairBase).toBe(byHash.get(event.positionHash).pairBase);
      }
    }
    const open = positions.filter((position) => position.status === 'OPEN').length;
    const unrealized = example('/v1/portfolio/{user_address}/unrealized-pnl', 'get', 'withPositions');
    expect(unrealized.userAddress).toBe(traders.ava);
    expect(unrealized.positionCount).toBe(open);
    const portfolio = example('/v1/portfolio/{user_address}/portfolio_data', 'get', 'portfolioData');
    expect(portfolio.trader).toBe(traders.ava);
    expect(portfolio.metrics.positionLiveCount).toBe(open);
  });

  it('shows Dee, the empty account, as empty everywhere', () => {
    expect(example('/v1/portfolio/{user_address}/unrealized-pnl', 'get', 'emptyAccount')).toMatchObject({
      userAddress: traders.dee,
      positionCount: 0,
    });
    expect(example('/v1/leaderboard/my-rank', 'get', 'noHistory')).toMatchObject({
      userAddress: traders.dee,
      totalCount: 0,
    });
    expect(example('/v1/genesis-airdrop/{user_address}/team-info', 'get', 'noTeam')).toEqual({
      leaderTeam: null,
      memberTeam: null,
    });
  });
});

describe("the examples' counts, sums and pages agree (they are one world's answers: examples-world.test.ts)", () => {
  const positionsPage = example('/v1/user/{userAddress}/positions', 'get', 'openAndClosedPositions');
  const portfolio = example('/v1/portfolio/{user_address}/portfolio_data', 'get', 'portfolioData');
  const row = example('/v1/leaderboard', 'get', 'firstPage').content[0];

  it("counts Ava's positions alike: open and closed on her page, in her portfolio and on her leaderboard row", () => {
    expect(portfolio.gain).toBe(row.winCount);
    expect(portfolio.loss).toBe(row.loseCount);
    expect(positionsPage.totalElements).toBe(portfolio.metrics.positionLiveCount + portfolio.gain + portfolio.loss);
    const closedPage = example('/v1/user/{userAddress}/positions', 'get', 'closedPositionWithCloseInfo');
    expect(closedPage.totalElements).toBe(positionsPage.totalElements);
    const open = positionsPage.content.filter((position: Json) => position.status === 'OPEN');
    expect(open).toHaveLength(portfolio.metrics.positionLiveCount);
  });

  it("pages Ava's history alike: the legacy event is on the last page of the same list", () => {
    const latest = example('/v1/user/{user_address}/trade/history', 'get', 'currentEventsWithPosition');
    const oldest = example('/v1/user/{user_address}/trade/history', 'get', 'legacyEventWithoutPosition');
    expect(oldest.totalElements).toBe(latest.totalElements);
    expect(oldest.pageNumber).toBe(oldest.totalPages - 1);
    expect(oldest.totalPages).toBe(oldest.totalElements);
  });

  it("puts Ava's day inside the market's: her BTC volume in the window is part of BTC's last 24 hours", () => {
    const [ava] = example('/v1/trading-volumes/users', 'get', 'oneDayOfTrading');
    const btc = example('/v1/pairs/{pairBase}/volume', 'get', 'btcOneDay');
    expect(ava.userAddress).toBe(traders.ava);
    expect(Number(ava.dailyVolume)).toBeLessThanOrEqual(Number(btc.volumeUSD));
    const week = example('/v1/pairs/{pairBase}/volume', 'get', 'btcSevenDays');
    expect(Number(btc.volumeUSD)).toBeLessThanOrEqual(Number(week.volumeUSD));
  });

  it("gives competition 7 the same participants and a volume that holds its leaders' rows", () => {
    const listed = example('/v1/trading-competition', 'get', 'allCompetitions').find(
      (competition: Json) => competition.id === competitions.publicOngoing,
    );
    const board = example('/v1/trading-competition/{id}/leaderboard', 'get', 'firstPage').data;
    expect(board.totalElements).toBe(listed.currentParticipants);
    const shown = board.content.reduce((sum: number, one: Json) => sum + one.stats.tradingVolume, 0);
    expect(shown).toBeLessThanOrEqual(listed.tradingVolume);
    for (const key of ['ongoingWithUserAddress', 'privateCompetition'])
      expect(
        example('/v1/trading-competition', 'get', key).find((one: Json) => one.id === listed.id),
        key,
      ).toMatchObject({ currentParticipants: listed.currentParticipants, tradingVolume: listed.tradingVolume });
  });
});

describe('operations agree about the team and the competitions', () => {
  it('has one team, led by Ava with Ben as member, under one code everywhere', () => {
    const leader = example('/v1/genesis-airdrop/{user_address}/team-info', 'get', 'teamLeader').leaderTeam;
    const member = example('/v1/genesis-airdrop/{user_address}/team-info', 'get', 'teamMember').memberTeam;
    const byCode = example('/v1/genesis-airdrop/team-info-by-code/{code}', 'get', 'teamByCode');
    expect(leader).toEqual(byCode);
    expect(member).toEqual(byCode);
    expect(byCode).toMatchObject({ code: team.code, teamName: team.name });
    const members = example('/v1/genesis-airdrop/{user_address}/team-members', 'get', 'teamMembers').content.map(
      (row: Json) => row.member,
    );
    expect(members).toEqual([traders.ben]);
    expect(example('/v1/genesis-airdrop/team-leaderboard', 'get', 'currentEpoch').content[0].teamName).toBe(team.name);
    const teamBoard = example('/v1/leaderboard/team/{team_code}', 'get', 'teamMonadMaxis').content.map(
      (row: Json) => row.userAddress,
    );
    expect(teamBoard).toEqual([traders.ava, traders.ben]);
  });

  it('lists the competitions that joins and leaderboards refer to, the private one with its invite code', () => {
    const listed: Json[] = example('/v1/trading-competition', 'get', 'allCompetitions');
    const ids = listed.map((competition) => competition.id);
    for (const id of Object.values(competitions)) expect(ids).toContain(id);
    const privateOngoing = listed.filter(
      (competition) => competition.requiresInviteCode === true && competition.status === 'ONGOING',
    );
    expect(privateOngoing.map((competition) => competition.id)).toEqual([competitions.privateOngoing]);
    const joins = document.paths['/v1/trading-competition/join'].post.requestBody.content['application/json'].examples;
    for (const [key, join] of Object.entries(joins as Record<string, Json>)) {
      const body = resolve(document, join).value;
      if (body.competitionId !== undefined)
        expect(
          listed.some((competition) => competition.id === body.competitionId),
          key,
        ).toBe(true);
      if (body.inviteCode !== undefined) expect(body.inviteCode, key).toBe(inviteCode);
      expect(Object.values(traders)).toContain(body.trader);
    }
    for (const key of ['firstPage', 'withCurrentUser', 'olderVariantWithoutRank', 'numericHeaderKeys']) {
      const board = example('/v1/trading-competition/{id}/leaderboard', 'get', key).data.content.map(
        (row: Json) => row.trader,
      );
      expect(board[0], key).toBe(traders.ava);
      for (const trader of board) expect(Object.values(traders), key).toContain(trader);
    }
  });
});
