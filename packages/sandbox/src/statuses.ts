// The error statuses each operation of the contract documents (4xx and 5xx response keys; `default` is not
// one): a fault may answer one of these as the contract's own case, any other only with `outsideContract`.
// test/parameters.test.ts compares this list with generated/openapi.json.

export const DOCUMENTED_ERRORS: Readonly<Record<string, readonly number[]>> = {
  getPrice24hAgo: [404],
  getPriceHoursAgo: [400, 404],
  getUnrealizedPnl: [400, 503],
};
