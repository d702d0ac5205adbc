// Trading competitions: the list (with hasJoined and the participant counts the joins change), one
// competition's leaderboard, and the join, the one request that records anything.
import { REWARD } from '../cast.js';
import { usdNumber } from '../money.js';
import type { SandboxAnswer, SandboxRequest } from '../types.js';
import { type Competition, type Metric, statusOf } from '../world/competitions.js';
import { type Figures, figuresOf } from '../world/figures.js';
import type { Position } from '../world/positions.js';
import type { Trader } from '../world/traders.js';
import { type Context, cached } from './context.js';
import { badRequest, bodyObject, notFound, ok, paginate, Refusal, readParameters, shown } from './kit.js';

interface Standing {
  readonly trader: Trader;
  readonly figures: Figures;
  readonly stats: Record<string, number>;
}

interface Board {
  readonly participants: ReadonlySet<string>;
  readonly standings: readonly Standing[];
  readonly tradingVolume: bigint;
  readonly orders: Map<string, { order: readonly Standing[]; rankOf: Map<string, number> }>;
}

/** The competition's participants (the world's and the joined ones) and their figures over its window. */
function board(context: Context, competition: Competition): Board {
  // One board per competition, rebuilt when a join has happened since (the key holds the joins' version).
  const held = cached(context, `competition:${competition.id}`, () => ({
    version: -1,
    board: undefined as Board | undefined,
  }));
  if (held.board && held.version === context.joins.version) return held.board;
  held.version = context.joins.version;
  held.board = buildBoard(context, competition);
  return held.board;
}

const METRICS: Readonly<Record<Metric, (figures: Figures) => bigint>> = {
  tradingVolume: (figures) => figures.volume,
  pnl: (figures) => figures.pnl,
  highLeverageVolume: (figures) => figures.highLeverageVolume,
  lowLeverageVolume: (figures) => figures.lowLeverageVolume,
};

function buildBoard(context: Context, competition: Competition): Board {
  const { world } = context;
  const participants = new Set(competition.participants.map((index) => (world.traders[index] as Trader).address));
  for (const address of context.joins.byCompetition.get(competition.id) ?? []) participants.add(address);
  // An upcoming competition's window is empty (it ends before it starts), so its participants have zeros.
  const window = { from: competition.startTime, to: Math.min(competition.endTime, world.now) };
  const collateral = competition.collateralToken;
  const include = collateral ? (position: Position) => position.marginToken.address === collateral : undefined;
  let tradingVolume = 0n;
  const standings: Standing[] = [];
  for (const address of participants) {
    const trader: Trader = world.trader(address) ?? { index: -1, address, profile: 'empty', positions: [] };
    const figures = figuresOf(trader.positions, window, include);
    tradingVolume += figures.volume;
    const stats: Record<string, number> = {};
    for (const column of competition.columns) {
      // A participant who closed nothing in the window has no PnL yet: the key is left out, as the service may.
      if (column.metric === 'pnl' && figures.wins + figures.losses === 0) continue;
      stats[column.key] = usdNumber(METRICS[column.metric](figures));
    }
    standings.push({ trader, figures, stats });
  }
  return { participants, standings, tradingVolume, orders: new Map() };
}

function ordered(
  current: Board,
  key: string,
  descending: boolean,
): { order: readonly Standing[]; rankOf: Map<string, number> } {
  const name = `${key}:${descending}`;
  let result = current.orders.get(name);
  if (result) return result;
  const sign = descending ? -1 : 1;
  const order = [...current.standings].sort((a, b) => {
    const left = a.stats[key] ?? 0;
    const right = b.stats[key] ?? 0;
    if (left !== right) return left < right ? -sign : sign;
    return a.trader.address < b.trader.address ? -1 : 1;
  });
  result = { order, rankOf: new Map(order.map((standing, at) => [standing.trader.address, at + 1])) };
  current.orders.set(name, result);
  return result;
}

function competitionView(
  context: Context,
  competition: Competition,
  user: string | undefined,
): Record<string, unknown> {
  const current = board(context, competition);
  const view: Record<string, unknown> = {
    id: competition.id,
    title: competition.title,
    description: competition.description,
    banner: `https://static.example.org/competitions/${competition.id}/banner.png`,
    ruleLink: `https://docs.example.org/competitions/${competition.id}-rules`,
    ruleId: competition.ruleId,
    leaderboardType: competition.leaderboardType,
  };
  if (!competition.olderRecord) view.collateralToken = competition.collateralToken;
  Object.assign(view, {
    rewardAmount: competition.rewardAmount.toString(),
    rewardTokenAddress: REWARD.address,
    rewardType: 'TOKEN',
    rewardDescription: competition.rewardDescription,
    startTime: competition.startTime,
    endTime: competition.endTime,
    currentParticipants: current.participants.size,
    tradingVolume: usdNumber(current.tradingVolume),
    isReadyToDisplay: competition.isReadyToDisplay,
    status: statusOf(competition, context.world.now),
  });
  if (user !== undefined) view.hasJoined = current.participants.has(user);
  if (!competition.olderRecord) view.requiresInviteCode = competition.inviteCode !== null;
  return view;
}

