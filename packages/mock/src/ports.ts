// The one reading of a port number, for startMock's `port`, the bin's `--port` and the commands that start the
// mock with the bin's flags (`@trading-analytics/mock/cli`): a whole number from 0 to 65535, where 0 asks the
// system for any free port.

export const ANY_FREE_PORT = 0;
const MAX_PORT = 65535;

/** Whether a value is a port number (0 for any free port). */
export function isPort(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= ANY_FREE_PORT && (value as number) <= MAX_PORT;
}

/**
 * A port from text, e.g. a flag's value. Throws a RangeError naming `name` and the text when it is not a
 * whole number from 0 (any free port) to 65535.
 */
export function parsePort(text: string, name = 'port'): number {
  const value = /^[0-9]{1,5}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!isPort(value)) {
    throw new RangeError(
      `${name} must be a whole number from 0 (any free port) to ${MAX_PORT}, got ${JSON.stringify(text)}.`,
    );
  }
  return value;
}
