// What an answer reads: the built world, and the joins made since it was built.
import type { World } from '../world/index.js';

export interface Joins {
  /** Addresses (lowercase) that joined, by competition id, beyond the world's own participants. */
  readonly byCompetition: Map<number, Set<string>>;
  /** Bumped on every join that changed something, so cached competition views know to rebuild. */
  version: number;
}

export interface Context {
  readonly world: World;
  readonly joins: Joins;
  /** Views computed on first use and kept for this world (cleared on reset when they depend on joins). */
  readonly cache: Map<string, unknown>;
}

/** A cached value for the world; `make` runs once per key. */
export function cached<T>(context: Context, key: string, make: () => T): T {
  if (context.cache.has(key)) return context.cache.get(key) as T;
  const value = make();
  context.cache.set(key, value);
  return value;
}
