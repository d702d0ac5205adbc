// The points program: team info (by address and by code), members, boost history and the team
// leaderboard, all computed from the same per-epoch team volumes so they agree with each other.
import { isoSeconds } from '../time.js';
import type { SandboxAnswer, SandboxRequest } from '../types.js';
import type { Position } from '../world/positions.js';
import { CURRENT_EPOCH, epochAt, epochStart, type Team } from '../world/teams.js';
import type { Trader } from '../world/traders.js';
import { type Context, cached } from './context.js';
import { badRequest, ok, paginate, readParameters } from './kit.js';

/** Points per dollar of team volume (the examples' ratios): general 1 per $10, degen 1 per $40. */
const generalPoints = (dollars: bigint): bigint => dollars / 10n;
const degenPoints = (dollars: bigint): bigint => dollars / 40n;
const E18 = 10n ** 18n;

interface TeamBook {
  /** Whole dollars traded by the team in each epoch (index = epoch number; 0 unused). */
  readonly volumes: readonly bigint[];
  readonly createdEpoch: number;
}

/** Adds a trader's volume to the epochs it fell in, counting only trades at or after `since`. */
function addVolume(volumes: bigint[], positions: readonly Position[], since: number, now: number): void {
  const first = epochStart(now, 1);
  const add = (time: number, usd: bigint): void => {
    if (time < since || time < first || time > now) return;
    const epoch = epochAt(now, time);
    volumes[epoch] = (volumes[epoch] as bigint) + usd;
  };
  for (const position of positions) {
    add(position.openTime, position.openNotionalUsd);
    if (position.closeTime !== undefined) add(position.closeTime, position.closeNotionalUsd);
  }
}

function book(context: Context, team: Team): TeamBook {
  return cached(context, `team:${team.code}`, () => {
    const { world } = context;
    const volumes = Array.from({ length: CURRENT_EPOCH + 1 }, () => 0n);
    addVolume(volumes, (world.traders[team.leader] as Trader).positions, team.createdAt, world.now);
    for (const member of team.members)
      addVolume(volumes, (world.traders[member.trader] as Trader).positions, member.joinTime, world.now);
    return { volumes: volumes.map((usd) => usd / E18), createdEpoch: epochAt(world.now, team.createdAt) };
  });
}

/** A completed epoch's boost: 5% of its points plus 2% per member who had joined by its end, at most 25%. */
function boost(context: Context, team: Team, epoch: number): { general: bigint; degen: bigint } {
  const end = epochStart(context.world.now, epoch + 1);
  const members = team.members.filter((member) => member.joinTime < end).length;
  const percent = BigInt(Math.min(25, 5 + 2 * members));
  const dollars = book(context, team).volumes[epoch] as bigint;
  return { general: (generalPoints(dollars) * percent) / 100n, degen: (degenPoints(dollars) * percent) / 100n };
}

function teamInfo(context: Context, team: Team): Record<string, unknown> {
  const { volumes, createdEpoch } = book(context, team);
  let general = 0n;
  let degen = 0n;
  for (let epoch = createdEpoch; epoch <= CURRENT_EPOCH; epoch += 1) {
    const dollars = volumes[epoch] as bigint;
    general += generalPoints(dollars);
    degen += degenPoints(dollars);
    if (epoch < CURRENT_EPOCH) {
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
    teamMemberCount: team.members.length,
    latestEpochTrading: { epoch: CURRENT_EPOCH, volumeUSD: (volumes[CURRENT_EPOCH] as bigint).toString() },
  };
}

function ledBy(context: Context, address: string): Team | undefined {
  const trader = context.world.trader(address);
  return trader ? context.world.teams.find((team) => team.leader === trader.index) : undefined;
}

function joinedBy(context: Context, address: string): Team | undefined {
  const trader = context.world.trader(address);
  return trader
    ? context.world.teams.find((team) => team.members.some((member) => member.trader === trader.index))
    : undefined;
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
  const team = context.world.teams.find((one) => one.code === code);
  return ok(team ? teamInfo(context, team) : null);
}

export function listTeamMembers(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  const team = ledBy(context, values.user_address as string);
  const members = team?.members ?? [];
  const { world } = context;
  return ok(
    paginate(members.length, values.page as number, values.size as number, (from, to) =>
      members.slice(from, to).map((member) => {
        let total = 0n;
        const trader = world.traders[member.trader] as Trader;
        for (const position of trader.positions) {
          if (position.openTime >= member.joinTime && position.openTime <= world.now) total += position.openNotionalUsd;
          if (
            position.closeTime !== undefined &&
            position.closeTime >= member.joinTime &&
            position.closeTime <= world.now
          )
            total += position.closeNotionalUsd;
        }
        const dollars = total / E18;
        return {
          member: trader.address,
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
    for (let epoch = CURRENT_EPOCH - 1; epoch >= book(context, team).createdEpoch; epoch -= 1) epochs.push(epoch);
  return ok(
    paginate(epochs.length, values.page as number, values.size as number, (from, to) =>
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
  if (asked > CURRENT_EPOCH) return ok(paginate(0, values.page as number, values.size as number, () => []));
  const epoch = asked === 0 ? CURRENT_EPOCH : asked;
  const rows = cached(context, `team-leaderboard:${epoch}`, () =>
    context.world.teams
      .filter((team) => book(context, team).createdEpoch <= epoch)
      .map((team) => {
        const dollars = book(context, team).volumes[epoch] as bigint;
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
  return ok(paginate(rows.length, values.page as number, values.size as number, (from, to) => rows.slice(from, to)));
}
