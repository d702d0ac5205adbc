// Type tests, checked by the root `tsc -p tsconfig.json` (never run). Each `@ts-expect-error` covers one
// statement; those tagged [contract] hold only while the client is typed by the contract's `paths`, and
// test/loose-types.test.ts checks that every one of them stops erroring once `paths` is made loose.
import type { Client } from 'openapi-fetch';
import { assertType, expectTypeOf } from 'vitest';
import {
  ApiError,
  type ClientOptions,
  type CurrentOperationType,
  createClient,
  type DataOf,
  formatUnits,
  type LeaderboardEntry,
  type LeaderboardPage,
  type LegacyOperationType,
  normalizeOperationType,
  type OperationType,
  type OracleUpdateResult,
  oracleTransactionValue,
  type PaginateOptions,
  type Position,
  paginate,
  parseIntegerString,
  parseUnits,
  type paths,
  type retryMiddleware,
  type TradeHistoryEvent,
  type TradingAnalyticsClient,
  type UnrealizedPnl,
  unwrap,
} from '../src/index.js';
import {
  createSandboxControl,
  type SandboxClock,
  type SandboxDescription,
  type SandboxFaults,
  type SandboxFaultsInput,
  type SandboxPosition,
  type SandboxTrade,
} from '../src/sandbox.js';

const client = createClient({ baseUrl: 'http://127.0.0.1:4100' });

/**
 * openapi-fetch hands out its data through `Readable<…>`, which rebuilds each object type, so a payload is
 * compared with its component type by assignability both ways (and never `any`) rather than identity.
 */
type SameShape<Actual, Expected> = 0 extends 1 & (Actual | Expected)
  ? 'any'
  : [Actual] extends [Expected]
    ? [Expected] extends [Actual]
      ? true
      : 'narrower'
    : 'wider';
const user = '0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b';

export async function clientIsTypedByTheContract() {
  expectTypeOf(client).toEqualTypeOf<TradingAnalyticsClient>();
  expectTypeOf(client).toEqualTypeOf<Client<paths>>();

  const leaderboard = await client.GET('/v1/leaderboard', { params: { query: { timeframe: 'SEVEN_DAY' } } });
  expectTypeOf<SameShape<typeof leaderboard.data, LeaderboardPage | undefined>>().toEqualTypeOf<true>();
  const page = unwrap(leaderboard);
  expectTypeOf<SameShape<typeof page, LeaderboardPage>>().toEqualTypeOf<true>();
  expectTypeOf<SameShape<typeof page.content, LeaderboardEntry[]>>().toEqualTypeOf<true>();

  const pnl = unwrap(
    await client.GET('/v1/portfolio/{user_address}/unrealized-pnl', { params: { path: { user_address: user } } }),
  );
  expectTypeOf<SameShape<typeof pnl, UnrealizedPnl>>().toEqualTypeOf<true>();
  // Money stays text: the USD fields are decimal strings, the block number an integer string.
  expectTypeOf(pnl.unrealizedPnlUsd).toEqualTypeOf<string>();
  expectTypeOf(pnl.blockNumber).toEqualTypeOf<string>();
  expectTypeOf(pnl.priceAsOf).toEqualTypeOf<number | null | undefined>();

  const positions = unwrap(
    await client.GET('/v1/user/{userAddress}/positions', {
      params: { path: { userAddress: user }, query: { page: 0, size: 20 } },
    }),
  );
  expectTypeOf<SameShape<typeof positions.content, Position[]>>().toEqualTypeOf<true>();
  expectTypeOf<Position['qty']>().toEqualTypeOf<string>();

  const oracle = unwrap(
    await client.POST('/v1/oracle/price/updates/by-position', {
      body: { pairBase: user, collateral: user, options: { includeEncodingData: true, includeFee: true } },
    }),
  );
  expectTypeOf<SameShape<typeof oracle, OracleUpdateResult>>().toEqualTypeOf<true>();
  expectTypeOf(oracle.verifition_fee).toEqualTypeOf<string | undefined>();

  // The join answers without content, so its data is undefined.
  expectTypeOf(
    unwrap(await client.POST('/v1/trading-competition/join', { body: { trader: user, competitionId: 7 } })),
  ).toEqualTypeOf<undefined>();
}

