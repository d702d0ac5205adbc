// The trader leaderboard, a team's slice of it, my-rank and windowed trading stats.
import type { components } from '@trading-analytics/types';
import { usdNumber } from '../money.js';
import type { SandboxAnswer, SandboxRequest } from '../types.js';
import { type Figures, figuresOf, winRate } from '../view/figures.js';
import type { TraderView } from '../view/index.js';
import type { Direction, SortField, Timeframe } from '../view/rankings.js';
import type { Context } from './context.js';
import { badRequest, ok, onChain, paginate, readParameters } from './kit.js';

type LeaderboardEntry = components['schemas']['LeaderboardEntry'];

type Amounts = Pick<
  LeaderboardEntry,
  'pnl' | 'totalVolUsd' | 'biggestWin' | 'winRate' | 'highLeverageVolUsd' | 'lowLeverageVolUsd'
>;
/** The dollar figures of a trader's window, written once: pages, my-rank and searches show them again and again. */
const amounts = new WeakMap<Figures, Amounts>();

function amountsOf(figures: Figures): Amounts {
  let written = amounts.get(figures);
  if (!written) {
    written = {
      pnl: usdNumber(figures.pnl),
      totalVolUsd: usdNumber(figures.volume),
      biggestWin: usdNumber(figures.biggestWin),
      winRate: winRate(figures),
      highLeverageVolUsd: usdNumber(figures.highLeverageVolume),
      lowLeverageVolUsd: usdNumber(figures.lowLeverageVolume),
    };
    amounts.set(figures, written);
  }
  return written;
}

function entry(address: string, figures: Figures, rank: number, totalCount: number): LeaderboardEntry {
  const written = amountsOf(figures);
  return {
    rank,
    userAddress: address,
    pnl: written.pnl,
    totalVolUsd: written.totalVolUsd,
    winCount: figures.wins,
    loseCount: figures.losses,
    biggestWin: written.biggestWin,
    winRate: written.winRate,
    totalCount,
    highLeverageVolUsd: written.highLeverageVolUsd,
    lowLeverageVolUsd: written.lowLeverageVolUsd,
  };
}

/** The all-zero record of a trader without history (or activity in the window), for their own address. */
const zeroEntry = (address: string): LeaderboardEntry => ({
  rank: 0,
  userAddress: address,
  pnl: 0,
  totalVolUsd: 0,
  winCount: 0,
  loseCount: 0,
  biggestWin: 0,
  winRate: 0,
  totalCount: 0,
  highLeverageVolUsd: 0,
  lowLeverageVolUsd: 0,
});

interface Sort {
  timeframe: Timeframe;
  field: SortField;
  direction: Direction;
}

function readSort(values: Record<string, unknown>): Sort {
  return {
    timeframe: values.timeframe as Timeframe,
    field: values.sort_field as SortField,
    direction: values.sort_direction as Direction,
  };
}

/** A trader's row under a timeframe and sort, exactly as the leaderboard pages show it. */
function rowOf(context: Context, trader: TraderView, sort: Sort): LeaderboardEntry {
  const { rankings } = context.view;
  const figures = rankings.figures[sort.timeframe][trader.index] as Figures;
  const rank = rankings.ranking(sort.timeframe, sort.field, sort.direction).rankOf[trader.index] ?? 0;
  return entry(trader.address, figures, rank, rankings.rankedCount[sort.timeframe]);
}

function leaderboardPage(context: Context, request: SandboxRequest, members?: ReadonlySet<number>): SandboxAnswer {
  const values = readParameters(request);
  const sort = readSort(values);
  const { order } = context.view.rankings.ranking(sort.timeframe, sort.field, sort.direction);
  const search = typeof values.search === 'string' ? values.search.trim().toLowerCase() : '';
  let indexes: ArrayLike<number> = order;
  // Nobody is ranked on another chain (nor in a team the world does not know, whose member set is empty).
  if (!onChain(values.block_chain)) indexes = [];
  else if (members || search !== '') {
    const traders = context.view.traders;
    indexes = Array.prototype.filter.call(
      order,
      (index: number) =>
        (!members || members.has(index)) && (search === '' || (traders[index] as TraderView).address.includes(search)),
    ) as number[];
  }
  const rows = indexes;
  return ok(
    paginate(rows.length, values.page as number, values.size as number, (from, to) => {
      const content: LeaderboardEntry[] = [];
      for (let at = from; at < to; at += 1)
        content.push(rowOf(context, context.view.traders[rows[at] as number] as TraderView, sort));
      return content;
    }),
  );
}

export function listLeaderboard(request: SandboxRequest, context: Context): SandboxAnswer {
  return leaderboardPage(context, request);
}

export function listTeamLeaderboard(request: SandboxRequest, context: Context): SandboxAnswer {
  const code = request.path.team_code ?? '';
  const { now } = context.view;
  const team = context.view.teams.find((one) => one.code === code && one.createdAt <= now);
  const members = team
    ? [team.leader, ...team.members.filter((member) => member.joinTime <= now).map((member) => member.trader)]
    : [];
  return leaderboardPage(context, request, new Set(members));
}

/** Activity in a window: something opened or closed in it. */
const active = (figures: Figures): boolean => figures.volume !== 0n || figures.wins + figures.losses !== 0;

export function getMyRank(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  const address = values.user_address as string;
  const trader = context.view.trader(address);
  if (!trader || !onChain(values.block_chain)) return ok(zeroEntry(address));
  const sort = readSort(values);
  // "my-rank for traders without activity return all-zero records": without activity in the timeframe, every
  // number is 0, totalCount too, as on trading stats; with some, totalCount is the timeframe's ranked set.
  if (!active(context.view.rankings.figures[sort.timeframe][trader.index] as Figures)) return ok(zeroEntry(address));
  return ok(rowOf(context, trader, sort));
}

export function getTradingStats(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  const address = values.user_address as string;
  const from = values.start_time as number;
  const to = values.end_time as number;
  if (to < from) throw badRequest(`end_time (${to}) is before start_time (${from}): the window holds no instant`);
  const trader = onChain(values.block_chain) ? context.view.trader(address) : undefined;
  const figures = trader ? figuresOf(trader.positions, { from, to }) : undefined;
  if (!trader || !figures || !active(figures)) return ok(zeroEntry(address));
  return ok(entry(trader.address, figures, 0, context.view.rankings.rankedCount.ALL));
}
