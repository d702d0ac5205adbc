// The largest requests the mock's guard admits, for every operation of the contract, and the bound the
// sandbox's README documents for each one's answer (hostile round three: one valid request of a megabyte
// made an answer of hundreds of megabytes). Two kinds per operation: `world` asks for as much of the world
// as one request can (the widest windows, the largest pages, the busiest trader), `echo` fills every input
// the answer or a refusal could repeat (strings up to the URL's room, lists up to their cap, bodies up to
// MAX_BODY_BYTES). The mock's tests send them over HTTP, MSW's to `createSandbox`'s handlers.
import { MAX_BODY_BYTES, MAX_JSON_VALUES } from '@trading-analytics/core';
import { present } from '../../../../test/support/present';
import type { SandboxDescription } from '../../../sandbox/src/index.js';
import { MAX_LIST_ITEMS } from '../../../sandbox/src/limits.js';
import { parseInstant } from '../../../sandbox/src/time.js';
import { Timeline } from '../../../sandbox/src/timeline/index.js';
import { View } from '../../../sandbox/src/view/index.js';
import { Writes } from '../../../sandbox/src/worlds/writes.js';
import { pairBases, tokens, traders } from './cast';

const { ava: AVA } = traders;
const { btc: BTC } = pairBases;
const { wmon: WMON } = tokens;

/** One request as a client sends it: a target (path and query, encoded) and a JSON body. */
export interface LargeRequest {
  operationId: string;
  kind: string;
  method: 'GET' | 'POST';
  target: string;
  body?: string;
}

/** Its size as the bounds count it: the target and the body, in bytes. */
export const requestBytes = (request: LargeRequest): number =>
  Buffer.byteLength(request.target) + (request.body === undefined ? 0 : Buffer.byteLength(request.body));

// Node's own limit on a request's head is 16 KiB (request line and headers): the target takes 14,000 of it.
const URL_ROOM = 14_000;
const MAX_INTEGER = Number.MAX_SAFE_INTEGER;
/** Text that travels in a URL unencoded. */
const fill = (length: number): string => 'x'.repeat(Math.max(1, length));
/** A body of JSON text of about `bytes` bytes: `make(room)` with room left for the rest of it. */
const bodyOf = (value: unknown): string => JSON.stringify(value);

function target(path: string, query: [string, string | number | boolean][] = []): string {
  const search = query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  return search.length > 0 ? `${path}?${search.join('&')}` : path;
}

/** The query texts that fill the URL's room: each named parameter gets an equal share of it. */
function filling(path: string, names: string[], fixed: [string, string | number | boolean][] = []): [string, string][] {
  const used = target(path, fixed).length + names.reduce((total, name) => total + name.length + 2, 0);
  const share = Math.floor((URL_ROOM - used) / Math.max(1, names.length));
  return names.map((name) => [name, fill(share)]);
}

/** `count` distinct texts of `length` characters that name no market of the world. */
const unknownPairs = (count: number, length: number): string[] =>
  Array.from(
    { length: count },
    (_, index) =>
      `0x${index
        .toString(16)
        .padStart(8, '0')
        .padStart(length - 2, 'f')}`,
  );

/** Of the addresses the world suggests to try, the one with the most positions, asked of the server at `baseUrl`. */
export async function busiestTrader(baseUrl: string, world: SandboxDescription): Promise<string> {
  const addresses = [...new Set(Object.values(world.tryThese).flat())].filter((value) =>
    /^0x[0-9a-f]{40}$/.test(value),
  );
  let best = { address: addresses[0] ?? '', count: -1 };
  for (const address of addresses) {
    const page = await (await fetch(`${baseUrl}/v1/user/${address}/positions?size=1`)).json();
    if (page.totalElements > best.count) best = { address, count: page.totalElements };
  }
  return best.address;
}

/**
 * The largest requests of every operation. `busiest` is the address with the most positions the test found;
 * the world's own values (the cast's team, its competitions, every market) come from its description.
 */
