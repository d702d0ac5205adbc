// Guards for the tests' indexed reads (the tests are held to `noUncheckedIndexedAccess`, as every package is):
// where a value can really be missing, the test fails saying what was missing instead of on a later `undefined`.

/** `value`, or a failure saying that `what` was missing. */
export function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Expected ${what}, found nothing.`);
  return value;
}

/** The item at `index` of `list` (negative counts from the end), or a failure naming the index and the length. */
export function at<T>(list: readonly T[], index: number, what = 'the list'): T {
  return present(list.at(index), `an item at ${index} of ${what} (${list.length} items)`);
}
