// What an answer reads: the world's view at its now (the timeline, with what was done in the world on top),
// and the one write an operation of the contract makes, the join.
import type { Competition } from '../timeline/competitions.js';
import type { View } from '../view/index.js';

export interface Context {
  readonly view: View;
  /** Records a join in the world (the view's computed parts follow it). */
  join(competition: Competition, address: string): void;
}

/**
 * A value computed once per view; `make` runs once per key, until the clock moves. A key starting `trades:`
 * holds something added up from trades, which a trade made in the world drops (`trades:history:<address>`
 * only for that trader's).
 */
export function cached<T>(context: Context, key: string, make: () => T): T {
  const { cache } = context.view;
  if (cache.has(key)) return cache.get(key) as T;
  const value = make();
  cache.set(key, value);
  return value;
}
