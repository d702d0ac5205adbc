// Oracle answers: price-update payloads and fees for a market and collateral, latest prices, and the hourly
// snapshots behind the historical endpoints.
import { USDC, WMON } from '../cast.js';
import { HOUR } from '../time.js';
import type { SandboxAnswer, SandboxRequest } from '../types.js';
import { type Market, price18, priceAt } from '../world/markets.js';
import type { Context } from './context.js';
import { badRequest, bodyObject, CHAIN, checkListLength, notFound, ok, onChain, readParameters, shown } from './kit.js';

/** Fee per core-feed update and per pro-feed verification, in wei of the native token. */
const CORE_UPDATE_FEE = 100_000_000_000_000n;
const PRO_VERIFICATION_FEE = 50_000_000_000_000n;
const OPTION_NAMES = [
  'includeEncodingData',
  'includeFee',
  'includePrice',
  'includePublishTime',
  'includeEncodingDataByOracleId',
  'includePriceSafety',
  'allowPartial',
] as const;

/** The latest quote of a market: its last hourly price, published at the market's publish time. */
export function quote(market: Market): { price: bigint; publishTime: number } {
  return { price: price18(market.series[market.series.length - 1] as number), publishTime: market.publishTime };
}

/** An update payload for a feed: a fixed header, the feed id, then the publish time and price in hex. */
function payload(feedId: string, publishTime: number, price: bigint): string {
  return `0x504e41550100000003b801000000040d00${feedId.slice(2)}${publishTime.toString(16).padStart(16, '0')}${price.toString(16).padStart(32, '0')}`;
}

export function queryPriceUpdates(request: SandboxRequest, context: Context): SandboxAnswer {
  const body = bodyObject(request);
  // Plain strings in the service description: anything the world does not know is a failure, not a refusal.
  if (typeof body.pairBase !== 'string') throw badRequest('pairBase must be a string');
  if (typeof body.collateral !== 'string') throw badRequest('collateral must be a string');
  const chain = body.blockChain ?? CHAIN;
  const rawOptions = body.options ?? {};
  if (rawOptions === null || typeof rawOptions !== 'object' || Array.isArray(rawOptions))
    throw badRequest('options must be an object of booleans');
  const options = rawOptions as Record<string, unknown>;
  for (const name of OPTION_NAMES)
    if (options[name] !== undefined && typeof options[name] !== 'boolean')
      throw badRequest(`options.${name} must be true or false`);
  const market = onChain(chain) ? context.world.market(body.pairBase) : undefined;
  const collateral = body.collateral.toLowerCase();
  const failures: { pairBase?: string; collateral?: string; reason: string }[] = [];
  if (!onChain(chain))
    failures.push({ pairBase: body.pairBase, reason: `no price feed found for the pair on ${shown(chain)}` });
  else if (!market) failures.push({ pairBase: body.pairBase, reason: 'no price feed found for the pair' });
  if (collateral !== USDC.address && collateral !== WMON.address)
    failures.push({ collateral: body.collateral, reason: 'collateral token not supported' });
  const core: Market[] = [];
  const pro: Market[] = [];
  if (market && failures.length === 0) {
    // A market priced by a DEX oracle needs no update; a pro-feed market a pro payload; the others a core one.
    if (market.oracle === 'FEED_PRO') pro.push(market);
    else if (market.oracle === 'FEED_CORE') core.push(market);
    // Paying with the native token: its own price (MON/USD) is needed too.
    const mon = context.world.markets.find((one) => one.symbol === 'MON') as Market;
    if (collateral === WMON.address && !core.includes(mon)) core.push(mon);
  }
  const result: Record<string, unknown> = {};
  if (options.includeEncodingData === true) {
    result.feedPriceUpdateData = core.map((one) => payload(one.feedId, quote(one).publishTime, quote(one).price));
    result.feedProPriceUpdateData = pro.map((one) =>
      payload(one.proFeedId as string, quote(one).publishTime, quote(one).price),
    );
  }
  if (options.includeFee === true) {
    result.updateFee = (CORE_UPDATE_FEE * BigInt(core.length)).toString();
    result.verifition_fee = (PRO_VERIFICATION_FEE * BigInt(pro.length)).toString();
  }
  if (options.includePrice === true)
    result.feedCorePrice = Object.fromEntries(core.map((one) => [one.feedId, quote(one).price.toString()]));
  if (options.includePublishTime === true)
    result.feedCorePublishTime = Object.fromEntries(core.map((one) => [one.feedId, quote(one).publishTime]));
  result.failures = failures;
  return ok(result);
}

export function queryLatestPrices(request: SandboxRequest, context: Context): SandboxAnswer {
  const body = bodyObject(request);
  const chain = body.blockChain ?? CHAIN;
  const { pairBases } = body;
  if (!Array.isArray(pairBases) || pairBases.length === 0)
    throw badRequest('pairBases must be a non-empty array of pair base addresses');
  checkListLength('pairBases', pairBases.length);
  if (pairBases.some((one) => typeof one !== 'string')) throw badRequest('Every item of pairBases must be a string');
  const prices: Record<string, string> = {};
  const failures: { pairBase: string; reason: string }[] = [];
  const seen = new Set<string>();
  // Written once: a reason repeated per failure never repeats the request's chain whole.
  const reason = onChain(chain) ? 'no latest oracle price found' : `no latest oracle price found on ${shown(chain)}`;
  for (const pairBase of pairBases as string[]) {
    const key = pairBase.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const market = onChain(chain) ? context.world.market(key) : undefined;
    if (market) prices[key] = quote(market).price.toString();
    else failures.push({ pairBase, reason });
  }
  return ok({ prices, failures });
}

function historical(context: Context, pairBase: string, hoursAgo: number, chain: unknown): SandboxAnswer {
  if (!onChain(chain))
    throw notFound('no-snapshot', `No price snapshot exists on ${shown(chain)}: the sandbox's world lives on ${CHAIN}`);
  const market = context.world.market(pairBase);
  if (!market)
    throw notFound('no-snapshot', `No price snapshot exists for ${shown(pairBase)}: it is not a market of the sandbox`);
  const { now } = context.world;
  // Snapshots are captured on the hour; the one for a window is the last at or before its start.
  const capturedAt = Math.floor((now - hoursAgo * HOUR) / HOUR) * HOUR;
  if (capturedAt < market.seriesStart)
    throw notFound(
      'no-snapshot',
      `No price snapshot of ${market.pairName} exists ${hoursAgo} hours ago: it was listed later`,
    );
  const kind = market.oracle;
  return ok({
    pairBase: market.base,
    hoursAgo,
    blockChain: 'MONAD',
    oracleId: { kind, id: kind === 'FEED_PRO' ? market.proFeedId : market.feedId, oracle: market.oracleAddress },
    pricePoint: {
      price: price18(priceAt(market, capturedAt)).toString(),
      publishTime: Math.min(capturedAt - 1, market.publishTime),
      capturedAt,
    },
  });
}

export function getPrice24hAgo(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  return historical(context, values.pair_base as string, 24, values.block_chain);
}

export function getPriceHoursAgo(request: SandboxRequest, context: Context): SandboxAnswer {
  const values = readParameters(request);
  const hours = values.hours_ago as number;
  if (hours < 1 || hours > 24) throw badRequest(`hours_ago must be an integer from 1 to 24, not ${hours}`);
  return historical(context, values.pair_base as string, hours, values.block_chain);
}