export function largestRequests(world: SandboxDescription, busiest: string): LargeRequest[] {
  const markets = world.cast.markets.map((market) => market.base);
  const team = world.cast.team.code;
  const requests: LargeRequest[] = [];
  const get = (operationId: string, kind: string, path: string, query: [string, string | number | boolean][] = []) =>
    requests.push({ operationId, kind, method: 'GET', target: target(path, query) });
  const post = (operationId: string, kind: string, path: string, body: unknown) =>
    requests.push({ operationId, kind, method: 'POST', target: path, body: bodyOf(body) });
  const longPath = (prefix: string, suffix: string) =>
    `${prefix}${fill(URL_ROOM - prefix.length - suffix.length)}${suffix}`;
  const wholeBoard: [string, string | number][] = [
    ['timeframe', 'ALL'],
    ['page', 0],
    ['size', MAX_INTEGER],
  ];

  get('listLeaderboard', 'world', '/v1/leaderboard', wholeBoard);
  get('listLeaderboard', 'echo', '/v1/leaderboard', [
    ['size', MAX_INTEGER],
    ...filling('/v1/leaderboard', ['search', 'block_chain'], [['size', MAX_INTEGER]]),
  ]);
  get('listTeamLeaderboard', 'world', `/v1/leaderboard/team/${team}`, wholeBoard);
  get('listTeamLeaderboard', 'echo', longPath('/v1/leaderboard/team/', ''), [['size', MAX_INTEGER]]);
  get('getMyRank', 'world', '/v1/leaderboard/my-rank', [
    ['user_address', busiest],
    ['timeframe', 'ALL'],
  ]);
  get(
    'getMyRank',
    'echo',
    '/v1/leaderboard/my-rank',
    filling('/v1/leaderboard/my-rank', ['user_address', 'block_chain']),
  );
  get('getTradingStats', 'world', `/v1/leaderboard/${busiest}/trading-stats`, [
    ['start_time', -MAX_INTEGER],
    ['end_time', MAX_INTEGER],
  ]);
  get('getTradingStats', 'echo', `/v1/leaderboard/${AVA}/trading-stats`, [
    ['start_time', 0],
    ['end_time', MAX_INTEGER],
    ...filling(
      `/v1/leaderboard/${AVA}/trading-stats`,
      ['block_chain'],
      [
        ['start_time', 0],
        ['end_time', MAX_INTEGER],
      ],
    ),
  ]);
  get('getStakedApy', 'world', '/v1/sstk/apy', [['days', MAX_INTEGER]]);
  get('getStakedApy', 'echo', '/v1/sstk/apy', filling('/v1/sstk/apy', ['blockChain']));
  get('getStakedPortfolio', 'world', `/v1/sstk/${AVA}/portfolio`);
  get('getStakedPortfolio', 'echo', longPath('/v1/sstk/', '/portfolio'));

  const allOptions = {
    includeEncodingData: true,
    includeFee: true,
    includePrice: true,
    includePublishTime: true,
    includeEncodingDataByOracleId: true,
    includePriceSafety: true,
    allowPartial: true,
  };
  const third = Math.floor((MAX_BODY_BYTES - 400) / 3);
  post('queryPriceUpdates', 'world', '/v1/oracle/price/updates/by-position', {
    pairBase: BTC,
    collateral: WMON,
    options: allOptions,
  });
  post('queryPriceUpdates', 'echo', '/v1/oracle/price/updates/by-position', {
    pairBase: fill(third),
    collateral: fill(third),
    blockChain: fill(third),
    options: allOptions,
  });
  const latest = '/v1/oracle/price/pairs/latest';
  post('queryLatestPrices', 'world', latest, { pairBases: [...markets, ...markets], blockChain: 'MONAD' });
  // The review's request: unknown pair bases beside a chain of a megabyte, every failure once repeating it.
  post('queryLatestPrices', 'echo: the chain of a megabyte', latest, {
    pairBases: unknownPairs(MAX_LIST_ITEMS, 44),
    blockChain: fill(MAX_BODY_BYTES - MAX_LIST_ITEMS * 47 - 100),
  });
  post('queryLatestPrices', 'echo: the longest pair bases', latest, {
    pairBases: unknownPairs(MAX_LIST_ITEMS, Math.floor((MAX_BODY_BYTES - 100) / MAX_LIST_ITEMS) - 3),
  });
  post('queryLatestPrices', 'echo: past the cap, as many as the guard admits', latest, {
    pairBases: unknownPairs(MAX_JSON_VALUES - 3, 44),
    blockChain: fill(MAX_BODY_BYTES - (MAX_JSON_VALUES - 3) * 47 - 100),
  });
  for (const [operationId, path] of [
    ['getPrice24hAgo', '/v1/oracle/price/pair-24h-ago'],
    ['getPriceHoursAgo', '/v1/oracle/price/pair-hours-ago'],
  ] as const) {
    get(operationId, 'world', path, [['pair_base', BTC]]);
    get(operationId, 'echo: an unknown pair', path, filling(path, ['pair_base']));
    get(operationId, 'echo: an unknown chain', path, [
      ['pair_base', BTC],
      ...filling(path, ['block_chain'], [['pair_base', BTC]]),
    ]);
  }
  get('listCompetitions', 'world', '/v1/trading-competition', [['userAddress', AVA]]);
  get('listCompetitions', 'world: not ready', '/v1/trading-competition', [['isReadyToDisplay', false]]);
  get('listCompetitions', 'echo', '/v1/trading-competition', filling('/v1/trading-competition', ['userAddress']));
  for (const competition of world.cast.competitions) {
    get(
      'listCompetitionLeaderboard',
      `world: ${competition.id}`,
      `/v1/trading-competition/${competition.id}/leaderboard`,
      [
        ['limit', MAX_INTEGER],
        ['userAddress', AVA],
      ],
    );
  }
  const board = `/v1/trading-competition/${world.cast.competitions[0]?.id}/leaderboard`;
  get('listCompetitionLeaderboard', 'echo', board, filling(board, ['orderBy']));
  post('joinCompetition', 'world', '/v1/trading-competition/join', { trader: busiest, competitionId: 7 });
  const invitational = world.cast.competitions.find((competition) => competition.requiresInviteCode);
  post('joinCompetition', 'echo', '/v1/trading-competition/join', {
    trader: AVA,
    competitionId: invitational?.id ?? 8,
    inviteCode: fill(MAX_BODY_BYTES - 200),
  });
  post('joinCompetition', 'echo: an invite code alone', '/v1/trading-competition/join', {
    trader: AVA,
    inviteCode: fill(MAX_BODY_BYTES - 200),
  });
  get('getTeamInfo', 'world', `/v1/genesis-airdrop/${AVA}/team-info`);
  get('getTeamInfo', 'echo', longPath('/v1/genesis-airdrop/', '/team-info'));
  get('getTeamInfoByCode', 'world', `/v1/genesis-airdrop/team-info-by-code/${team}`);
  get('getTeamInfoByCode', 'echo', longPath('/v1/genesis-airdrop/team-info-by-code/', ''));
  for (const leader of world.tryThese.teamLeaders ?? [AVA]) {
    get('listTeamMembers', 'world', `/v1/genesis-airdrop/${leader}/team-members`, [['size', MAX_INTEGER]]);
    get('listTeamBoostHistory', 'world', `/v1/genesis-airdrop/${leader}/team-boost-history`, [['size', MAX_INTEGER]]);
  }
  get('listTeamMembers', 'echo', longPath('/v1/genesis-airdrop/', '/team-members'));
  get('listTeamBoostHistory', 'echo', longPath('/v1/genesis-airdrop/', '/team-boost-history'));
  get('listTeamPointsLeaderboard', 'world', '/v1/genesis-airdrop/team-leaderboard', [['size', MAX_INTEGER]]);
  get('listTeamPointsLeaderboard', 'echo', '/v1/genesis-airdrop/team-leaderboard', [['epoch', MAX_INTEGER]]);
  get('listPositions', 'world', `/v1/user/${busiest}/positions`, [['size', MAX_INTEGER]]);
  get('listPositions', 'echo', longPath('/v1/user/', '/positions'));
  get('listTradeHistory', 'world', `/v1/user/${busiest}/trade/history`, [['size', MAX_INTEGER]]);
  const history = `/v1/user/${AVA}/trade/history`;
  get('listTradeHistory', 'echo', history, filling(history, ['block_chain']));
  get('getUnrealizedPnl', 'world', `/v1/portfolio/${busiest}/unrealized-pnl`);
  const unrealized = `/v1/portfolio/${AVA}/unrealized-pnl`;
  get('getUnrealizedPnl', 'echo', unrealized, filling(unrealized, ['block_chain']));
  const overview = `/v1/portfolio/${busiest}/trade_overview`;
  get('getTradeOverview', 'world', overview, [
    ['timeframe', 'ALL_TIME'],
    ['is_after_fee', true],
  ]);
  get('getTradeOverview', 'echo', overview, [
    ['timeframe', 'ALL_TIME'],
    ['is_after_fee', true],
    ...filling(
      overview,
      ['blockchain'],
      [
        ['timeframe', 'ALL_TIME'],
        ['is_after_fee', true],
      ],
    ),
  ]);
  const chart = `/v1/portfolio/${busiest}/pnl_chart_data`;
  const chartQuery: [string, string | boolean][] = [
    ['timeframe', 'ALL_TIME'],
    ['is_after_fee', true],
  ];
  get('getPnlChart', 'world', chart, [...chartQuery, ['timezone', 'Pacific/Kiritimati']]);
  get('getPnlChart', 'echo', chart, [...chartQuery, ...filling(chart, ['timezone', 'blockchain'], chartQuery)]);
  get('getPortfolioData', 'world', `/v1/portfolio/${busiest}/portfolio_data`);
  get('getPortfolioData', 'echo', longPath('/v1/portfolio/', '/portfolio_data'));
  get('listPairs', 'world', '/v1/pairs', [
    ['is_ready_to_display', false],
    ['size', MAX_INTEGER],
    ['volume_time_range', 'ALL'],
  ]);
  const tags: [string, string][] = Array.from({ length: MAX_LIST_ITEMS }, (_, index) => ['tags', `t${index}`]);
  get('listPairs', 'echo', '/v1/pairs', [...tags, ...filling('/v1/pairs', ['symbol', 'block_chain'], tags)]);
  for (const [operationId, suffix] of [
    ['getPairVolume', '/volume'],
    ['getPairCumulativeVolume', '/cumulative-volume'],
  ] as const) {
    get(operationId, 'world', `/v1/pairs/${BTC}${suffix}`, operationId === 'getPairVolume' ? [['range', 'ALL']] : []);
    // An unknown pair's volume names the pair as sent: the one echo of a path, once.
    get(operationId, 'echo', longPath('/v1/pairs/', suffix));
  }
  const everything: [string, string][] = [
    ['startTime', '0001-01-01T00:00:00Z'],
    ['endTime', '9999-12-31T23:59:59Z'],
  ];
  get('listUserDailyVolumes', 'world', '/v1/trading-volumes/users', everything);
  get('listUserDailyVolumes', 'echo', '/v1/trading-volumes/users', [
    ...everything,
    ['chains', Array.from({ length: MAX_LIST_ITEMS }, () => 'MONAD').join(',')],
  ]);
  get('getProtocolVolumeByDate', 'world', '/v1/trading-volumes/sum-by-date', everything);
  get(
    'getProtocolVolumeByDate',
    'echo',
    '/v1/trading-volumes/sum-by-date',
    filling('/v1/trading-volumes/sum-by-date', ['startTime', 'endTime']),
  );
  get('getProtocolVolumeAllTime', 'world', '/v1/trading-volumes/sum-all');
  get('getProtocolVolumeAllTime', 'echo', '/v1/trading-volumes/sum-all', [
    ['chains', Array.from({ length: MAX_LIST_ITEMS }, () => 'MONAD').join(',')],
  ]);
  post('submitTradingIntent', 'echo', '/v2/trading/submit-intent', { intent: fill(MAX_BODY_BYTES - 100) });
  return requests;
}

