// Reading rows of a list answer: the page envelope, a row's identity (an address compared without regard to
// case), a sort value, and the order, overlap and continuity of pages. Ties are in any order: rows with the
// same sort value may come in either order, between requests too.

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isInteger = (value: unknown): value is number => Number.isSafeInteger(value);

/** A page of a list: the envelope (the body, or its `data`) with its rows. */
export interface Page {
  rows: unknown[];
  pageNumber: unknown;
  pageSize: unknown;
  totalPages: unknown;
  totalElements: unknown;
}

/** The page envelope at `envelope` ('' the body, '/data' its `data`); undefined when there is none. */
export function pageOf(body: unknown, envelope: '' | '/data'): Page | undefined {
  const page = envelope === '' ? body : isObject(body) ? body.data : undefined;
  if (!isObject(page) || !Array.isArray(page.content)) return undefined;
  const { pageNumber, pageSize, totalPages, totalElements } = page;
  return { rows: page.content, pageNumber, pageSize, totalPages, totalElements };
}

/** A value of a row by field name, a number or undefined. */
export const numberAt = (row: unknown, field: string): number | undefined => {
  const value = isObject(row) ? row[field] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

/** An address-like text in lower case (addresses compare without regard to case), or undefined. */
export const lowered = (value: unknown): string | undefined =>
  typeof value === 'string' ? value.toLowerCase() : undefined;

/** How rows are identified and sorted in one list. */
export interface RowReading {
  /** A row's identity (its trader's address in lower case); undefined when it has none. */
  id: (row: unknown) => string | undefined;
  /** The value the list is sorted by; undefined where a row has none (a missing stats key). */
  key: (row: unknown) => number | undefined;
}

/** How many different sort values the rows hold: under two, no order can be seen. */
export function distinctKeys(rows: readonly unknown[], key: RowReading['key']): number {
  return new Set(rows.map(key).filter((value) => value !== undefined)).size;
}

/**
 * The first two rows out of order (by index), comparing each row that has a sort value with the next that
 * has one; ties in any order. Undefined when the rows are in order.
 */
export function outOfOrder(
  rows: readonly unknown[],
  key: RowReading['key'],
  descending: boolean,
): [number, number] | undefined {
  let previous: number | undefined;
  for (let index = 0; index < rows.length; index += 1) {
    const value = key(rows[index]);
    if (value === undefined) continue;
    if (previous !== undefined) {
      const before = key(rows[previous]) as number;
      if (descending ? value > before : value < before) return [previous, index];
    }
    previous = index;
  }
  return undefined;
}

/** A row of `later` that is also in `earlier` (the same identity), as [index in earlier, index in later]. */
export function repeatedRow(
  earlier: readonly unknown[],
  later: readonly unknown[],
  id: RowReading['id'],
): [number, number] | undefined {
  const seen = new Map<string, number>();
  earlier.forEach((row, index) => {
    const identity = id(row);
    if (identity !== undefined && !seen.has(identity)) seen.set(identity, index);
  });
  for (let index = 0; index < later.length; index += 1) {
    const identity = id(later[index]);
    const found = identity === undefined ? undefined : seen.get(identity);
    if (found !== undefined) return [found, index];
  }
  return undefined;
}

/**
 * The first position where two row sequences of the same list disagree beyond a tie: a different row with a
 * different sort value (two rows with the same value may trade places). Undefined when they agree as far as
 * the shorter one goes.
 */
export function firstDifference(
  left: readonly unknown[],
  right: readonly unknown[],
  { id, key }: RowReading,
): number | undefined {
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    if (id(left[index]) === id(right[index])) continue;
    if (key(left[index]) === undefined || key(left[index]) !== key(right[index])) return index;
  }
  return undefined;
}

/** JSON text of a value with each object's keys in order, so that two equal values write the same. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    isObject(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : item,
  );
}

/** The fields of two records that differ (addresses without regard to case); empty when they are the same. */
export function differingFields(left: unknown, right: unknown, addressFields: readonly string[]): string[] {
  if (!isObject(left) || !isObject(right)) return ['the record'];
  const fields = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  return fields.filter((field) => {
    const [a, b] = [left[field], right[field]];
    if (addressFields.includes(field)) return lowered(a) !== lowered(b);
    return canonical(a) !== canonical(b);
  });
}

/** Only some fields of a row (the ones a failure is about, and its identity), to show it short. */
export function fieldsOf(row: unknown, fields: readonly string[]): unknown {
  if (!isObject(row)) return row;
  return Object.fromEntries(fields.filter((field) => field in row).map((field) => [field, row[field]]));
}
