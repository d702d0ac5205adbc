// The sandbox's only source of chance: a small seeded generator (sfc32, seeded through splitmix32), so the
// same seed gives the same world on every platform. Streams are derived from the seed and a label, so one
// part of the world (a trader, a market) comes out the same whatever else is generated before it.

/** A 32-bit hash of text (FNV-1a), for deriving a stream from a label. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function splitmix32(state: number): () => number {
  let value = state >>> 0;
  return () => {
    value = (value + 0x9e3779b9) >>> 0;
    let mixed = value;
    mixed = Math.imul(mixed ^ (mixed >>> 16), 0x85ebca6b);
    mixed = Math.imul(mixed ^ (mixed >>> 13), 0xc2b2ae35);
    return (mixed ^ (mixed >>> 16)) >>> 0;
  };
}

/** The characters of a drawn code (an invite or team code): letters and digits, none of I, O, 0 and 1 that read alike. */
const CODE_CHARACTERS = [...'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'];

export class Random {
  // The four words of state live in a typed array: stored as raw 32-bit words, never boxed as heap numbers.
  private readonly state = new Uint32Array(4);

  constructor(seed: number, label = '') {
    const mix = splitmix32((seed ^ hashText(label)) >>> 0);
    const { state } = this;
    state[0] = mix();
    state[1] = mix();
    state[2] = mix();
    state[3] = mix() | 1;
    for (let round = 0; round < 12; round += 1) this.nextUint32();
  }

  /** A uniformly drawn unsigned 32-bit integer. */
  nextUint32(): number {
    const { state } = this;
    const a = state[0] as number;
    const b = state[1] as number;
    const c = state[2] as number;
    const d = state[3] as number;
    const t = (((a + b) >>> 0) + d) >>> 0;
    state[3] = d + 1;
    state[0] = b ^ (b >>> 9);
    state[1] = c + (c << 3);
    state[2] = (((c << 21) | (c >>> 11)) + t) >>> 0;
    return t;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /**
   * `count` floats in [0, 1): exactly what `count` calls of `next()` would give, drawn in one loop over local
   * words. A long walk (a price series of thousands of hours) runs this loop instead of a call per draw, which
   * matters most before the engine has compiled the calls.
   */
  uniforms(count: number): Float64Array {
    const out = new Float64Array(count);
    const { state } = this;
    let a = state[0] as number;
    let b = state[1] as number;
    let c = state[2] as number;
    let d = state[3] as number;
    for (let at = 0; at < count; at += 1) {
      const t = (((a + b) >>> 0) + d) >>> 0;
      d = (d + 1) >>> 0;
      a = (b ^ (b >>> 9)) >>> 0;
      b = (c + (c << 3)) >>> 0;
      c = (((c << 21) | (c >>> 11)) + t) >>> 0;
      out[at] = t / 4294967296;
    }
    state[0] = a;
    state[1] = b;
    state[2] = c;
    state[3] = d;
    return out;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [0, 1) skewed toward 0: the product of `power` uniform draws' worth (u to the power, by multiplication). */
  skewed(power: 2 | 3): number {
    const u = this.next();
    return power === 2 ? u * u : u * u * u;
  }

  /** True with the given probability. */
  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /**
   * A roughly normal draw with mean 0 and deviation 1 (the sum of four uniforms, rescaled). Only basic
   * arithmetic, which IEEE 754 rounds the same everywhere: Math.exp or Math.cos may differ in the last bit
   * between JavaScript engines, and the world must be the same in a browser worker as in Node.
   */
  normal(): number {
    return (this.next() + this.next() + this.next() + this.next() - 2) * 1.7320508075688772;
  }

  /** A code of `length` characters from CODE_CHARACTERS; one at `dashAt`, if given, is a '-' instead. */
  code(length: number, dashAt?: number): string {
    return Array.from({ length }, (_, at) => (at === dashAt ? '-' : this.pick(CODE_CHARACTERS))).join('');
  }

  /** `bytes` random bytes as lowercase hex, without `0x`. */
  hex(bytes: number): string {
    let text = '';
    for (let index = 0; index < bytes; index += 4) {
      const word = this.nextUint32().toString(16).padStart(8, '0');
      text += index + 4 <= bytes ? word : word.slice(0, (bytes - index) * 2);
    }
    return text;
  }
}
