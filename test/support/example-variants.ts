// The variants a named example may declare with `x-variant` (openapi/components/examples/README.md): each is a
// form of an answer that the service description lists besides the current one, and the mapping from the
// current form to it. The sandbox answers the current form; an example of a variant is compared with the
// sandbox's answer mapped to that variant. A mapping only drops or renames what its variant drops or renames,
// so every figure is still compared.
import type { Json } from './contract';

export interface ExampleVariant {
  /** The description's words that list this variant. */
  readonly seed: string;
  /** The current form mapped to this variant (a new value; the argument is left alone). */
  readonly map: (current: Json) => Json;
}

const copy = (value: Json): Json => structuredClone(value);

/** Each competition leaderboard row (the page's and `currentUser`) without `rank`. */
function withoutRank(current: Json): Json {
  const board = copy(current);
  for (const row of [...(board.data?.content ?? []), ...(board.currentUser ? [board.currentUser] : [])])
    delete row.rank;
  return board;
}

/** Header keys replaced by their position, counted from 1, as strings; every row's `stats` keyed alike. */
function numericHeaderKeys(current: Json): Json {
  const board = copy(current);
  const renamed = new Map<string, string>(
    (board.headers as { key: string }[]).map((header, index) => [header.key, String(index + 1)]),
  );
  for (const header of board.headers) header.key = renamed.get(header.key);
  for (const row of [...(board.data?.content ?? []), ...(board.currentUser ? [board.currentUser] : [])]) {
    const stats: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row.stats as Record<string, unknown>))
      stats[renamed.get(key) ?? key] = value;
    row.stats = stats;
  }
  return board;
}

/** An empty account's `priceAsOf` left out rather than null; a non-null one stays, so it still differs. */
function priceAsOfOmitted(current: Json): Json {
  const record = copy(current);
  if (record.priceAsOf === null) delete record.priceAsOf;
  return record;
}

export const EXAMPLE_VARIANTS: Readonly<Record<string, ExampleVariant>> = {
  'rows-without-rank': {
    seed: '`data.content[]` rows: `rank` is absent in an older variant.',
    map: withoutRank,
  },
  'numeric-header-keys': {
    seed: 'Header keys may be names or numeric-looking strings.',
    map: numericHeaderKeys,
  },
  'price-as-of-omitted': {
    seed: '`priceAsOf`: null or omitted for an empty account.',
    map: priceAsOfOmitted,
  },
};

/** The current form mapped to the variant an example declares; an unknown variant is an error naming the known. */
export function asVariant(variant: string | undefined, current: Json): Json {
  if (variant === undefined) return current;
  const known = EXAMPLE_VARIANTS[variant];
  if (!known) throw new Error(`x-variant "${variant}" is not one of ${Object.keys(EXAMPLE_VARIANTS).join(', ')}`);
  return known.map(current);
}
