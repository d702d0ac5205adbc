// Staked tokens: a daily APY series, and the stakers' portfolios (Ava's as the examples show it).
import { AVA } from '../cast.js';
import { E18 } from '../money.js';
import { Random } from '../random.js';
import type { Trader } from './traders.js';

export interface StakedPortfolio {
  readonly shares: bigint;
  readonly principal: bigint;
  readonly cumulativeRealizedPnl: bigint;
}

/** Days of APY history: the `days` of a request may reach this far back. */
export const APY_DAYS = 365;
/** The 7-day APY of the examples, in millionths: the last seven days average to it. */
const SEVEN_DAY_APY = 84_200;

/** Daily APY values in millionths (60,000 is 6%), oldest first, the last being today's. */
export function buildApySeries(seed: number): Int32Array {
  const random = new Random(seed, 'apy');
  const series = new Int32Array(APY_DAYS);
  let value = 84_000;
  for (let day = APY_DAYS - 1; day >= 0; day -= 1) {
    series[day] = value;
    value = Math.max(30_000, Math.min(150_000, value + Math.round(random.normal() * 1500)));
  }
  const lastSix = series.subarray(APY_DAYS - 7, APY_DAYS - 1).reduce((sum, one) => sum + one, 0);
  series[APY_DAYS - 1] = SEVEN_DAY_APY * 7 - lastSix;
  return series;
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
