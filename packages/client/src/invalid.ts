// Every helper rejects bad input the same way: a TypeError whose message quotes the value it was given, so
// a bad field is found from the message alone.
export function invalid(what: string, value: unknown): never {
  throw new TypeError(
    `${what}: ${typeof value === 'string' || typeof value === 'object' ? JSON.stringify(value) : value}`,
  );
}
