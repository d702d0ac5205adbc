// Every operation of the contract called through the client against the mock (Prism over the bundle):
// the plain call's payload validated against the contract, each named example unwrapped as the contract
// documents it (the mock's scenarios test holds every example to the schema, once), and every documented
// error status coming back as an ApiError carrying that status.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ContractValidator, listOperations, resolve } from '../../../test/support/contract.js';
import {
  ApiError,
  createClient,
  normalizeOperationType,
  oracleTransactionValue,
  paginate,
  parseDecimalString,
  parseIntegerString,
  type TradingAnalyticsClient,
  unwrap,
} from '../src/index.js';

const trader = '0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b';
const pairBase = '0x2b1f4e6a8c0d2f4e6a8c0d2f4e6a8c0d2f4e6a8c';
const collateral = '0x9c3b5d7f1a2e4c6b8d0f1e3a5c7b9d2f4e6a8c01';

/** The first page of twenty of a list of the trader's. */
const traderFirstPage = { path: { user_address: trader }, query: { page: 0, size: 20 } };

type Result = { data?: unknown; error?: unknown; response: Response };
type Call = (client: TradingAnalyticsClient, headers: Record<string, string>) => Promise<Result>;

/** One call per operationId, with parameters a real caller would send. */
const calls: Record<string, Call> = {
  listLeaderboard: (c, headers) =>
    c.GET('/v1/leaderboard', {
      params: {
        query: {
          timeframe: 'SEVEN_DAY',
          sort_field: 'PNL',
          sort_direction: 'DESC',
          page: 0,
          size: 50,
          block_chain: 'MONAD',
        },
      },
      headers,
    }),
  listTeamLeaderboard: (c, headers) =>
    c.GET('/v1/leaderboard/team/{team_code}', {
      params: { path: { team_code: 'MAXI42' }, query: { timeframe: 'ALL', page: 0 } },
      headers,
    }),
  getMyRank: (c, headers) =>
    c.GET('/v1/leaderboard/my-rank', { params: { query: { user_address: trader, timeframe: 'THIRTY_DAY' } }, headers }),
  getTradingStats: (c, headers) =>
    c.GET('/v1/leaderboard/{user_address}/trading-stats', {
      params: { path: { user_address: trader }, query: { start_time: 1_794_700_800, end_time: 1_795_305_600 } },
      headers,
    }),
  getStakedApy: (c, headers) => c.GET('/v1/sstk/apy', { params: { query: { days: 7, blockChain: 'MONAD' } }, headers }),
  getStakedPortfolio: (c, headers) =>
    c.GET('/v1/sstk/{user_address}/portfolio', { params: { path: { user_address: trader } }, headers }),
  queryPriceUpdates: (c, headers) =>
    c.POST('/v1/oracle/price/updates/by-position', {
      body: {
        pairBase,
        collateral,
        blockChain: 'MONAD',
        options: {
          includeEncodingData: true,
          includeFee: true,
          includePrice: false,
          includePublishTime: false,
          includeEncodingDataByOracleId: false,
        },
      },
      headers,
    }),
  queryLatestPrices: (c, headers) =>
    c.POST('/v1/oracle/price/pairs/latest', {
      body: { pairBases: [pairBase, collateral], blockChain: 'MONAD' },
      headers,
    }),
  getPrice24hAgo: (c, headers) =>
    c.GET('/v1/oracle/price/pair-24h-ago', { params: { query: { pair_base: pairBase } }, headers }),
  getPriceHoursAgo: (c, headers) =>
    c.GET('/v1/oracle/price/pair-hours-ago', { params: { query: { pair_base: pairBase, hours_ago: 6 } }, headers }),
  listCompetitions: (c, headers) =>
    c.GET('/v1/trading-competition', {
      params: { query: { status: 'ONGOING', isReadyToDisplay: true, userAddress: trader } },
      headers,
    }),
  listCompetitionLeaderboard: (c, headers) =>
    c.GET('/v1/trading-competition/{id}/leaderboard', {
      params: {
        path: { id: 7 },
        query: { page: 0, limit: 10, orderBy: 'tradingVolume', orderDirection: 'desc', userAddress: trader },
      },
      headers,
    }),
  joinCompetition: (c, headers) =>
    c.POST('/v1/trading-competition/join', { body: { trader, competitionId: 7 }, headers }),
  getTeamInfo: (c, headers) =>
    c.GET('/v1/genesis-airdrop/{user_address}/team-info', { params: { path: { user_address: trader } }, headers }),
  getTeamInfoByCode: (c, headers) =>
    c.GET('/v1/genesis-airdrop/team-info-by-code/{code}', { params: { path: { code: 'MAXI42' } }, headers }),
  listTeamMembers: (c, headers) =>
    c.GET('/v1/genesis-airdrop/{user_address}/team-members', { params: traderFirstPage, headers }),
  listTeamBoostHistory: (c, headers) =>
    c.GET('/v1/genesis-airdrop/{user_address}/team-boost-history', { params: traderFirstPage, headers }),
  listTeamPointsLeaderboard: (c, headers) =>
    c.GET('/v1/genesis-airdrop/team-leaderboard', { params: { query: { page: 0, size: 20, epoch: 3 } }, headers }),
  listPositions: (c, headers) =>
    c.GET('/v1/user/{userAddress}/positions', {
      params: { path: { userAddress: trader }, query: { page: 0, size: 20 } },
      headers,
    }),
  listTradeHistory: (c, headers) =>
    c.GET('/v1/user/{user_address}/trade/history', {
      params: { path: { user_address: trader }, query: { page: 0, size: 10 } },
      headers,
    }),
  getUnrealizedPnl: (c, headers) =>
    c.GET('/v1/portfolio/{user_address}/unrealized-pnl', {
      params: { path: { user_address: trader }, query: { block_chain: 'MONAD' } },
      headers,
    }),
  getTradeOverview: (c, headers) =>
    c.GET('/v1/portfolio/{user_address}/trade_overview', {
      params: { path: { user_address: trader }, query: { timeframe: 'ALL_TIME', is_after_fee: true } },
      headers,
    }),
  getPnlChart: (c, headers) =>
    c.GET('/v1/portfolio/{user_address}/pnl_chart_data', {
      params: { path: { user_address: trader }, query: { timeframe: 'DAYS_7', is_after_fee: false, timezone: 'UTC' } },
      headers,
    }),
  getPortfolioData: (c, headers) =>
    c.GET('/v1/portfolio/{user_address}/portfolio_data', { params: { path: { user_address: trader } }, headers }),
  listPairs: (c, headers) =>
    c.GET('/v1/pairs', {
      params: { query: { tags: ['crypto', 'majors'], volume_time_range: 'ONE_DAY', page: 0, size: 20 } },
      headers,
    }),
  getPairVolume: (c, headers) =>
    c.GET('/v1/pairs/{pairBase}/volume', { params: { path: { pairBase }, query: { range: 'SEVEN_DAY' } }, headers }),
  getPairCumulativeVolume: (c, headers) =>
    c.GET('/v1/pairs/{pairBase}/cumulative-volume', { params: { path: { pairBase } }, headers }),
  listUserDailyVolumes: (c, headers) =>
    c.GET('/v1/trading-volumes/users', {
      params: { query: { startTime: '2026-11-14T00:00:00Z', endTime: '2026-11-21T00:00:00Z', chains: ['MONAD'] } },
      headers,
    }),
  getProtocolVolumeByDate: (c, headers) =>
    c.GET('/v1/trading-volumes/sum-by-date', {
      params: { query: { startTime: '2026-11-14T00:00:00Z', endTime: '2026-11-21T00:00:00Z' } },
      headers,
    }),
  getProtocolVolumeAllTime: (c, headers) =>
    c.GET('/v1/trading-volumes/sum-all', { params: { query: { chains: ['MONAD'] } }, headers }),
  submitTradingIntent: (c, headers) => c.POST('/v2/trading/submit-intent', { body: { intent: 'opaque' }, headers }),
};

