// The points program: team info (by address and by code), members, boost history and the team
// leaderboard, all computed from the same per-epoch team volumes so they agree with each other.
import { isoSeconds } from '../time.js';
import { LONGEST_HOLD } from '../timeline/activity.js';
import { epochAt, epochStart, type Team, teamTraders, volumeBetween } from '../timeline/teams.js';
import type { SandboxAnswer, SandboxRequest } from '../types.js';
import { type Context, cached } from './context.js';
import { badRequest, ok, paginate, readParameters } from './kit.js';

/**
 * A page of a team list as the service documents it: `content` only. The description leaves the pagination
 * fields beyond `content` not shown and the contract tells clients not to rely on them, so the sandbox
 * sends none: a frontend built against it pages by `content` alone and cannot come to rely on a field the
 * service may not send.
 */
function teamPage<T>(total: number, page: number, size: number, pick: (from: number, to: number) => T[]) {
  return { content: paginate(total, page, size, pick).content };
}

/** Points per dollar of team volume (the examples' ratios): general 1 per $10, degen 1 per $40. */
const generalPoints = (dollars: bigint): bigint => dollars / 10n;
const degenPoints = (dollars: bigint): bigint => dollars / 40n;
const E18 = 10n ** 18n;

interface TeamBook {
  /** Whole dollars traded by the team in each epoch from its first (index = epoch - firstEpoch). */
  readonly volumes: readonly bigint[];
  readonly createdEpoch: number;
}

/** The epoch holding now; 0 or less before the program started. */
const currentEpoch = (context: Context): number => epochAt(context.view.now);

/**
 * The USD (1e18) a trader traded in an epoch from `since`: from the view while it holds the epoch's trades (a
 * position of the epoch opened at most LONGEST_HOLD before it), else the timeline's.
 */
function traderEpochVolume(context: Context, trader: number, since: number, epoch: number): bigint {
  const { view } = context;
  const start = epochStart(epoch);
  if (start - LONGEST_HOLD < view.historyStart) return view.timeline.epochVolume(trader, since, epoch);
  const end = Math.min(epochStart(epoch + 1), view.now + 1);
  return volumeBetween(view.traderAt(trader).positions, since, start, end);
}

function epochVolume(context: Context, team: Team, epoch: number): bigint {
  let usd = 0n;
  for (const { trader, since } of teamTraders(team)) usd += traderEpochVolume(context, trader, since, epoch);
  return usd;
}

function book(context: Context, team: Team): TeamBook {
  return cached(context, `trades:team:${team.code}`, () => {
    const createdEpoch = Math.max(1, epochAt(team.createdAt));
    const volumes: bigint[] = [];
    for (let epoch = createdEpoch; epoch <= currentEpoch(context); epoch += 1)
      volumes.push(epochVolume(context, team, epoch) / E18);
    return { volumes, createdEpoch };
  });
}

/** Whole dollars a team traded in an epoch (0 before it was created). */
function dollarsIn(context: Context, team: Team, epoch: number): bigint {
  const { volumes, createdEpoch } = book(context, team);
  return volumes[epoch - createdEpoch] ?? 0n;
}

/** A completed epoch's boost: 5% of its points plus 2% per member who had joined by its end, at most 25%. */
function boost(context: Context, team: Team, epoch: number): { general: bigint; degen: bigint } {
  const end = epochStart(epoch + 1);
  const members = team.members.filter((member) => member.joinTime < end).length;
  const percent = BigInt(Math.min(25, 5 + 2 * members));
  const dollars = dollarsIn(context, team, epoch);
  return { general: (generalPoints(dollars) * percent) / 100n, degen: (degenPoints(dollars) * percent) / 100n };
}

/** The team's members who have joined by now. */
const membersNow = (context: Context, team: Team) =>
  team.members.filter((member) => member.joinTime <= context.view.now);

/** The teams created by now. */
const teamsNow = (context: Context): Team[] => context.view.teams.filter((team) => team.createdAt <= context.view.now);

function teamInfo(context: Context, team: Team): Record<string, unknown> {
  const { createdEpoch } = book(context, team);
  const current = currentEpoch(context);
  let general = 0n;
  let degen = 0n;
  for (let epoch = createdEpoch; epoch <= current; epoch += 1) {
    const dollars = dollarsIn(context, team, epoch);
    general += generalPoints(dollars);
    degen += degenPoints(dollars);
    if (epoch < current) {
      const extra = boost(context, team, epoch);
      general += extra.general;
      degen += extra.degen;
    }
  }
  return {
    teamName: team.name,
    code: team.code,
    totalGeneralPoints: general.toString(),
    totalDegenPoints: degen.toString(),
    teamMemberCount: membersNow(context, team).length,
    latestEpochTrading: { epoch: current, volumeUSD: dollarsIn(context, team, current).toString() },
  };
}

