// The trading competitions: the cast's four (5, 7, 8, 9) as the examples show them, and five more of the
// world's own so that every status, leaderboard type, public and private, and a hidden one are present at the
// anchor. They are fixed on the timeline: each starts and ends at its instant, whatever the world's now.
import type { components } from '@trading-analytics/types';
import { AVA, BEN, CAST_NOW, CY, DEE, INVITE_CODE, USDC } from '../cast.js';
import { E18 } from '../money.js';
import { Random } from '../random.js';
import { DAY } from '../time.js';
import type { Trader } from './traders.js';

type LeaderboardType = components['schemas']['LeaderboardType'];
export type CompetitionStatus = components['schemas']['CompetitionStatus'];
/** What a leaderboard column shows; the key is what `headers[].key` and `stats` use. */
export type Metric = 'tradingVolume' | 'pnl' | 'highLeverageVolume' | 'lowLeverageVolume';

interface Column {
  readonly key: string;
  readonly label: string;
  readonly metric: Metric;
}

export interface Competition {
  readonly id: number;
  readonly title: string;
  readonly description: string;
  readonly ruleId: string;
  readonly leaderboardType: LeaderboardType;
  /** Older records carry neither `collateralToken` nor `requiresInviteCode`. */
  readonly olderRecord: boolean;
  readonly collateralToken: string | null;
  readonly rewardAmount: bigint;
  readonly rewardDescription: string;
  readonly startTime: number;
  readonly endTime: number;
  readonly isReadyToDisplay: boolean;
  readonly inviteCode: string | null;
  /** Columns of the leaderboard; the first is the default order. */
  readonly columns: readonly Column[];
  /** Rows without `rank` (the older variant of the leaderboard). */
  readonly rowsWithoutRank: boolean;
  /** The timeline's participants (trader indexes); joins made in a world come on top. */
  readonly participants: readonly number[];
}

const VOLUME: Column = { key: 'tradingVolume', label: 'Trading volume (USD)', metric: 'tradingVolume' };
const PNL: Column = { key: 'pnl', label: 'PnL (USD)', metric: 'pnl' };
const HIGH: Column = { key: 'highLeverageVolume', label: 'High-leverage volume (USD)', metric: 'highLeverageVolume' };
const LOW: Column = { key: 'lowLeverageVolume', label: 'Low-leverage volume (USD)', metric: 'lowLeverageVolume' };

interface Spec extends Omit<Competition, 'participants' | 'startTime' | 'endTime' | 'inviteCode' | 'rewardAmount'> {
  /** Start and end as offsets from the anchor (seconds; negative is before it). */
  readonly start: number;
  readonly end: number;
  readonly reward: number;
  readonly invite: 'none' | 'cast' | 'drawn';
  readonly size: number;
  readonly include: readonly string[];
  readonly exclude: readonly string[];
}

const castOffset = (seconds: number): number => seconds - CAST_NOW;

