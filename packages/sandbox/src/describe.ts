// What GET /__sandbox shows: the seed and now, the world's size, the cast, and a few addresses per role.

import type { Context } from './answers/context.js';
import { AVA, BEN, CY, DEE, INVITE_CODE, TEAM_CODE, TEAM_NAME, TOKENS, UNRESOLVABLE_PAIR, WMON } from './cast.js';
import { isoSeconds } from './time.js';
import type { SandboxDescription } from './types.js';
import { statusOf } from './world/competitions.js';
import type { Market } from './world/markets.js';
import type { Trader } from './world/traders.js';

const MARKET_NOTES: Readonly<Record<string, string>> = {
  BTC: "the cast's BTC/USD, 97,250.50 USD now",
  ETH: "the cast's ETH/USD, 3,412.25 USD now",
  MON: "the cast's MON/USD (degen), 0.0312 USD now; also values WMON",
  AAPL: "the cast's AAPL/USD, a market with trading hours",
  PEPE: 'priced by a DEX oracle whose quotes have gone stale: unrealized PnL of its holders answers 503',
  ARB: 'REDUCE_ONLY: positions may close, none may open',
  FTM: 'CLOSE: disabled, every position on it closed',
  HYPE: 'listed 10 hours ago and not yet ready to display: no 24-hour-old price (404)',
};

const first = <T>(items: readonly T[], count: number): T[] => items.slice(0, count);

export function describe(context: Context, nowText: string): SandboxDescription {
  const { world } = context;
  const traders = world.traders;
  const positions = traders.reduce((sum, trader) => sum + trader.positions.length, 0);
  const open = traders.reduce(
    (sum, trader) => sum + trader.positions.filter((position) => position.closeTime === undefined).length,
    0,
  );
  const joined = [...context.joins.byCompetition.values()].reduce((sum, set) => sum + set.size, 0);
  const holding = (test: (trader: Trader) => boolean): string[] =>
    first(
      traders.filter((trader) => trader.profile === 'regular' && test(trader)),
      3,
    ).map((trader) => trader.address);
  const ranking = world.rankings.ranking('ALL', 'PNL', 'DESC');
  const leaders = world.teams.map((team) => (traders[team.leader] as Trader).address);
  const members = world.teams.flatMap((team) =>
    team.members.map((member) => (traders[member.trader] as Trader).address),
  );
  const castMarkets = world.markets.filter((market) => MARKET_NOTES[market.symbol] !== undefined);
  return {
    seed: world.seed,
    now: nowText,
    counts: {
      traders: traders.length,
      rankedTraders: world.rankings.ranked.ALL.length,
      markets: world.markets.length,
      positions,
      openPositions: open,
      closedPositions: positions - open,
      competitions: world.competitions.length,
      teams: world.teams.length,
      stakers: world.stakes.size,
      historyDays: Math.round((world.now - world.historyStart) / 86_400),
      joinsSinceStart: joined,
    },
    cast: {
      traders: [
        {
          role: 'active trader, team leader, rank 1',
          name: 'Ava',
          address: AVA,
          note: 'positions (BTC and MON open, MON with legacy events), history, portfolio, stake; leads Monad Maxis',
        },
        {
          role: 'team member, rank 2',
          name: 'Ben',
          address: BEN,
          note: 'member of Monad Maxis; in competition 7, not in 8 (join it with MAXI-8F3K)',
        },
        {
          role: 'outside the ranked set',
          name: 'Cy',
          address: CY,
          note: 'my-rank answers rank 0 with his figures; a row of competition 7',
        },
        {
          role: 'empty account',
          name: 'Dee',
          address: DEE,
          note: 'all-zero records, no positions, unrealized PnL of an empty account',
        },
      ],
      tokens: TOKENS.map(({ symbol, address, decimals, role }) => ({ symbol, address, decimals, role })),
      markets: castMarkets.map((market: Market) => ({
        pairName: market.pairName,
        base: market.base,
        pairType: market.pairType,
        status: market.status,
        note: MARKET_NOTES[market.symbol] as string,
      })),
      competitions: world.competitions.map((competition) => ({
        id: competition.id,
        title: competition.title,
        status: statusOf(competition, world.now),
        leaderboardType: competition.leaderboardType,
        requiresInviteCode: competition.inviteCode !== null,
        inviteCode: competition.inviteCode,
      })),
      team: { name: TEAM_NAME, code: TEAM_CODE, leader: AVA, members: [BEN] },
      unresolvablePair: UNRESOLVABLE_PAIR,
    },
    tryThese: {
      rankedTraders: first(Array.from(ranking.order), 3).map((index) => (traders[index] as Trader).address),
      outsideTheRankedSet: [
        CY,
        ...first(
          traders.filter((trader) => trader.profile === 'small' && trader.address !== CY),
          2,
        ).map((trader) => trader.address),
      ],
      noHistory: [DEE, '0x00000000000000000000000000000000000b0b00'],
      valuationUnavailable: holding((trader) =>
        trader.positions.some((position) => position.closeTime === undefined && position.market.symbol === 'PEPE'),
      ),
      wmonCollateral: holding((trader) => trader.positions.some((position) => position.marginToken === WMON)),
      legacyEvents: [AVA, ...holding((trader) => trader.positions.some((position) => position.legacy)).slice(0, 2)],
      teamLeaders: first(leaders, 3),
      teamMembers: first(members, 3),
      teamCodes: first(
        world.teams.map((team) => team.code),
        3,
      ),
      stakers: first(
        [...world.stakes.keys()].map((index) => (traders[index] as Trader).address),
        3,
      ),
      inviteCodes: world.competitions
        .filter((competition) => competition.inviteCode !== null)
        .map((competition) => `${competition.id}: ${competition.inviteCode}`),
      joinExample: [
        `POST /v1/trading-competition/join {"trader":"${BEN}","competitionId":8,"inviteCode":"${INVITE_CODE}"}`,
      ],
      historicalPrice: [
        `GET /v1/oracle/price/pair-hours-ago?pair_base=${(world.markets[0] as Market).base}&hours_ago=6 (captured ${isoSeconds(Math.floor((world.now - 6 * 3600) / 3600) * 3600)})`,
      ],
    },
  };
}
