// What was done in a world through the sandbox: the joins, the trades opened and closed through its control,
// and the timeline's positions closed early. A world holds only these (and its clock and faults); everything
// else is read from the shared timeline, so a world costs what was done in it.
import type { Position, PositionDraw } from '../timeline/positions.js';

/** A trade opened through the control: as opened, and as it stands (closed once it has been). */
export interface TradeRecord {
  readonly hash: string;
  /** The trader's index: the timeline's, or past its traders for an address it does not know. */
  readonly trader: number;
  readonly draw: PositionDraw;
  position: Position;
}

/** A trader the timeline does not know, who traded through the control. */
export interface ExtraTrader {
  readonly index: number;
  readonly address: string;
}

export class Writes {
  /** Addresses (lowercase) that joined, by competition id, beyond the timeline's participants. */
  readonly joins = new Map<number, Set<string>>();
  joinCount = 0;
  readonly trades: TradeRecord[] = [];
  readonly tradeByHash = new Map<string, TradeRecord>();
  readonly tradesByTrader = new Map<number, TradeRecord[]>();
  readonly extraTraders: ExtraTrader[] = [];
  readonly extraIndex = new Map<string, number>();
  /** Timeline positions closed through the control, by trader, by their place on the timeline (`segment:ordinal`). */
  readonly earlyCloses = new Map<number, Map<string, Position>>();
  /** How many positions were closed through the control (trades and timeline positions). */
  closeCount = 0;

  /** How many writes the world keeps: distinct joins, trades opened, positions closed. */
  get count(): number {
    return this.joinCount + this.trades.length + this.closeCount;
  }

  /** Whether nothing was done in the world: its views are the timeline's alone, shared with other such worlds. */
  get empty(): boolean {
    return this.joinCount === 0 && this.trades.length === 0 && this.earlyCloses.size === 0;
  }
}

/** The key of a timeline position among a trader's: where it was drawn. */
export const placeOf = (position: Position): string => `${position.segment}:${position.ordinal}`;