export async function wrongCallsDoNotCompile() {
  // @ts-expect-error [contract] a path the contract does not have
  await client.GET('/v1/leaderbord', {});
  // @ts-expect-error [contract] GET on a path that only takes POST
  await client.GET('/v1/trading-competition/join', {});
  // @ts-expect-error [contract] POST on a path that only takes GET
  await client.POST('/v1/leaderboard', {});
  // @ts-expect-error [contract] a query parameter the operation does not take
  await client.GET('/v1/leaderboard', { params: { query: { timeframes: 'SEVEN_DAY' } } });
  // @ts-expect-error [contract] a value outside the TimeRange enum
  await client.GET('/v1/leaderboard', { params: { query: { timeframe: 'SEVEN_DAYS' } } });
  // @ts-expect-error [contract] the lower-case sort direction belongs to competition leaderboards only
  await client.GET('/v1/leaderboard', { params: { query: { sort_direction: 'desc' } } });
  // @ts-expect-error [contract] the path parameter is spelled user_address on this path
  await client.GET('/v1/sstk/{user_address}/portfolio', { params: { path: { userAddress: user } } });
  // @ts-expect-error [contract] a required path parameter left out
  await client.GET('/v1/sstk/{user_address}/portfolio', { params: { path: {} } });
  await client.GET('/v1/leaderboard/{user_address}/trading-stats', {
    // @ts-expect-error [contract] a required query parameter (start_time) left out
    params: { path: { user_address: user }, query: { end_time: 1 } },
  });
  await client.GET('/v1/leaderboard/{user_address}/trading-stats', {
    // @ts-expect-error [contract] trading-stats times are Unix seconds, not ISO text
    params: { path: { user_address: user }, query: { start_time: '2026-11-14', end_time: 1 } },
  });
  // @ts-expect-error [contract] a body without the required trader
  await client.POST('/v1/trading-competition/join', { body: { competitionId: 7 } });
  // @ts-expect-error [contract] competitionId is a number
  await client.POST('/v1/trading-competition/join', { body: { trader: user, competitionId: '7' } });
  // @ts-expect-error [contract] the join needs a body
  await client.POST('/v1/trading-competition/join', {});
  // @ts-expect-error [contract] pairBases is a list of addresses
  await client.POST('/v1/oracle/price/pairs/latest', { body: { pairBases: user } });
}

