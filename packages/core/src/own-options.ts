// How every package of the kit reads an options object: only its own properties. An option inherited through
// the object's prototype (a polluted `Object.prototype`, a class's defaults) reads as left out, so no code that
// shares the process can turn on a sandbox, move a bound host or add a header by writing to a prototype.

/**
 * The options object's own enumerable properties, copied onto an object without a prototype (so a name it
 * lacks reads as undefined, never as an inherited value). Anything but an object gives an empty one.
 */
export function ownOptions<T extends object>(options: T | undefined | null): T {
  return Object.assign(Object.create(null) as T, options);
}
