// What GET /__sandbox shows: the seed and the world's clock, the world's size, the cast, a few addresses per
// role and the faults. It reads no more of the view than a few traders, so a clock move answers with it at
// once; what depends on now (statuses, who holds what) is read at the world's now.
import { AVA, BEN, CY, DEE, INVITE_CODE, TEAM_CODE, TEAM_NAME, TOKENS, UNRESOLVABLE_PAIR, USDC, WMON } from './cast.js';
import { DAY, isoSeconds } from './time.js';
import { LONGEST_HOLD } from './timeline/activity.js';
import { statusOf } from './timeline/competitions.js';
import { RENAME_AT } from './timeline/draws.js';
import { type Market, statusAt } from './timeline/markets.js';
import type { Position } from './timeline/positions.js';
import type { ActiveFaults, SandboxDescription } from './types.js';
import { HISTORY_DAYS, type View } from './view/index.js';

const MARKET_NOTES: Readonly<Record<string, string>> = {
  BTC: "the cast's BTC/USD, 97,250.50 USD at the default now",
  ETH: "the cast's ETH/USD, 3,412.25 USD at the default now",
  MON: "the cast's MON/USD (degen), 0.0312 USD at the default now; also values WMON",
  AAPL: "the cast's AAPL/USD, a market with trading hours",
  PEPE: 'priced by a DEX oracle whose quotes stopped 3 h 17 min before the default now: from then on, unrealized PnL of its holders answers 503',
  ARB: 'REDUCE_ONLY from 10 days before the default now: positions may close, none may open',
  FTM: 'CLOSE from 30 days before the default now: disabled, every position on it closed',
  HYPE: 'listed 10 hours before the default now, ready to display two days after: no 24-hour-old price until a day after its listing',
};

/** How many traders a role's list looks through at most for its few addresses. */
const SCAN = 200;

const first = <T>(items: readonly T[], count: number): T[] => items.slice(0, count);

/** About the world itself, which the view does not know: its name, where its clock started, its clock's pace. */
export interface WorldFacts {
  world: string;
  start: string;
  live: { rate: number } | undefined;
  faults: ActiveFaults;
}

/**
 * Up to three regular traders with a position opened in [from, to] that passes `test`, looked for among the
 * first SCAN: only that span of each trader's history is drawn, so a clock move answers at once.
 */
function holding(view: View, from: number, to: number, test: (position: Position) => boolean): string[] {
  const found: string[] = [];
  for (const trader of first(view.timeline.traders, SCAN + 4)) {
    if (trader.profile !== 'regular') continue;
    if (view.opened(trader.index, from, to).some(test)) found.push(trader.address);
    if (found.length === 3) break;
  }
  return found;
}