const validator = new ContractValidator();
const operations = listOperations(validator.document);
const sent: Request[] = [];
let client: TradingAnalyticsClient;

beforeAll(() => {
  const fetch = (request: Request) => {
    sent.push(request);
    return globalThis.fetch(request);
  };
  client = createClient({ baseUrl: inject('strictMockUrl'), fetch, retry: { attempts: 3, baseDelayMs: 5 } });
});

/** Calls `operationId` and checks that exactly one request matching the contract's method and path went out. */
async function callOperation(operationId: string, headers: Record<string, string> = {}) {
  const entry = operations.find((operation) => operation.operation.operationId === operationId)!;
  const before = sent.length;
  const result = await calls[operationId]!(client, headers);
  const request = sent[before]!;
  const template = new RegExp(`^${entry.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
  expect({ method: request.method, path: new URL(request.url).pathname }).toEqual({
    method: entry.method.toUpperCase(),
    path: expect.stringMatching(template),
  });
  return { entry, result };
}

function expectValid(method: string, path: string, status: number, data: unknown) {
  const declared = validator.document.paths[path][method].responses[String(status)] ? status : 'default';
  const pointer = validator.responseSchemaPointer(method, path, declared);
  if (pointer) expect(validator.errorsAt(pointer, data), `${method.toUpperCase()} ${path} ${status}`).toEqual([]);
  else expect(data, `${method.toUpperCase()} ${path} ${status} has no content`).toBeUndefined();
}

describe('every operation through the client', () => {
  it('covers exactly the operations of the contract', () => {
    expect(Object.keys(calls).sort()).toEqual(operations.map((operation) => operation.operation.operationId).sort());
    expect(operations).toHaveLength(31);
  });

  describe.each(operations.map((operation) => [operation.operation.operationId as string, operation] as const))(
    '%s',
    (operationId, { method, path, operation }) => {
      const responses = Object.entries(
        operation.responses as Record<string, { content?: Record<string, { examples?: Record<string, unknown> }> }>,
      );
      const examples = responses.flatMap(([status, response]) =>
        Object.keys(response.content?.['application/json']?.examples ?? {}).map((key) => [key, status] as const),
      );
      const failures = responses.map(([status]) => status).filter((status) => /^[45]\d\d$/.test(status));

      it('answers the plain call with a payload the contract accepts', async () => {
        const { result } = await callOperation(operationId);
        expect(result.response.ok, `${method.toUpperCase()} ${path} answered ${result.response.status}`).toBe(true);
        expectValid(method, path, result.response.status, unwrap(result));
      });

      it.each(examples)('answers the example %s (status %s) with that example, unwrapped', async (key, status) => {
        const { result } = await callOperation(operationId, { Prefer: `example=${key}` });
        expect(result.response.status).toBe(Number(status));
        const response = resolve(validator.document, operation.responses[status]);
        const documented = resolve(validator.document, response.content['application/json'].examples[key]).value;
        expect(unwrap(result)).toEqual(documented);
      });

      if (failures.length > 0) {
        it.each(failures)('turns status %s into an ApiError with that status', async (status) => {
          const call = callOperation(operationId, { Prefer: `code=${status}` }).then(({ result }) => unwrap(result));
          await expect(call).rejects.toBeInstanceOf(ApiError);
          await expect(call).rejects.toMatchObject({ status: Number(status) });
        });
      }
    },
  );
});

describe('the helpers on the mock’s payloads', () => {
  it('pages through the whole leaderboard, stopping at totalPages', async () => {
    const first = unwrap(await client.GET('/v1/leaderboard', { params: { query: { page: 0 } } }));
    const before = sent.length;
    const entries = [];
    for await (const entry of paginate((page) => client.GET('/v1/leaderboard', { params: { query: { page } } })))
      entries.push(entry);
    expect(sent.length - before).toBe(first.totalPages);
    expect(entries).toHaveLength(first.totalPages * first.content.length);
  });

  it('reads the unrealized PnL exactly, and retries an unavailable valuation before failing with 503', async () => {
    const pnl = unwrap(await calls.getUnrealizedPnl!(client, { Prefer: 'example=withPositions' })) as {
      unrealizedPnlUsd: string;
      blockNumber: string;
    };
    expect(parseDecimalString(pnl.unrealizedPnlUsd)).toBe(pnl.unrealizedPnlUsd);
    expect(parseIntegerString(pnl.blockNumber)).toBeGreaterThan(0n);

    const before = sent.length;
    await expect(calls.getUnrealizedPnl!(client, { Prefer: 'code=503' })).rejects.toMatchObject({
      name: 'ApiError',
      status: 503,
    });
    expect(sent.length - before).toBe(3);
  });

  it('computes the transaction value of the oracle example that carries both fees', async () => {
    const result = unwrap(
      await calls.queryPriceUpdates!(client, { Prefer: 'example=standardUsdcCollateral' }),
    ) as Parameters<typeof oracleTransactionValue>[0];
    expect(oracleTransactionValue(result)).toBe(BigInt(result.updateFee ?? 0) + BigInt(result.verifition_fee ?? 0));
    expect(oracleTransactionValue(result, { nativeCollateralAmount: 10n ** 18n })).toBe(
      oracleTransactionValue(result) + 10n ** 18n,
    );
  });

  it('normalizes the legacy operationType of the legacy trade-history example', async () => {
    const page = unwrap(await calls.listTradeHistory!(client, { Prefer: 'example=legacyEventWithoutPosition' })) as {
      content: { operationType: Parameters<typeof normalizeOperationType>[0] }[];
    };
    const types = page.content.map((event) => event.operationType);
    expect(types.some((type) => type === 'OPEN_MARKET_TRADE' || type === 'CLOSE_TRADE_SUCCESSFUL')).toBe(true);
    for (const type of types.map(normalizeOperationType))
      expect(['OPEN_MARKET_TRADE', 'CLOSE_TRADE_SUCCESSFUL']).not.toContain(type);
  });
});