/**
 * The world's size as the bounds read it: GET /__sandbox's counts, and the positions of the world's view (which
 * GET /__sandbox does not count, so that a clock move answers without building the view).
 */
type Counted = 'traders' | 'markets' | 'competitions' | 'teams' | 'historyDays' | 'joinsSinceStart';
export type Counts = Record<Counted | 'positions', number>;

/**
 * The counts of a world with nothing done in it but joins, as `world` describes it: its positions counted from
 * the sandbox's view at the same seed and now, built here (the same timeline the server's world reads).
 */
export function worldCounts(world: SandboxDescription): Counts {
  const now = parseInstant(world.now);
  if (now === undefined) throw new Error(`the world's now ${world.now} is no instant`);
  const view = new View(new Timeline(world.seed), now, new Writes());
  const positions = view.traders.reduce((total, trader) => total + trader.positions.length, 0);
  const count = (name: Counted) => present(world.counts[name], `the world's count of ${name}`);
  return {
    ...{ traders: count('traders'), markets: count('markets'), competitions: count('competitions') },
    ...{ teams: count('teams'), historyDays: count('historyDays'), joinsSinceStart: count('joinsSinceStart') },
    positions,
  };
}

const KiB = 1024;
/** A refusal or problem of the sandbox or the guard, beyond what it quotes of the request. */
const PROBLEM_BYTES = 48 * KiB;