export async function helpersAreTyped() {
  // paginate yields the items of the envelope the call returns.
  for await (const entry of paginate((page) => client.GET('/v1/leaderboard', { params: { query: { page } } }), {
    maxPages: 3,
  })) {
    expectTypeOf<SameShape<typeof entry, LeaderboardEntry>>().toEqualTypeOf<true>();
  }
  for await (const event of paginate((page) =>
    client.GET('/v1/user/{user_address}/trade/history', { params: { path: { user_address: user }, query: { page } } }),
  )) {
    expectTypeOf<SameShape<typeof event, TradeHistoryEvent>>().toEqualTypeOf<true>();
  }
  paginate((page) =>
    // @ts-expect-error [contract] team members document no totalPages, so they cannot be paged through
    client.GET('/v1/genesis-airdrop/{user_address}/team-members', {
      params: { path: { user_address: user }, query: { page, size: 10 } },
    }),
  );

  expectTypeOf(formatUnits).parameters.toEqualTypeOf<[bigint, number]>();
  expectTypeOf(formatUnits).returns.toEqualTypeOf<string>();
  expectTypeOf(parseUnits).returns.toEqualTypeOf<bigint>();
  expectTypeOf(parseIntegerString).returns.toEqualTypeOf<bigint>();
  // @ts-expect-error a JS number has already lost digits; formatUnits takes a bigint
  formatUnits(1.5, 18);

  const result: OracleUpdateResult = { failures: [], updateFee: '1', verifition_fee: '2' };
  expectTypeOf(oracleTransactionValue(result, { nativeCollateralAmount: 10n })).toEqualTypeOf<bigint>();
  // @ts-expect-error the collateral amount is a bigint (wei), never a number
  oracleTransactionValue(result, { nativeCollateralAmount: 10 });

  expectTypeOf(normalizeOperationType('OPEN_MARKET_TRADE')).toEqualTypeOf<CurrentOperationType>();
  expectTypeOf<CurrentOperationType>().toEqualTypeOf<
    Exclude<OperationType, 'OPEN_MARKET_TRADE' | 'CLOSE_TRADE_SUCCESSFUL'>
  >();
  // @ts-expect-error [contract] not an operationType of the contract
  normalizeOperationType('OPEN_TRADE');
  // @ts-expect-error [contract] a legacy name is not a current one
  assertType<CurrentOperationType>('CLOSE_TRADE_SUCCESSFUL' as const);

  expectTypeOf<ApiError['status']>().toEqualTypeOf<number>();
  expectTypeOf<ApiError['body']>().toEqualTypeOf<unknown>();
  expectTypeOf<ApiError['response']>().toEqualTypeOf<Response>();
  assertType<Error>(new ApiError(new Response()));

  // @ts-expect-error baseUrl is required: the contract names no address for the service
  createClient({});
  // @ts-expect-error retry takes options or false, not true
  createClient({ baseUrl: 'http://127.0.0.1:4100', retry: true });
  assertType<Parameters<typeof retryMiddleware>[0]>({
    attempts: 5,
    baseDelayMs: 100,
    maxDelayMs: 2000,
    random: () => 0.5,
  });

  createClient({
    baseUrl: 'http://127.0.0.1:4100',
    timeoutMs: 5000,
    redirect: 'follow-same-origin',
    maxBodyBytes: 2 ** 20,
  });
  expectTypeOf<ClientOptions['redirect']>().toEqualTypeOf<'manual' | 'follow-same-origin' | undefined>();
  expectTypeOf<ClientOptions['maxBodyBytes']>().toEqualTypeOf<number | undefined>();
  // @ts-expect-error fetch's 'follow' is not offered: it would follow a redirect to any origin
  createClient({ baseUrl: 'http://127.0.0.1:4100', redirect: 'follow' });
  // @ts-expect-error the cap is a number of bytes
  createClient({ baseUrl: 'http://127.0.0.1:4100', maxBodyBytes: '8MB' });
}

export function everyPublicTypeIsNamed(page: LeaderboardPage) {
  expectTypeOf<DataOf<{ data?: LeaderboardPage; error?: unknown }>>().toEqualTypeOf<LeaderboardPage>();
  expectTypeOf<DataOf<{ data?: never; error?: unknown }>>().toEqualTypeOf<undefined>();
  expectTypeOf<PaginateOptions>().toEqualTypeOf<{ maxPages?: number }>();
  expectTypeOf<LegacyOperationType>().toEqualTypeOf<'OPEN_MARKET_TRADE' | 'CLOSE_TRADE_SUCCESSFUL'>();
  expectTypeOf(page.content).toEqualTypeOf<LeaderboardEntry[]>();
}

export function sandboxControlIsTyped() {
  const control = createSandboxControl({ baseUrl: 'http://127.0.0.1:4010', world: 'checkout' });
  expectTypeOf(control.headers).toEqualTypeOf<Readonly<Record<string, string>>>();
  expectTypeOf(control.clock()).toEqualTypeOf<Promise<SandboxClock>>();
  expectTypeOf(control.advance('PT1H')).toEqualTypeOf<Promise<SandboxDescription>>();
  expectTypeOf(control.openPosition).parameter(0).toEqualTypeOf<SandboxTrade>();
  // The control's Position is the contract's: what the positions list holds.
  expectTypeOf(control.closePosition('0x')).toEqualTypeOf<Promise<SandboxPosition>>();
  expectTypeOf<SandboxPosition>().toEqualTypeOf<Position>();
  expectTypeOf(control.setFaults).parameter(0).toEqualTypeOf<SandboxFaultsInput>();
  expectTypeOf(control.faults()).toEqualTypeOf<Promise<SandboxFaults>>();
  // @ts-expect-error a margin is an integer string in the collateral's decimals, never a number
  control.openPosition({ trader: '0x', pairBase: '0x', isLong: true, leverage: 10, margin: 100 });
}