const STATUS_ORDER = { ONGOING: 0, ENDED: 1, UPCOMING: 2 } as const;

export function listCompetitions(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  const { now } = context.world;
  const user = values.userAddress as string | undefined;
  const listed = context.world.competitions
    .filter(
      (competition) =>
        (values.status === undefined || statusOf(competition, now) === values.status) &&
        competition.isReadyToDisplay === values.isReadyToDisplay,
    )
    .sort((a, b) => STATUS_ORDER[statusOf(a, now)] - STATUS_ORDER[statusOf(b, now)] || a.id - b.id);
  return ok(listed.map((competition) => competitionView(context, competition, user)));
}

function competitionById(context: Context, id: number): Competition {
  const competition = context.world.competitions.find((one) => one.id === id);
  if (!competition) throw notFound('unknown-competition', `No competition has the id ${id}`);
  return competition;
}

export function listCompetitionLeaderboard(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  const competition = context.world.competitions.find((one) => one.id === values.id);
  // The service's status for an unknown competition is not documented: the sandbox answers a board with no
  // columns and no rows (its choice), which every client of the contract can show.
  if (!competition)
    return ok({ headers: [], data: paginate(0, values.page as number, values.limit as number, () => [], 'limit') });
  const keys = competition.columns.map((column) => column.key);
  const key = (values.orderBy as string | undefined) ?? (keys[0] as string);
  if (!keys.includes(key))
    throw badRequest(`orderBy must be one of this competition's header keys (${keys.join(', ')}), not ${shown(key)}`);
  const descending = (values.orderDirection as string).toUpperCase() === 'DESC';
  const current = board(context, competition);
  const { order, rankOf } = ordered(current, key, descending);
  const row = (standing: Standing): Record<string, unknown> =>
    competition.rowsWithoutRank
      ? { trader: standing.trader.address, stats: standing.stats }
      : { rank: rankOf.get(standing.trader.address), trader: standing.trader.address, stats: standing.stats };
  const data = paginate(
    order.length,
    values.page as number,
    values.limit as number,
    (from, to) => order.slice(from, to).map(row),
    'limit',
  );
  const result: Record<string, unknown> = {
    headers: competition.columns.map(({ key: columnKey, label }) => ({ key: columnKey, label })),
    data,
  };
  const user = values.userAddress as string | undefined;
  const mine = user === undefined ? undefined : order.find((standing) => standing.trader.address === user);
  if (mine) result.currentUser = row(mine);
  return ok(result);
}

export function joinCompetition(request: SandboxRequest, context: Context): SandboxAnswer {
  const body = bodyObject(request);
  const { trader, competitionId, inviteCode } = body;
  if (typeof trader !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(trader))
    throw badRequest('trader must be a 0x-prefixed 20-byte hex address');
  if (competitionId !== undefined && !(typeof competitionId === 'number' && Number.isInteger(competitionId)))
    throw badRequest('competitionId must be an integer');
  if (inviteCode !== undefined && typeof inviteCode !== 'string') throw badRequest('inviteCode must be a string');
  let competition: Competition;
  if (competitionId !== undefined) {
    competition = competitionById(context, competitionId);
    if (competition.inviteCode !== null) {
      if (inviteCode === undefined || inviteCode.trim() === '')
        throw new Refusal(
          403,
          'invite-code-required',
          'Invite code required',
          `Competition ${competition.id} is private: send its inviteCode`,
        );
      if (inviteCode !== competition.inviteCode)
        throw new Refusal(
          403,
          'wrong-invite-code',
          'Wrong invite code',
          `That is not the invite code of competition ${competition.id}`,
        );
    }
  } else {
    // Older clients send only the trader and the invite code, which names the competition.
    if (inviteCode === undefined || inviteCode.trim() === '')
      throw badRequest('Send competitionId, or (older clients) a non-blank inviteCode');
    const found = context.world.competitions.find((one) => one.inviteCode === inviteCode);
    if (!found) throw notFound('unknown-invite-code', 'No competition has that invite code');
    competition = found;
  }
  if (statusOf(competition, context.world.now) === 'ENDED')
    throw new Refusal(
      409,
      'competition-ended',
      'Competition ended',
      `Competition ${competition.id} has ended; it takes no more participants`,
    );
  const address = trader.toLowerCase();
  if (!board(context, competition).participants.has(address)) {
    let joined = context.joins.byCompetition.get(competition.id);
    if (!joined) {
      joined = new Set();
      context.joins.byCompetition.set(competition.id, joined);
    }
    joined.add(address);
    context.joins.version += 1;
  }
  return { status: 200 };
}
