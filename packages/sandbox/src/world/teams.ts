// The points program (Genesis Airdrop): teams of a leader and members, weekly epochs, and the points a team
// earns from its traders' volume. The cast's team is Monad Maxis (code MAXI42): Ava leads, Ben is its member.
import { AVA, BEN, BEN_JOINED_TEAM, TEAM_CODE, TEAM_NAME } from '../cast.js';
import { Random } from '../random.js';
import { DAY, utcWeekStart, WEEK } from '../time.js';
import type { Population } from './traders.js';

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

/** The current epoch's number; epoch 0 in a request means this one. */
export const CURRENT_EPOCH = 12;
const TEAM_COUNT = 60;

/** Epochs are weeks starting Monday 00:00 UTC; the current one holds now. */
export function epochStart(now: number, epoch: number): number {
  return utcWeekStart(now) - (CURRENT_EPOCH - epoch) * WEEK;
}

/** The epoch holding an instant (1 at the earliest). */
export function epochAt(now: number, seconds: number): number {
  return Math.max(1, CURRENT_EPOCH - Math.floor((utcWeekStart(now) - utcWeekStart(seconds)) / WEEK));
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

export function buildTeams({ seed, now, traders, indexOf }: Population): Team[] {
  const random = new Random(seed, 'teams');
  const ava = indexOf.get(AVA) as number;
  const ben = indexOf.get(BEN) as number;
  const programStart = epochStart(now, 1);
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
