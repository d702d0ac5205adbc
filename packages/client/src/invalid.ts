// How every helper reads what it is given: its options as their own properties only, and bad input
// rejected the same way, a TypeError whose message quotes the value, so a bad field is found from the
// message alone.
export function invalid(what: string, value: unknown): never {
  throw new TypeError(
    `${what}: ${typeof value === 'string' || typeof value === 'object' ? JSON.stringify(value) : value}`,
  );
}

/**
 * An options object's own properties on an object without a prototype: every helper reads its options so,
 * and an option inherited through the object's prototype (a polluted `Object.prototype`) reads as left out.
 */
export const own = <T extends object>(options: T | undefined): T => Object.assign(Object.create(null), options);
