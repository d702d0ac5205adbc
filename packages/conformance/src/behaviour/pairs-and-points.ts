// The behaviours of the markets and the points program: latest prices answer each pair asked once
// (duplicates collapsed), the pairs list's `symbol` and `tags` filters, and the team leaderboard's `epoch`
// default.
import { requestBodyFor } from '../operations/request-values.js';
import type { Asker, BehaviourContext } from './ask-service.js';
import { differingFields, fieldsOf, isObject, type Json, lowered, pageOf } from './row-order.js';
import type { ServiceData } from './service-data.js';
import { type Answer, broken, inconclusive, type Outcome, pass, Unseen } from './verdicts.js';

/** A pair base no market has (the observations' pair with no snapshot): it cannot be resolved. */
const UNRESOLVABLE_PAIR = '0x000000000000000000000000000000000000dead';

/**
 * Latest prices for the service's first two pairs and a pair no market has, each sent twice: each pair is
 * answered once, a key of `prices` or the `pairBase` of a `failures` item (compared without regard to case).
 */
export async function duplicatesCollapsed(ask: Asker, data: ServiceData, context: BehaviourContext): Promise<Outcome> {
  const bases = (await data.pairs())
    .map((pair) => pair.base)
    .filter((base): base is string => typeof base === 'string');
  const [first, second] = bases;
  if (first === undefined) throw new Unseen('no pair has a base');
  const entry = context.operations.get('queryLatestPrices');
  const example = entry ? requestBodyFor(context.document, entry, context.params) : undefined;
  const chain = isObject(example) && example.blockChain !== undefined ? { blockChain: example.blockChain } : {};
  const pairBases = [first, UNRESOLVABLE_PAIR, first, ...(second ? [second] : []), UNRESOLVABLE_PAIR];
  const answer = await ask.ask('queryLatestPrices', {}, { pairBases, ...chain });
  const body = isObject(answer.body) ? answer.body : {};
  const prices = isObject(body.prices) ? Object.keys(body.prices) : [];
  const failures = Array.isArray(body.failures) ? body.failures : [];
  const answered = [...prices, ...failures.map((failure) => (isObject(failure) ? failure.pairBase : undefined))].map(
    lowered,
  );
  const asked = [...new Set(pairBases.map((base) => base.toLowerCase()))];
  const off = asked.flatMap((pair) => {
    const times = answered.filter((candidate) => candidate === pair).length;
    return times === 1 ? [] : [{ answer, at: `times ${pair} is in prices and failures`, value: times }];
  });
  if (off.length === 0) return pass;
  return broken(
    `each of the ${asked.length} pairs asked (each sent twice or more: duplicates collapsed) answered once`,
    off,
  );
}

/** The pairs of a page, and the page's count. */
function pairsOf(answer: Answer): { pairs: Json[]; total: unknown } {
  const page = pageOf(answer.body, '');
  if (!page) throw new Unseen(`${answer.line} has no page envelope`);
  return { pairs: page.rows.filter(isObject), total: page.totalElements };
}

/**
 * A filter of the pairs list: a value taken from one pair of the unfiltered list (one that not every pair
 * has, else the filter cannot be seen), then every pair of the filtered list has it, and that pair is in it
 * (when the filtered list fits on its page).
 */
async function filterHolds(ask: Asker, name: 'symbol' | 'tags', valuesOf: (pair: Json) => string[]): Promise<Outcome> {
  const all = await ask.ask('listPairs');
  const { pairs } = pairsOf(all);
  const lower = (pair: Json) => valuesOf(pair).map((value) => value.toLowerCase());
  const choice = pairs
    .flatMap((pair) => valuesOf(pair).map((value) => ({ pair, value })))
    .find(({ value }) => pairs.some((other) => !lower(other).includes(value.toLowerCase())));
  if (!choice) return inconclusive(`every pair of ${all.line} has the same ${name}`);
  const filtered = await ask.ask('listPairs', { [name]: name === 'tags' ? [choice.value] : choice.value });
  const { pairs: kept, total } = pairsOf(filtered);
  const shown = ['base', 'symbol', 'tags'];
  const stray = kept.findIndex((pair) => !lower(pair).includes(choice.value.toLowerCase()));
  if (stray >= 0) {
    return broken(`only pairs with ${name} ${choice.value} when filtered by it`, [
      { answer: filtered, at: `/content/${stray}`, value: fieldsOf(kept[stray], shown) },
    ]);
  }
  const base = lowered(choice.pair.base);
  if (total !== kept.length || kept.some((pair) => lowered(pair.base) === base)) return pass;
  return broken(`the pair ${String(choice.pair.base)} (${name} ${choice.value}) in the list filtered by its ${name}`, [
    { answer: all, at: `the pair ${String(choice.pair.base)}`, value: fieldsOf(choice.pair, shown) },
    { answer: filtered, at: '/content', value: kept.map((pair) => fieldsOf(pair, ['base', name])) },
  ]);
}

export const symbolFilter = (ask: Asker) =>
  filterHolds(ask, 'symbol', (pair) => (typeof pair.symbol === 'string' ? [pair.symbol] : []));

export const tagsFilter = (ask: Asker) =>
  filterHolds(ask, 'tags', (pair) =>
    Array.isArray(pair.tags) ? pair.tags.filter((tag): tag is string => typeof tag === 'string') : [],
  );

/** The team leaderboard without `epoch` is the one with `epoch=0` (its default, the current epoch). */
export async function epochDefault(ask: Asker): Promise<Outcome> {
  const [plain, zero] = await Promise.all([
    ask.ask('listTeamPointsLeaderboard'),
    ask.ask('listTeamPointsLeaderboard', { epoch: 0 }),
  ]);
  const plainPage = pageOf(plain.body, '');
  const zeroPage = pageOf(zero.body, '');
  if (!plainPage || !zeroPage) throw new Unseen(`${plain.line} has no page envelope`);
  if (plainPage.rows.length === 0 && zeroPage.rows.length === 0) return inconclusive(`${plain.line} lists no team`);
  const length = Math.max(plainPage.rows.length, zeroPage.rows.length);
  for (let index = 0; index < length; index += 1) {
    const [left, right] = [plainPage.rows[index], zeroPage.rows[index]];
    const differing = differingFields(left, right, []);
    if (differing.length === 0) continue;
    const shown = ['teamName', ...differing];
    return broken('the same teams and figures without epoch as with epoch=0 (its default: the current epoch)', [
      { answer: plain, at: `/content/${index}`, value: left === undefined ? 'absent' : fieldsOf(left, shown) },
      { answer: zero, at: `/content/${index}`, value: right === undefined ? 'absent' : fieldsOf(right, shown) },
    ]);
  }
  return pass;
}