const SPECS: readonly Spec[] = [
  {
    id: 7,
    title: 'November Volume Sprint',
    description: 'Trade any market; the highest total trading volume wins.',
    ruleId: 'volume-sprint-v2',
    leaderboardType: 'TOTAL_VOLUME_BASED',
    olderRecord: false,
    collateralToken: null,
    reward: 25_000,
    rewardDescription: '25,000 tokens shared by the top 50 traders by volume.',
    start: castOffset(1_793_491_200),
    end: castOffset(1_796_083_200),
    isReadyToDisplay: true,
    invite: 'none',
    columns: [VOLUME, PNL],
    rowsWithoutRank: false,
    size: 412,
    include: [AVA, BEN, CY],
    exclude: [DEE],
  },
  {
    id: 8,
    title: 'Monad Maxis USDC Invitational',
    description: 'Invite-only; PnL and volume of trades made with USDC collateral count.',
    ruleId: 'collateral-pnl-volume-v1',
    leaderboardType: 'COLLATERAL_PNL_VOLUME_BASED',
    olderRecord: false,
    collateralToken: USDC.address,
    reward: 10_000,
    rewardDescription: '10,000 tokens shared by the top 10 invited traders.',
    start: castOffset(1_794_614_400),
    end: castOffset(1_796_083_200),
    isReadyToDisplay: true,
    invite: 'cast',
    columns: [PNL, VOLUME],
    rowsWithoutRank: false,
    size: 37,
    include: [],
    exclude: [AVA, BEN, CY, DEE],
  },
  {
    id: 5,
    title: 'October PnL Challenge',
    description: 'The highest PnL over October wins.',
    ruleId: 'pnl-challenge-v1',
    leaderboardType: 'PNL',
    olderRecord: true,
    collateralToken: null,
    reward: 15_000,
    rewardDescription: '15,000 tokens shared by the top 20 traders by PnL.',
    start: castOffset(1_790_812_800),
    end: castOffset(1_793_491_200),
    isReadyToDisplay: true,
    invite: 'none',
    columns: [PNL, VOLUME],
    rowsWithoutRank: true,
    size: 968,
    include: [AVA, BEN],
    exclude: [CY, DEE],
  },
  {
    id: 9,
    title: 'December High-Leverage Cup',
    description: 'Volume traded in the high-leverage band counts.',
    ruleId: 'high-leverage-volume-v1',
    leaderboardType: 'HIGH_LEVERAGE_VOLUME_BASED',
    olderRecord: false,
    collateralToken: null,
    reward: 20_000,
    rewardDescription: '20,000 tokens shared by the top 30 traders by high-leverage volume.',
    start: castOffset(1_796_083_200),
    end: castOffset(1_797_292_800),
    isReadyToDisplay: true,
    invite: 'none',
    columns: [HIGH, PNL],
    rowsWithoutRank: false,
    size: 0,
    include: [],
    exclude: [],
  },
  {
    id: 3,
    title: 'Summer Trading Open',
    description: 'The default ranking: total trading volume over the summer.',
    ruleId: 'default-v1',
    leaderboardType: 'DEFAULT',
    olderRecord: false,
    collateralToken: null,
    reward: 5000,
    rewardDescription: '5,000 tokens shared by the top 25 traders.',
    start: -100 * DAY,
    end: -70 * DAY,
    isReadyToDisplay: true,
    invite: 'none',
    columns: [
      { ...VOLUME, key: '1' },
      { ...PNL, key: '2' },
    ],
    rowsWithoutRank: false,
    size: 500,
    include: [],
    exclude: [DEE],
  },
  {
    id: 4,
    title: 'September PnL Invitational',
    description: 'Invite-only; the highest PnL wins.',
    ruleId: 'pnl-based-v1',
    leaderboardType: 'PNL_BASED',
    olderRecord: false,
    collateralToken: null,
    reward: 8000,
    rewardDescription: '8,000 tokens shared by the top 10 invited traders by PnL.',
    start: -60 * DAY,
    end: -46 * DAY,
    isReadyToDisplay: true,
    invite: 'drawn',
    columns: [PNL, VOLUME],
    rowsWithoutRank: false,
    size: 120,
    include: [],
    exclude: [DEE],
  },
  {
    id: 6,
    title: 'Steady Hands',
    description: 'Volume traded in the low-leverage band counts.',
    ruleId: 'low-leverage-volume-v1',
    leaderboardType: 'LOW_LEVERAGE_VOLUME_BASED',
    olderRecord: false,
    collateralToken: null,
    reward: 6000,
    rewardDescription: '6,000 tokens shared by the top 30 traders by low-leverage volume.',
    start: -10 * DAY,
    end: 20 * DAY,
    isReadyToDisplay: true,
    invite: 'none',
    columns: [LOW, PNL],
    rowsWithoutRank: false,
    size: 300,
    include: [BEN],
    exclude: [DEE],
  },
  {
    id: 10,
    title: 'Winter PnL Invitational',
    description: 'Invite-only; the highest PnL over two weeks wins.',
    ruleId: 'pnl-based-v1',
    leaderboardType: 'PNL_BASED',
    olderRecord: false,
    collateralToken: null,
    reward: 12_000,
    rewardDescription: '12,000 tokens shared by the top 10 invited traders by PnL.',
    start: 3 * DAY,
    end: 17 * DAY,
    isReadyToDisplay: true,
    invite: 'drawn',
    columns: [PNL, VOLUME],
    rowsWithoutRank: false,
    size: 0,
    include: [],
    exclude: [],
  },
  {
    id: 11,
    title: 'Staff Dry Run',
    description: 'Not yet shown in the app: a rehearsal of the default ranking.',
    ruleId: 'default-v1',
    leaderboardType: 'DEFAULT',
    olderRecord: false,
    collateralToken: null,
    reward: 100,
    rewardDescription: '100 tokens for the rehearsal.',
    start: -2 * DAY,
    end: 12 * DAY,
    isReadyToDisplay: false,
    invite: 'none',
    columns: [VOLUME, PNL],
    rowsWithoutRank: false,
    size: 25,
    include: [],
    exclude: [DEE],
  },
];

export function buildCompetitions(
  seed: number,
  traders: readonly Trader[],
  indexOf: ReadonlyMap<string, number>,
): Competition[] {
  return SPECS.map((spec) => {
    const random = new Random(seed, `competition:${spec.id}`);
    const chosen = new Set<number>(spec.include.map((address) => indexOf.get(address) as number));
    const excluded = new Set<number>(spec.exclude.map((address) => indexOf.get(address) as number));
    // Participants are drawn from the traders with any history (the cast's roles are placed by hand).
    for (let guard = 0; chosen.size < spec.size && guard < spec.size * 20; guard += 1) {
      const index = random.int(4, traders.length - 1);
      if (!excluded.has(index)) chosen.add(index);
    }
    const drawnCode = random.code(8, 4);
    return {
      id: spec.id,
      title: spec.title,
      description: spec.description,
      ruleId: spec.ruleId,
      leaderboardType: spec.leaderboardType,
      olderRecord: spec.olderRecord,
      collateralToken: spec.collateralToken,
      rewardAmount: BigInt(spec.reward) * E18,
      rewardDescription: spec.rewardDescription,
      startTime: CAST_NOW + spec.start,
      endTime: CAST_NOW + spec.end,
      isReadyToDisplay: spec.isReadyToDisplay,
      inviteCode: spec.invite === 'none' ? null : spec.invite === 'cast' ? INVITE_CODE : drawnCode,
      columns: spec.columns,
      rowsWithoutRank: spec.rowsWithoutRank,
      participants: [...chosen].sort((a, b) => a - b),
    };
  });
}

export function statusOf(competition: Competition, now: number): CompetitionStatus {
  if (now < competition.startTime) return 'UPCOMING';
  return now >= competition.endTime ? 'ENDED' : 'ONGOING';
}
