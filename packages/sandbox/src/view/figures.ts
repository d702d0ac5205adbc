// A trader's figures over a window, added up from their positions: the one place PnL, volume and win counts
// are computed, so the leaderboard, my-rank, trading stats, the portfolio and the competitions agree.
import { E18 } from '../money.js';
import { feesOf, HIGH_LEVERAGE, type Position } from '../timeline/positions.js';

export interface Figures {
  /** Gross realized PnL of the positions closed in the window, USD 1e18. */
  pnl: bigint;
  /** Notional opened plus notional closed in the window, USD 1e18. */
  volume: bigint;
  highLeverageVolume: bigint;
  lowLeverageVolume: bigint;
  wins: number;
  losses: number;
  biggestWin: bigint;
}

export const emptyFigures = (): Figures => ({
  pnl: 0n,
  volume: 0n,
  highLeverageVolume: 0n,
  lowLeverageVolume: 0n,
  wins: 0,
  losses: 0,
  biggestWin: 0n,
});

/** A window [from, to] of Unix seconds, both ends included. */
export interface Window {
  readonly from: number;
  readonly to: number;
}

/** A position's opening notional, in the window's volume and its leverage band. */
export function addOpening(figures: Figures, position: Position): void {
  figures.volume += position.openNotionalUsd;
  if (position.leverage >= HIGH_LEVERAGE) figures.highLeverageVolume += position.openNotionalUsd;
  else figures.lowLeverageVolume += position.openNotionalUsd;
}

/** A position's closing: its notional in the volumes, its PnL, and a win or a loss. */
export function addClosing(figures: Figures, position: Position): void {
  figures.volume += position.closeNotionalUsd;
  if (position.leverage >= HIGH_LEVERAGE) figures.highLeverageVolume += position.closeNotionalUsd;
  else figures.lowLeverageVolume += position.closeNotionalUsd;
  figures.pnl += position.pnlUsd;
  if (position.pnlUsd > 0n) {
    figures.wins += 1;
    if (position.pnlUsd > figures.biggestWin) figures.biggestWin = position.pnlUsd;
  } else figures.losses += 1;
}

function addPosition(figures: Figures, position: Position, window: Window): void {
  if (position.openTime >= window.from && position.openTime <= window.to) addOpening(figures, position);
  const closed = position.closeTime;
  if (closed !== undefined && closed >= window.from && closed <= window.to) addClosing(figures, position);
}

export function figuresOf(
  positions: readonly Position[],
  window: Window,
  include?: (position: Position) => boolean,
): Figures {
  const figures = emptyFigures();
  for (const position of positions) if (!include || include(position)) addPosition(figures, position, window);
  return figures;
}

/** The ranked set (the sandbox's rule): at least one position closed in the window and $1,000 of volume. */
const RANKED_MIN_VOLUME = 1000n * E18;
export const isRanked = (figures: Figures): boolean =>
  figures.wins + figures.losses > 0 && figures.volume >= RANKED_MIN_VOLUME;

/** Win rate as a fraction with four decimals, from counts (not money). */
export function winRate(figures: Figures): number {
  const closed = figures.wins + figures.losses;
  return closed === 0 ? 0 : Math.round((figures.wins / closed) * 10_000) / 10_000;
}

/** Realized figures net of fees over a window: PnL, and the biggest win, of the positions closed in it. */
export function afterFees(
  positions: readonly Position[],
  window: Window,
  now: number,
): { pnl: bigint; biggestWin: bigint } {
  let pnl = 0n;
  let biggestWin = 0n;
  for (const position of positions) {
    const closed = position.closeTime;
    if (closed === undefined || closed < window.from || closed > window.to) continue;
    const net = position.pnlUsd - feesOf(position, now).totalUsd;
    pnl += net;
    if (position.pnlUsd > 0n && net > biggestWin) biggestWin = net;
  }
  return { pnl, biggestWin };
}