export function describe(view: View, facts: WorldFacts): SandboxDescription {
  const { timeline, now, writes } = view;
  const traders = timeline.traders;
  const regular = traders.filter((trader) => trader.profile === 'regular');
  const teams = timeline.teams.filter((team) => team.createdAt <= now);
  const stale = timeline.markets.filter((market) => now >= market.staleAt && now < market.staleAt + LONGEST_HOLD);
  const castMarkets = timeline.markets.filter((market) => MARKET_NOTES[market.symbol] !== undefined);
  const btc = timeline.markets[0] as Market;
  return {
    seed: timeline.seed,
    world: facts.world,
    start: facts.start,
    now: isoSeconds(now),
    clock: { live: facts.live !== undefined, rate: facts.live?.rate ?? 0 },
    counts: {
      traders: view.traderCount,
      markets: view.listedMarkets.length,
      competitions: timeline.competitions.length,
      teams: teams.length,
      stakers: timeline.stakes.size,
      historyDays: HISTORY_DAYS,
      joinsSinceStart: writes.joinCount,
      tradesSinceStart: writes.trades.length,
      closesSinceStart: writes.closeCount,
    },
    cast: {
      traders: [
        {
          role: 'active trader, team leader, rank 1 at the default now',
          name: 'Ava',
          address: AVA,
          note: 'positions (BTC and MON open at the default now, MON with legacy events), history, portfolio, stake; leads Monad Maxis',
        },
        {
          role: 'team member, rank 2 at the default now',
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
      markets: castMarkets.map((market) => ({
        pairName: market.pairName,
        base: market.base,
        pairType: market.pairType,
        status: statusAt(market, now),
        leverage: { min: market.minLeverage, max: market.maxLeverage },
        note: MARKET_NOTES[market.symbol] as string,
      })),
      competitions: timeline.competitions.map((competition) => ({
        id: competition.id,
        title: competition.title,
        status: statusOf(competition, now),
        leaderboardType: competition.leaderboardType,
        requiresInviteCode: competition.inviteCode !== null,
        inviteCode: competition.inviteCode,
      })),
      team: { name: TEAM_NAME, code: TEAM_CODE, leader: AVA, members: [BEN] },
      unresolvablePair: UNRESOLVABLE_PAIR,
    },
    tryThese: {
      // Regular traders close two positions in every 60 days of the timeline: ranked in every window at any now.
      rankedTraders: first(regular, 3).map((trader) => trader.address),
      outsideTheRankedSet: [
        CY,
        ...first(
          traders.filter((trader) => trader.profile === 'small' && trader.address !== CY),
          2,
        ).map((trader) => trader.address),
      ],
      noHistory: [DEE, '0x00000000000000000000000000000000000b0b00'],
      valuationUnavailable:
        stale.length === 0
          ? []
          : holding(
              view,
              now - LONGEST_HOLD,
              now,
              (position) => position.closeTime === undefined && stale.includes(position.market),
            ),
      wmonCollateral: holding(view, now - 30 * DAY, now, (position) => position.marginToken === WMON),
      legacyEvents:
        view.historyStart < RENAME_AT
          ? [
              ...(view.opened(0, view.historyStart, RENAME_AT).some((position) => position.legacy) ? [AVA] : []),
              ...first(
                holding(view, view.historyStart, RENAME_AT, (position) => position.legacy),
                2,
              ),
            ]
          : [],
      teamLeaders: first(teams, 3).map((team) => (traders[team.leader] as { address: string }).address),
      teamMembers: first(
        teams.flatMap((team) =>
          team.members
            .filter((member) => member.joinTime <= now)
            .map((member) => (traders[member.trader] as { address: string }).address),
        ),
        3,
      ),
      teamCodes: first(
        teams.map((team) => team.code),
        3,
      ),
      stakers: first(
        [...timeline.stakes.keys()].map((index) => (traders[index] as { address: string }).address),
        3,
      ),
      inviteCodes: timeline.competitions
        .filter((competition) => competition.inviteCode !== null)
        .map((competition) => `${competition.id}: ${competition.inviteCode}`),
      joinExample: [
        `POST /v1/trading-competition/join {"trader":"${BEN}","competitionId":8,"inviteCode":"${INVITE_CODE}"}`,
      ],
      clockExample: [
        'POST /__sandbox/clock {"advance":"PT1H"}',
        `POST /__sandbox/clock {"now":"${isoSeconds(now + 86_400)}"}`,
      ],
      tradeExample: [
        `POST /__sandbox/positions {"trader":"${DEE}","pairBase":"${btc.base}","isLong":true,"leverage":10,"margin":"100000000","collateral":"${USDC.address}"}`,
        'POST /__sandbox/positions/{positionHash}/close',
      ],
      faultExample: [
        'POST /__sandbox/faults {"latencyMs":{"min":50,"max":400},"errors":[{"operationId":"getUnrealizedPnl","status":503,"rate":0.5}]}',
      ],
      historicalPrice: [
        `GET /v1/oracle/price/pair-hours-ago?pair_base=${btc.base}&hours_ago=6 (captured ${isoSeconds(Math.floor((now - 6 * 3600) / 3600) * 3600)})`,
      ],
    },
    faults: facts.faults,
  };
}
