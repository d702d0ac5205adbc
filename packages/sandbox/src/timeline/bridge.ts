// Series that can be read at any index without walking to it from a start: the prices of every market and the
// daily APY, over a timeline with no first or last day. A block's two ends are drawn independently around zero
// from a hash of the seed, the series and the block (no stream to advance from a start), its coarse points by
// midpoint displacement between them, and each fine block between two coarse points by a walk of its own
// stretched to meet them (a Brownian bridge either way), so the series wanders like a random walk over hours
// and days and comes back toward its level over months. Only basic arithmetic and Math.sqrt, which IEEE 754
// rounds alike on every engine.
import { Random } from '../random.js';

/** A 32-bit hash of two 32-bit words (murmur3's finalizer over a combination): the draws' only source. */
function mix(a: number, b: number): number {
  let h = (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The hash of a key and an integer index of any size (indexes past 2^32 are split into two words). */
export function hashAt(key: number, index: number): number {
  const low = index >>> 0;
  const high = Math.floor(index / 4_294_967_296) | 0;
  return mix(mix(key, high), low);
}

/** A uniform draw in [0, 1) for a key and an index. */
export function uniformAt(key: number, index: number): number {
  return hashAt(key, index) / 4_294_967_296;
}

/** A roughly normal draw (mean 0, deviation 1) for a key and an index: four 16-bit uniforms, rescaled. */
function normalAt(key: number, index: number): number {
  const first = hashAt(key, index);
  const second = mix(first, 0x2545f491);
  const sum = (first & 0xffff) + (first >>> 16) + (second & 0xffff) + (second >>> 16);
  return (sum / 65_536 - 2) * 1.7320508075688772;
}

/** Fine blocks kept per series (a view reads a few dozen of one market's), and coarse blocks. */
const KEPT_FINE = 24;
const KEPT_COARSE = 8;

export interface BridgeShape {
  /** The series' key: the seed and the series' label, hashed. */
  readonly key: number;
  /** Points per block, a power of two: the block's two ends are drawn around zero. */
  readonly block: number;
  /** Points per fine block, a power of two dividing `block`: the unit a read fills. */
  readonly fine: number;
  /** Deviation of one step (one index to the next). */
  readonly step: number;
  /** Deviation of a block's ends around zero: how far the series wanders before it comes back. */
  readonly spread: number;
}

/** A value kept in a Map of at most `limit` entries; past it, the one made first goes. */
export function kept<T>(map: Map<number, T>, key: number, limit: number, make: () => T): T {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    if (map.size >= limit) map.delete(map.keys().next().value as number);
    map.set(key, value);
  }
  return value;
}

/**
 * A series over every integer index. A block's values are its two ends and, at each midpoint, the mean of the
 * interval's ends plus a draw scaled to the interval's length; the coarse midpoints (down to `fine`) are
 * computed for the whole block, the rest a fine block at a time as reads reach it, so a read near a few
 * points fills no more than its fine block. Every value depends only on its interval, so the order blocks are
 * read in changes nothing.
 */
export class Bridge {
  private readonly coarse = new Map<number, Float64Array>();
  private readonly fineBlocks = new Map<number, Float64Array>();
  /** The fine block read last, read again without a lookup: reads come in runs over one block. */
  private lastNumber = Number.NaN;
  private lastValues: Float64Array = new Float64Array(0);
  /** A midpoint's deviation by the length of its interval: step * sqrt(length) / 2. */
  private readonly deviations = new Map<number, number>();

  constructor(readonly shape: BridgeShape) {
    for (let length = 2; length <= shape.block; length *= 2) {
      this.deviations.set(length, (shape.step * Math.sqrt(length)) / 2);
    }
  }

  at(index: number): number {
    const { fine } = this.shape;
    const number = Math.floor(index / fine);
    if (number !== this.lastNumber) {
      this.lastValues = kept(this.fineBlocks, number, KEPT_FINE, () => this.fill(number));
      this.lastNumber = number;
    }
    return this.lastValues[index - number * fine] as number;
  }

  /**
   * Fills the midpoints of [start, start + length], interval by interval down to `unit`: `values[i]` holds the
   * point start + i * unit, and its two ends are set.
   */
  private displace(values: Float64Array, start: number, length: number, unit: number): void {
    const { key } = this.shape;
    for (let span = length; span >= unit * 2; span /= 2) {
      const deviation = this.deviations.get(span) as number;
      const half = span / 2;
      for (let at = 0; at < length; at += span) {
        const left = values[at / unit] as number;
        const right = values[(at + span) / unit] as number;
        values[(at + half) / unit] = (left + right) / 2 + deviation * normalAt(key, start + at + half);
      }
    }
  }

  /** A block's values at every multiple of `fine`. */
  private coarseValues(number: number): Float64Array {
    return kept(this.coarse, number, KEPT_COARSE, () => {
      const { block, fine, key, spread } = this.shape;
      const values = new Float64Array(block / fine + 1);
      values[0] = spread * normalAt(key ^ 0x51ed27, number);
      values[block / fine] = spread * normalAt(key ^ 0x51ed27, number + 1);
      this.displace(values, number * block, block, fine);
      return values;
    });
  }

  /**
   * A fine block: a walk from its left coarse point with a seeded step per index (one stream per block, drawn
   * in one loop), stretched along the block so it ends on its right coarse point.
   */
  private fill(number: number): Float64Array {
    const { block, fine, key, step } = this.shape;
    const blockNumber = Math.floor((number * fine) / block);
    const coarse = this.coarseValues(blockNumber);
    const at = number - blockNumber * (block / fine);
    const left = coarse[at] as number;
    const right = coarse[at + 1] as number;
    const draws = new Random(hashAt(key ^ 0x3c6ef372, number)).uniforms(fine);
    const values = new Float64Array(fine + 1);
    let walk = 0;
    for (let index = 1; index <= fine; index += 1) {
      walk += ((draws[index - 1] as number) * 2 - 1) * 1.7320508075688772 * step;
      values[index] = walk;
    }
    const miss = right - left - walk;
    for (let index = 0; index <= fine; index += 1)
      values[index] = left + (values[index] as number) + (miss * index) / fine;
    values[fine] = right;
    return values;
  }
}

/**
 * e^x for the prices' moves, from basic arithmetic only ((1 + x/1024)^1024 by ten squarings): Math.exp may
 * differ in its last bit between engines, and the world must be the same in a browser worker as in Node.
 */
export function growth(x: number): number {
  let value = 1 + x / 1024;
  if (value <= 0) return 0;
  for (let round = 0; round < 10; round += 1) value *= value;
  return value;
}
