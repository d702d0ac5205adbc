// The points program (Genesis Airdrop): teams of a leader and members, weekly epochs, and the points a team
// earns from its traders' volume. The cast's team is Monad Maxis (code MAXI42): Ava leads, Ben is its member.
// Teams are fixed on the timeline: each is created, and each member joins, at an instant; the program's epochs
// are weeks from its start and roll on for ever, epoch 12 holding the anchor.
import { AVA, BEN, BEN_JOINED_TEAM, CAST_NOW, TEAM_CODE, TEAM_NAME } from '../cast.js';
import { Random } from '../random.js';
import { DAY, utcWeekStart, WEEK } from '../time.js';
import type { Position } from './positions.js';
import type { Trader } from './traders.js';

interface TeamMember {
  readonly trader: number;
  readonly joinTime: number;
}

export interface Team {
  readonly code: string;
  readonly name: string;
  readonly leader: number;
  readonly createdAt: number;
  readonly members: readonly TeamMember[];
}

/** The epoch holding the anchor. */
const ANCHOR_EPOCH = 12;
const TEAM_COUNT = 60;
/** Monday 00:00 UTC of epoch 1, when the program started. */
const PROGRAM_START = utcWeekStart(CAST_NOW) - (ANCHOR_EPOCH - 1) * WEEK;

/** Epochs are weeks starting Monday 00:00 UTC, numbered from 1. */
export function epochStart(epoch: number): number {
  return PROGRAM_START + (epoch - 1) * WEEK;
}

/** The epoch holding an instant: 0 or less before the program started. */
export function epochAt(seconds: number): number {
  return Math.floor((utcWeekStart(seconds) - PROGRAM_START) / WEEK) + 1;
}

const ADJECTIVES = [
  'Midnight',
  'Golden',
  'Silent',
  'Rapid',
  'Iron',
  'Lucky',
  'Crimson',
  'Frozen',
  'Wild',
  'Quiet',
  'Neon',
  'Brave',
];
const NOUNS = [
  'Whales',
  'Otters',
  'Falcons',
  'Degens',
  'Bulls',
  'Bears',
  'Sharks',
  'Owls',
  'Comets',
  'Ravens',
  'Lynxes',
  'Tides',
];

export function buildTeams(seed: number, traders: readonly Trader[], indexOf: ReadonlyMap<string, number>): Team[] {
  const now = CAST_NOW;
  const random = new Random(seed, 'teams');
  const ava = indexOf.get(AVA) as number;
  const ben = indexOf.get(BEN) as number;
  const programStart = PROGRAM_START;
  const teams: Team[] = [
    {
      code: TEAM_CODE,
      name: TEAM_NAME,
      leader: ava,
      createdAt: now + BEN_JOINED_TEAM - 2 * DAY,
      members: [{ trader: ben, joinTime: now + BEN_JOINED_TEAM }],
    },
  ];
  const taken = new Set<number>([ava, ben]);
  const codes = new Set<string>([TEAM_CODE]);
  const names = new Set<string>([TEAM_NAME]);
  // Regular traders only (the cast's roles are placed by hand): indexes from 4 to 4 + the regular count.
  const regular = traders.filter((trader) => trader.profile === 'regular').map((trader) => trader.index);
  const draw = (): number | undefined => {
    for (let guard = 0; guard < 50; guard += 1) {
      const index = random.pick(regular);
      if (!taken.has(index)) {
        taken.add(index);
        return index;
      }
    }
    return undefined;
  };
  while (teams.length < TEAM_COUNT) {
    const leader = draw();
    if (leader === undefined) break;
    let name = `${random.pick(ADJECTIVES)} ${random.pick(NOUNS)}`;
    if (names.has(name)) name = `${name} ${teams.length}`;
    let code = '';
    do code = random.code(6);
    while (codes.has(code));
    names.add(name);
    codes.add(code);
    const createdAt = programStart + Math.floor(random.next() * (now - 3 * DAY - programStart));
    const members: TeamMember[] = [];
    const size = Math.floor(random.skewed(2) * 13);
    for (let count = 0; count < size; count += 1) {
      const member = draw();
      if (member === undefined) break;
      members.push({ trader: member, joinTime: createdAt + Math.floor(random.next() * (now - DAY - createdAt)) });
    }
    members.sort((a, b) => a.joinTime - b.joinTime);
    teams.push({ code, name, leader, createdAt, members });
  }
  return teams;
}

/** The team's traders with the instant from which their trades count: the leader from the team's creation, each member from their join. */
export function teamTraders(team: Team): { trader: number; since: number }[] {
  return [
    { trader: team.leader, since: team.createdAt },
    ...team.members.map((member) => ({ trader: member.trader, since: member.joinTime })),
  ];
}

/** USD (1e18) of the openings and closings among `positions` in [from, to) at or after `since`. */
export function volumeBetween(positions: readonly Position[], since: number, from: number, to: number): bigint {
  const start = Math.max(from, since);
  let usd = 0n;
  for (const position of positions) {
    if (position.openTime >= start && position.openTime < to) usd += position.openNotionalUsd;
    const closed = position.closeTime;
    if (closed !== undefined && closed >= start && closed < to) usd += position.closeNotionalUsd;
  }
  return usd;
}