function ledBy(context: Context, address: string): Team | undefined {
  const index = context.view.indexOf(address);
  return index === undefined ? undefined : teamsNow(context).find((team) => team.leader === index);
}

function joinedBy(context: Context, address: string): Team | undefined {
  const index = context.view.indexOf(address);
  return index === undefined
    ? undefined
    : teamsNow(context).find((team) => membersNow(context, team).some((member) => member.trader === index));
}

export function getTeamInfo(request: SandboxRequest, context: Context): SandboxAnswer {
  const address = readParameters(request).user_address as string;
  const leader = ledBy(context, address);
  const member = joinedBy(context, address);
  return ok({
    leaderTeam: leader ? teamInfo(context, leader) : null,
    memberTeam: member ? teamInfo(context, member) : null,
  });
}

export function getTeamInfoByCode(request: SandboxRequest, context: Context): SandboxAnswer {
  const code = readParameters(request).code as string;
  const team = teamsNow(context).find((one) => one.code === code);
  return ok(team ? teamInfo(context, team) : null);
}

export function listTeamMembers(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  const team = ledBy(context, values.user_address as string);
  const members = team ? membersNow(context, team) : [];
  const current = currentEpoch(context);
  return ok(
    teamPage(members.length, values.page as number, values.size as number, (from, to) =>
      members.slice(from, to).map((member) => {
        let total = 0n;
        for (let epoch = epochAt(member.joinTime); epoch <= current; epoch += 1)
          total += traderEpochVolume(context, member.trader, member.joinTime, epoch);
        const dollars = total / E18;
        return {
          member: context.view.traderAt(member.trader).address,
          joinDate: isoSeconds(member.joinTime),
          cumulativeVolumeUSD: dollars.toString(),
          cumulativeGeneralPointsToLeader: generalPoints(dollars).toString(),
          cumulativeDegenPointsToLeader: degenPoints(dollars).toString(),
        };
      }),
    ),
  );
}

export function listTeamBoostHistory(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  const address = values.user_address as string;
  const team = ledBy(context, address) ?? joinedBy(context, address);
  const epochs: number[] = [];
  if (team)
    for (let epoch = currentEpoch(context) - 1; epoch >= book(context, team).createdEpoch; epoch -= 1)
      epochs.push(epoch);
  return ok(
    teamPage(epochs.length, values.page as number, values.size as number, (from, to) =>
      epochs.slice(from, to).map((epoch) => {
        const extra = boost(context, team as Team, epoch);
        return {
          epoch,
          generalTeamBoostPoints: extra.general.toString(),
          degenTeamBoostPoints: extra.degen.toString(),
        };
      }),
    ),
  );
}

export function listTeamPointsLeaderboard(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  const asked = values.epoch as number;
  if (asked < 0) throw badRequest(`epoch must be 0 (the current epoch) or an epoch number from 1, not ${asked}`);
  // An epoch after the current one has not started: no team has points in it yet.
  const current = currentEpoch(context);
  if (asked > current || current < 1) return ok(teamPage(0, values.page as number, values.size as number, () => []));
  const epoch = asked === 0 ? current : asked;
  const rows = cached(context, `trades:team-leaderboard:${epoch}`, () =>
    teamsNow(context)
      .filter((team) => book(context, team).createdEpoch <= epoch)
      .map((team) => {
        const dollars = dollarsIn(context, team, epoch);
        return {
          teamName: team.name,
          currentEpochVolume: dollars,
          currentGeneralPoints: generalPoints(dollars),
          currentDegenPoints: degenPoints(dollars),
        };
      })
      .sort((a, b) =>
        a.currentGeneralPoints === b.currentGeneralPoints
          ? a.teamName < b.teamName
            ? -1
            : 1
          : a.currentGeneralPoints > b.currentGeneralPoints
            ? -1
            : 1,
      )
      .map((row) => ({
        teamName: row.teamName,
        currentEpochVolume: row.currentEpochVolume.toString(),
        currentGeneralPoints: row.currentGeneralPoints.toString(),
        currentDegenPoints: row.currentDegenPoints.toString(),
      })),
  );
  return ok(teamPage(rows.length, values.page as number, values.size as number, (from, to) => rows.slice(from, to)));
}
