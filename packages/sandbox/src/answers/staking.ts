// Staked tokens: the APY over `days`, and a user's staked portfolio.

import { DAY } from '../time.js';
import { APY_DAYS } from '../timeline/staking.js';
import type { SandboxAnswer, SandboxRequest } from '../types.js';
import type { Context } from './context.js';
import { badRequest, ok, onChain, readParameters } from './kit.js';

export function getStakedApy(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  const asked = values.days as number;
  if (asked < 1) throw badRequest(`days must be 1 or more: the APY is an average over days, not ${asked}`);
  // No staking on a chain the sandbox holds no data for: no yield.
  if (!onChain(values.blockChain)) return ok(0);
  // The world keeps APY_DAYS days of APY: a longer window averages all of them.
  const days = Math.min(asked, APY_DAYS);
  const { apy } = context.view.timeline;
  const today = Math.floor(context.view.now / DAY);
  let sum = 0;
  for (let day = today - days + 1; day <= today; day += 1) sum += apy.at(day);
  // Daily APYs are in millionths; the answer is their average as a fraction with four decimals.
  return ok(Math.round(sum / days / 100) / 10_000);
}

export function getStakedPortfolio(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  const trader = context.view.trader(values.user_address as string);
  const stake = trader ? context.view.stakes.get(trader.index) : undefined;
  if (!stake) return ok({ shares: '0', principal: '0', cumulativeRealizedPnl: '0' });
  return ok({
    shares: stake.shares.toString(),
    principal: stake.principal.toString(),
    cumulativeRealizedPnl: stake.cumulativeRealizedPnl.toString(),
  });
}
