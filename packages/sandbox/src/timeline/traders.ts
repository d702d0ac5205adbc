// The traders of the world: the same people at every instant. Four are the cast (Ava, Ben, Cy, Dee); the rest
// are drawn from the seed, each from its own stream, in two profiles: regular traders (ranked in every window
// of the world's history) and small traders (never ranked). How often and how big each one trades is drawn
// once here; what they trade is drawn per segment of the timeline (activity.ts).
import { AVA, BEN, CY, DEE } from '../cast.js';
import { Random } from '../random.js';

export type Profile = 'whale' | 'regular' | 'small' | 'empty';

export interface Trader {
  readonly index: number;
  readonly address: string;
  readonly profile: Profile;
  /** Positions opened per segment beyond the first two: up to four times this, about twice this on average. */
  readonly activity: number;
  /** The range of a position's notional, in whole dollars. */
  readonly notionalLow: number;
  readonly notionalHigh: number;
  readonly wmonChance: number;
}

const REGULAR_TRADERS = 1282;
const SMALL_TRADERS = 40;

function cast(index: number, address: string, profile: Profile): Trader {
  const whale = profile === 'whale';
  return {
    index,
    address,
    profile,
    activity: whale ? 1.5 : 0,
    notionalLow: whale ? 5_000 : 40,
    notionalHigh: whale ? 40_000 : 70,
    wmonChance: whale ? 0.1 : 0,
  };
}

/** Every trader: the cast first (Ava 0, Ben 1, Cy 2, Dee 3), then the regular and the small ones. */
export function buildPopulation(seed: number): Trader[] {
  const traders: Trader[] = [cast(0, AVA, 'whale'), cast(1, BEN, 'whale'), cast(2, CY, 'small'), cast(3, DEE, 'empty')];
  for (let count = 0; count < REGULAR_TRADERS; count += 1) {
    const index = traders.length;
    const random = new Random(seed, `trader:${index}`);
    const address = `0x${random.hex(20)}`;
    traders.push({
      index,
      address,
      profile: 'regular',
      activity: 0.1 + random.skewed(2) * 0.9,
      notionalLow: 300,
      notionalHigh: 15_000,
      wmonChance: 0.12,
    });
  }
  for (let count = 0; count < SMALL_TRADERS; count += 1) {
    const random = new Random(seed, `small:${count}`);
    traders.push({ ...cast(traders.length, `0x${random.hex(20)}`, 'small') });
  }
  return traders;
}
