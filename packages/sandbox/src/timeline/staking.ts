// Staked tokens: a daily APY over the whole timeline, and the stakers' portfolios (Ava's as the examples show
// them).
import { AVA, CAST_NOW } from '../cast.js';
import { E18 } from '../money.js';
import { hashText, Random } from '../random.js';
import { DAY } from '../time.js';
import { Bridge } from './bridge.js';
import type { Trader } from './traders.js';

export interface StakedPortfolio {
  readonly shares: bigint;
  readonly principal: bigint;
  readonly cumulativeRealizedPnl: bigint;
}

/** Days of APY a request may average over: a longer `days` averages these. */
export const APY_DAYS = 365;
/** The 7-day APY of the examples, in millionths: the seven days ending on the anchor's day average to it. */
const SEVEN_DAY_APY = 84_200;
const ANCHOR_DAY = Math.floor(CAST_NOW / DAY);

/** Daily APY values in millionths (60,000 is 6%) for any day (Unix days), wandering between 3% and 15%. */
export class ApySeries {
  private readonly bridge: Bridge;
  private readonly anchorLevel: number;
  private readonly anchorValue: number;

  constructor(seed: number) {
    this.bridge = new Bridge({
      key: hashText('apy') ^ seed,
      block: 512,
      fine: 64,
      step: 1500,
      spread: 1500 * Math.sqrt(512) * 0.7,
    });
    this.anchorLevel = this.bridge.at(ANCHOR_DAY);
    let lastSix = 0;
    for (let day = ANCHOR_DAY - 6; day < ANCHOR_DAY; day += 1) lastSix += this.level(day);
    this.anchorValue = SEVEN_DAY_APY * 7 - lastSix;
  }

  private level(day: number): number {
    return Math.max(30_000, Math.min(150_000, 84_000 + Math.round(this.bridge.at(day) - this.anchorLevel)));
  }

  /** The APY of a day (Unix days: seconds / 86,400, rounded down). */
  at(day: number): number {
    return day === ANCHOR_DAY ? this.anchorValue : this.level(day);
  }
}

const AVA_PORTFOLIO: StakedPortfolio = {
  shares: 4_812_500_000_000_000_000_000n,
  principal: 5_000_000_000_000_000_000_000n,
  cumulativeRealizedPnl: 187_350_000_000_000_000_000n,
};

/** Portfolios of the stakers, by trader index: Ava, and about a third of the regular traders and Ben. */
export function buildStakes(seed: number, traders: readonly Trader[]): Map<number, StakedPortfolio> {
  const stakes = new Map<number, StakedPortfolio>();
  for (const trader of traders) {
    if (trader.address === AVA) {
      stakes.set(trader.index, AVA_PORTFOLIO);
      continue;
    }
    if (trader.profile !== 'regular' && trader.profile !== 'whale') continue;
    const random = new Random(seed, `stake:${trader.index}`);
    if (trader.profile === 'regular' && !random.chance(0.35)) continue;
    const principal = BigInt(random.int(50, 50_000)) * E18 + BigInt(random.int(0, 999_999)) * 10n ** 12n;
    // Share price between 1.00 and 1.08 (1e6 scale), so shares are a little below the principal.
    const sharePrice = BigInt(1_000_000 + random.int(0, 80_000));
    const shares = (principal * 1_000_000n) / sharePrice;
    const cumulativeRealizedPnl = (principal * BigInt(random.int(0, 60_000))) / 1_000_000n;
    stakes.set(trader.index, { shares, principal, cumulativeRealizedPnl });
  }
  return stakes;
}
