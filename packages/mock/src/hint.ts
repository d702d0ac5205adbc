// The lines `npm start` and the bin print under the URL, so both say the same thing.

/** One line telling a mock user how to pick a documented case; printed by the bin under the URL. */
export const scenarioHint =
  'Pick a documented case per request with the header "Prefer: example=<key>" or "Prefer: code=<status>", or for every request with --scenario <operationId>=<key> or PUT /__scenarios; the keys per operation are in the README of @trading-analytics/mock.';

/** The line the bin and `npm start` print under the URL when the mock serves the sandbox. */
export function sandboxHint({ seed, now }: { seed: number; now: string }): string {
  return `Sandbox: seed ${seed}, clock starting at ${now}. GET /__sandbox describes the world (its cast, and addresses to try); POST /__sandbox/clock moves its clock, /__sandbox/positions trades, /__sandbox/faults injects faults, DELETE /__sandbox puts it back to its start; X-Sandbox-World: <name> gives a test a world of its own.`;
}
