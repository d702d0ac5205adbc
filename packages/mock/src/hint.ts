// The lines `npm start` and the bin print under the URL, so both say the same thing.

/** One line telling a mock user how to pick a documented case; printed by the bin under the URL. */
export const scenarioHint =
  'Pick a documented case per request with the header "Prefer: example=<key>" or "Prefer: code=<status>", or for every request with --scenario <operationId>=<key> or PUT /__scenarios; the keys per operation are in the README of @trading-analytics/mock.';