/**
 * The most bytes of world data each operation's answer holds, beside what it repeats of the request (at
 * most twice the request: a refusal's detail and its list of violations). These are the sandbox README's
 * "Bounds" table, per unit of the world's size.
 */
const WORLD_BYTES: Readonly<Record<string, (counts: Counts) => number>> = {
  listLeaderboard: (c) => 300 * c.traders,
  listTeamLeaderboard: (c) => 300 * c.traders,
  getMyRank: () => KiB,
  getTradingStats: () => KiB,
  getStakedApy: () => KiB,
  getStakedPortfolio: () => KiB,
  queryPriceUpdates: () => 4 * KiB,
  queryLatestPrices: (c) => 150 * MAX_LIST_ITEMS + 100 * c.markets,
  getPrice24hAgo: () => KiB,
  getPriceHoursAgo: () => KiB,
  listCompetitions: (c) => 1.5 * KiB * c.competitions,
  listCompetitionLeaderboard: (c) => 300 * (c.traders + c.joinsSinceStart) + KiB,
  joinCompetition: () => KiB,
  getTeamInfo: () => 2 * KiB,
  getTeamInfoByCode: () => KiB,
  listTeamMembers: (c) => 400 * c.traders,
  listTeamBoostHistory: (c) => 150 * c.historyDays,
  listTeamPointsLeaderboard: (c) => 250 * c.teams,
  listPositions: (c) => 1.5 * KiB * c.positions,
  listTradeHistory: (c) => 3 * KiB * c.positions,
  getUnrealizedPnl: () => KiB,
  getTradeOverview: () => KiB,
  getPnlChart: (c) => 100 * c.historyDays,
  getPortfolioData: (c) => 300 * c.markets,
  listPairs: (c) => KiB * c.markets,
  getPairVolume: () => KiB,
  getPairCumulativeVolume: () => KiB,
  listUserDailyVolumes: (c) => 300 * 2 * c.positions,
  getProtocolVolumeByDate: () => KiB,
  getProtocolVolumeAllTime: () => KiB,
  submitTradingIntent: () => KiB,
};

/** The most bytes an answer to `request` may have: twice the request, the operation's world data, a problem's words. */
export function answerBound(request: LargeRequest, counts: Counts): number {
  const world = WORLD_BYTES[request.operationId];
  if (!world) throw new Error(`no bound for ${request.operationId}`);
  return 2 * requestBytes(request) + world(counts) + PROBLEM_BYTES;
}
