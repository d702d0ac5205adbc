// Series that can be read at any index without walking to it from a start: the prices of every market and the
// daily APY, over a timeline with no first or last day. Each value is drawn from a hash of the seed, the series
// and the index (no stream to advance), and a block of values is filled by midpoint displacement (a Brownian
// bridge): the block's two ends are drawn independently around zero, so the series wanders like a random walk
// over hours and days and comes back toward its level over months. Only basic arithmetic and Math.sqrt,
// which IEEE 754 rounds alike on every engine.

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

/** Blocks kept per series: a view reads at most two or three of them. */
const KEPT_BLOCKS = 6;

export interface BridgeShape {
  /** The series' key: the seed and the series' label, hashed. */
  readonly key: number;
  /** Points per block, a power of two. */
  readonly block: number;
  /** Deviation of one step (one index to the next). */
  readonly step: number;
  /** Deviation of a block's ends around zero: how far the series wanders before it comes back. */
  readonly spread: number;
}

/** A series over every integer index, filled a block at a time on first read; the blocks last read are kept. */
export class Bridge {
  private readonly blocks = new Map<number, Float64Array>();
  /** The block read last, read again without a lookup: reads come in runs over one block. */
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
    const { block } = this.shape;
    const number = Math.floor(index / block);
    if (number !== this.lastNumber) {
      this.lastValues = this.blockValues(number);
      this.lastNumber = number;
    }
    return this.lastValues[index - number * block] as number;
  }

  private blockValues(number: number): Float64Array {
    let values = this.blocks.get(number);
    if (values) {
      // Most recently read last, so the first key is the one to forget.
      this.blocks.delete(number);
      this.blocks.set(number, values);
      return values;
    }
    const { block, key, spread } = this.shape;
    values = new Float64Array(block + 1);
    values[0] = spread * normalAt(key ^ 0x51ed27, number);
    values[block] = spread * normalAt(key ^ 0x51ed27, number + 1);
    const start = number * block;
    for (let length = block; length >= 2; length /= 2) {
      const deviation = this.deviations.get(length) as number;
      const half = length / 2;
      for (let at = 0; at < block; at += length) {
        const middle = at + half;
        values[middle] =
          ((values[at] as number) + (values[at + length] as number)) / 2 + deviation * normalAt(key, start + middle);
      }
    }
    if (this.blocks.size >= KEPT_BLOCKS) this.blocks.delete(this.blocks.keys().next().value as number);
    this.blocks.set(number, values);
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
