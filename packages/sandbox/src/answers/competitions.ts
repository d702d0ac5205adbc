// Trading competitions: the list (with hasJoined and the participant counts the joins change), one
// competition's leaderboard, and the join, the one request that records anything.
import { REWARD } from '../cast.js';
import { usdNumber } from '../money.js';
import { type Competition, statusOf } from '../timeline/competitions.js';
import type { SandboxAnswer, SandboxRequest } from '../types.js';
import { type Board, boardOf, ordered, rankIn, type Standing, takesPart } from '../view/boards.js';
import type { Context } from './context.js';
import { badRequest, bodyObject, notFound, ok, paginate, Refusal, readParameters, shown } from './kit.js';

const board = (context: Context, competition: Competition): Board => boardOf(context.view, competition);

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
    status: statusOf(competition, context.view.now),
  });
  if (user !== undefined) view.hasJoined = current.participants.has(user);
  if (!competition.olderRecord) view.requiresInviteCode = competition.inviteCode !== null;
  return view;
}

const STATUS_ORDER = { ONGOING: 0, ENDED: 1, UPCOMING: 2 } as const;

export function listCompetitions(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  const { now } = context.view;
  const user = values.userAddress as string | undefined;
  const listed = context.view.competitions
    .filter(
      (competition) =>
        (values.status === undefined || statusOf(competition, now) === values.status) &&
        competition.isReadyToDisplay === values.isReadyToDisplay,
    )
    .sort((a, b) => STATUS_ORDER[statusOf(a, now)] - STATUS_ORDER[statusOf(b, now)] || a.id - b.id);
  return ok(listed.map((competition) => competitionView(context, competition, user)));
}

function competitionById(context: Context, id: number): Competition {
  const competition = context.view.competitions.find((one) => one.id === id);
  if (!competition) throw notFound('unknown-competition', `No competition has the id ${id}`);
  return competition;
}

export function listCompetitionLeaderboard(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  const competition = context.view.competitions.find((one) => one.id === values.id);
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
  const order = ordered(current, key, descending);
  const row = (standing: Standing, rank: number): Record<string, unknown> =>
    competition.rowsWithoutRank
      ? { trader: standing.trader.address, stats: standing.stats }
      : { rank, trader: standing.trader.address, stats: standing.stats };
  const data = paginate(
    order.length,
    values.page as number,
    values.limit as number,
    (from, to) => order.slice(from, to).map((standing, at) => row(standing, from + at + 1)),
    'limit',
  );
  const result: Record<string, unknown> = {
    headers: competition.columns.map(({ key: columnKey, label }) => ({ key: columnKey, label })),
    data,
  };
  const user = values.userAddress as string | undefined;
  const mine = user === undefined ? undefined : current.standings.get(user);
  if (mine) result.currentUser = row(mine, rankIn(order, mine, key, descending));
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
    const found = context.view.competitions.find((one) => one.inviteCode === inviteCode);
    if (!found) throw notFound('unknown-invite-code', 'No competition has that invite code');
    competition = found;
  }
  if (statusOf(competition, context.view.now) === 'ENDED')
    throw new Refusal(
      409,
      'competition-ended',
      'Competition ended',
      `Competition ${competition.id} has ended; it takes no more participants`,
    );
  const address = trader.toLowerCase();
  if (!takesPart(context.view, competition, address)) context.join(competition, address);
  return { status: 200 };
}
