// Competition standings in a view: each competition's participants (the timeline's and those who joined in the
// world) with their figures over its window, and its orderings, kept sorted. A join or a trade updates a board
// already computed in place (one participant inserted or moved), so a write costs the same however many came
// before it, and a read of the board after it costs no more than before.
import { usdNumber } from '../money.js';
import type { Competition, Metric } from '../timeline/competitions.js';
import type { Position } from '../timeline/positions.js';
import { type Figures, figuresOf } from './figures.js';
import type { TraderView, View } from './index.js';

export interface Standing {
  readonly trader: TraderView;
  readonly figures: Figures;
  readonly stats: Record<string, number>;
}

export interface Board {
  readonly participants: Set<string>;
  readonly standings: Map<string, Standing>;
  tradingVolume: bigint;
  /** Orderings by `${key}:${descending}`, computed on first use and kept sorted as participants come and move. */
  readonly orders: Map<string, Standing[]>;
}

const METRICS: Readonly<Record<Metric, (figures: Figures) => bigint>> = {
  tradingVolume: (figures) => figures.volume,
  pnl: (figures) => figures.pnl,
  highLeverageVolume: (figures) => figures.highLeverageVolume,
  lowLeverageVolume: (figures) => figures.lowLeverageVolume,
};

const boardKey = (competition: Competition): string => `competition:${competition.id}`;

/** The timeline's participants of a competition, as addresses. */
const timelineParticipants = new WeakMap<Competition, ReadonlySet<string>>();

function participantsOf(view: View, competition: Competition): ReadonlySet<string> {
  let addresses = timelineParticipants.get(competition);
  if (!addresses) {
    addresses = new Set(competition.participants.map((index) => view.timeline.traders[index]?.address ?? ''));
    timelineParticipants.set(competition, addresses);
  }
  return addresses;
}

/** Whether an address takes part in a competition in the view's world (without computing its board). */
export function takesPart(view: View, competition: Competition, address: string): boolean {
  return participantsOf(view, competition).has(address) || view.writes.joins.get(competition.id)?.has(address) === true;
}

function standingOf(view: View, competition: Competition, address: string): Standing {
  const trader: TraderView = view.trader(address) ?? { index: -1, address, profile: 'empty', positions: [] };
  // An upcoming competition's window is empty (it ends before it starts), so its participants have zeros.
  // Kept with the trader's list: the timeline hands a view the same list only while nothing of it opens or
  // closes, so the figures over the competition's window (which ends at now at the latest) are the same at
  // every instant it is handed out.
  const derived = view.derived(trader);
  const key = boardKey(competition);
  let figures = derived?.get(key) as Figures | undefined;
  if (!figures) {
    const window = { from: competition.startTime, to: Math.min(competition.endTime, view.now) };
    const collateral = competition.collateralToken;
    const include = collateral ? (position: Position) => position.marginToken.address === collateral : undefined;
    figures = figuresOf(trader.positions, window, include);
    derived?.set(key, figures);
  }
  return new LazyStanding(trader, figures, competition);
}

/**
 * A standing whose stats (decimal text read back as numbers, the costly part) are written on first read: the
 * competitions list needs only the figures' volume, a board's page and orderings read the stats.
 */
class LazyStanding implements Standing {
  private statsKept: Record<string, number> | undefined;

  constructor(
    readonly trader: TraderView,
    readonly figures: Figures,
    private readonly competition: Competition,
  ) {}

  get stats(): Record<string, number> {
    if (this.statsKept) return this.statsKept;
    const { figures } = this;
    const stats: Record<string, number> = {};
    for (const column of this.competition.columns) {
      // A participant who closed nothing in the window has no PnL yet: the key is left out, as the service may.
      if (column.metric === 'pnl' && figures.wins + figures.losses === 0) continue;
      stats[column.key] = usdNumber(METRICS[column.metric](figures));
    }
    this.statsKept = stats;
    return stats;
  }
}

/** The competition's board in the view, computed on first use. */
export function boardOf(view: View, competition: Competition): Board {
  const key = boardKey(competition);
  let board = view.cache.get(key) as Board | undefined;
  if (board) return board;
  const participants = new Set(participantsOf(view, competition));
  for (const address of view.writes.joins.get(competition.id) ?? []) participants.add(address);
  board = { participants, standings: new Map(), tradingVolume: 0n, orders: new Map() };
  for (const address of participants) {
    const standing = standingOf(view, competition, address);
    board.standings.set(address, standing);
    board.tradingVolume += standing.figures.volume;
  }
  view.cache.set(key, board);
  return board;
}

function comparator(key: string, descending: boolean): (a: Standing, b: Standing) => number {
  const sign = descending ? -1 : 1;
  return (a, b) => {
    const left = a.stats[key] ?? 0;
    const right = b.stats[key] ?? 0;
    if (left !== right) return left < right ? -sign : sign;
    return a.trader.address < b.trader.address ? -1 : a.trader.address > b.trader.address ? 1 : 0;
  };
}

/** The first place in a sorted order at which `standing` would not sort before the one there. */
function placeIn(
  order: readonly Standing[],
  standing: Standing,
  compare: (a: Standing, b: Standing) => number,
): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(order[middle] as Standing, standing) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The board's standings ordered by a column, ties by address. */
export function ordered(board: Board, key: string, descending: boolean): readonly Standing[] {
  const name = `${key}:${descending}`;
  let order = board.orders.get(name);
  if (!order) {
    order = [...board.standings.values()].sort(comparator(key, descending));
    board.orders.set(name, order);
  }
  return order;
}

/** A standing's rank (1-based) in an order made by `ordered`. */
export function rankIn(order: readonly Standing[], standing: Standing, key: string, descending: boolean): number {
  return placeIn(order, standing, comparator(key, descending)) + 1;
}

/** Puts a participant's new standing in place of the old one (or adds it), in the board and its orders. */
function place(view: View, competition: Competition, board: Board, address: string): void {
  const previous = board.standings.get(address);
  const next = standingOf(view, competition, address);
  board.standings.set(address, next);
  board.tradingVolume += next.figures.volume - (previous?.figures.volume ?? 0n);
  for (const [name, order] of board.orders) {
    const split = name.lastIndexOf(':');
    const compare = comparator(name.slice(0, split), name.slice(split + 1) === 'true');
    if (previous) order.splice(placeIn(order, previous, compare), 1);
    order.splice(placeIn(order, next, compare), 0, next);
  }
}

/** A join recorded in the view's world: the competition's board, if computed, takes the participant in. */
export function joinBoard(view: View, competition: Competition, address: string): void {
  const board = view.cache.get(boardKey(competition)) as Board | undefined;
  if (!board || board.participants.has(address)) return;
  board.participants.add(address);
  place(view, competition, board, address);
}

/** A trader's positions changed in the view: every computed board they take part in moves them. */
export function refreshBoards(view: View, address: string): void {
  for (const competition of view.competitions) {
    const board = view.cache.get(boardKey(competition)) as Board | undefined;
    if (board?.participants.has(address)) place(view, competition, board, address);
  }
}
