// One valid request per operation of the contract, made of the cast's values, and the helpers the test
// files share to send it and to read why the mock refused one.
import http from 'node:http';
import { competitions, pairBases, team, tokens, traders } from './cast';

export interface MockRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | string[]>;
  body?: unknown;
}

const { ava, ben } = traders;

const requests = {
  listLeaderboard: {
    method: 'GET',
    path: '/v1/leaderboard',
    query: { timeframe: 'ALL', sort_field: 'PNL', page: '0', size: '50' },
  },
  listTeamLeaderboard: { method: 'GET', path: `/v1/leaderboard/team/${team.code}` },
  getMyRank: { method: 'GET', path: '/v1/leaderboard/my-rank', query: { user_address: ava } },
  getTradingStats: {
    method: 'GET',
    path: `/v1/leaderboard/${ava}/trading-stats`,
    query: { start_time: '1794614400', end_time: '1795262400' },
  },
  getStakedApy: { method: 'GET', path: '/v1/sstk/apy', query: { days: '7' } },
  getStakedPortfolio: { method: 'GET', path: `/v1/sstk/${ava}/portfolio` },
  queryPriceUpdates: {
    method: 'POST',
    path: '/v1/oracle/price/updates/by-position',
    body: {
      pairBase: pairBases.btc,
      collateral: tokens.usdc,
      blockChain: 'MONAD',
      options: { includeEncodingData: true, includeFee: true },
    },
  },
  queryLatestPrices: {
    method: 'POST',
    path: '/v1/oracle/price/pairs/latest',
    body: { pairBases: [pairBases.btc, pairBases.eth] },
  },
  getPrice24hAgo: { method: 'GET', path: '/v1/oracle/price/pair-24h-ago', query: { pair_base: pairBases.btc } },
  getPriceHoursAgo: {
    method: 'GET',
    path: '/v1/oracle/price/pair-hours-ago',
    query: { pair_base: pairBases.btc, hours_ago: '6' },
  },
  listCompetitions: { method: 'GET', path: '/v1/trading-competition', query: { status: 'ONGOING', userAddress: ben } },
  listCompetitionLeaderboard: {
    method: 'GET',
    path: `/v1/trading-competition/${competitions.publicOngoing}/leaderboard`,
    query: { page: '0', limit: '10' },
  },
  joinCompetition: {
    method: 'POST',
    path: '/v1/trading-competition/join',
    body: { trader: ben, competitionId: competitions.publicOngoing },
  },
  getTeamInfo: { method: 'GET', path: `/v1/genesis-airdrop/${ava}/team-info` },
  getTeamInfoByCode: { method: 'GET', path: `/v1/genesis-airdrop/team-info-by-code/${team.code}` },
  listTeamMembers: { method: 'GET', path: `/v1/genesis-airdrop/${ava}/team-members`, query: { page: '0', size: '10' } },
  listTeamBoostHistory: { method: 'GET', path: `/v1/genesis-airdrop/${ava}/team-boost-history` },
  listTeamPointsLeaderboard: { method: 'GET', path: '/v1/genesis-airdrop/team-leaderboard', query: { epoch: '0' } },
  listPositions: { method: 'GET', path: `/v1/user/${ava}/positions`, query: { page: '0', size: '10' } },
  listTradeHistory: { method: 'GET', path: `/v1/user/${ava}/trade/history`, query: { page: '0', size: '2' } },
  getUnrealizedPnl: { method: 'GET', path: `/v1/portfolio/${ava}/unrealized-pnl` },
  getTradeOverview: {
    method: 'GET',
    path: `/v1/portfolio/${ava}/trade_overview`,
    query: { timeframe: 'ALL_TIME', is_after_fee: 'true' },
  },
  getPnlChart: {
    method: 'GET',
    path: `/v1/portfolio/${ava}/pnl_chart_data`,
    query: { timeframe: 'DAYS_7', is_after_fee: 'true', timezone: 'UTC' },
  },
  getPortfolioData: { method: 'GET', path: `/v1/portfolio/${ava}/portfolio_data` },
  listPairs: { method: 'GET', path: '/v1/pairs', query: { symbol: 'BTC', tags: ['crypto'] } },
  getPairVolume: { method: 'GET', path: `/v1/pairs/${pairBases.btc}/volume`, query: { range: 'SEVEN_DAY' } },
  getPairCumulativeVolume: { method: 'GET', path: `/v1/pairs/${pairBases.btc}/cumulative-volume` },
  listUserDailyVolumes: {
    method: 'GET',
    path: '/v1/trading-volumes/users',
    query: { startTime: '2026-11-14T00:00:00Z', endTime: '2026-11-21T00:00:00Z' },
  },
  getProtocolVolumeByDate: {
    method: 'GET',
    path: '/v1/trading-volumes/sum-by-date',
    query: { startTime: '2026-11-14T00:00:00Z', endTime: '2026-11-21T00:00:00Z' },
  },
  getProtocolVolumeAllTime: { method: 'GET', path: '/v1/trading-volumes/sum-all', query: { chains: ['MONAD'] } },
  submitTradingIntent: { method: 'POST', path: '/v2/trading/submit-intent', body: {} },
} satisfies Record<string, MockRequest>;

export const validRequests: Readonly<Record<keyof typeof requests, MockRequest>> = requests;

/** The valid request for an operation named at run time (the contract's), if the support has one. */
export const validRequestFor = (operationId: string): MockRequest | undefined =>
  Object.hasOwn(validRequests, operationId) ? validRequests[operationId as keyof typeof requests] : undefined;

export function urlOf(base: string, request: Pick<MockRequest, 'path' | 'query'>): string {
  const url = new URL(request.path, base);
  for (const [name, value] of Object.entries(request.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, item);
  }
  return url.toString();
}

export function send(base: string, request: MockRequest, headers: Record<string, string> = {}): Promise<Response> {
  const hasBody = request.body !== undefined;
  return fetch(urlOf(base, request), {
    method: request.method,
    headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...headers },
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

export interface Violation {
  location: string[];
  message: string;
}

/**
 * Why the mock refused a request, as a developer sees it: the `sl-violations` header when the operation
 * declares a 400 (its documented body stays as is), else the `validation` list of the problem+json body.
 */
export async function refusal(response: Response): Promise<{ status: number; violations: Violation[] }> {
  const header = response.headers.get('sl-violations');
  if (header) return { status: response.status, violations: JSON.parse(header) };
  const type = response.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await response.json() : await response.text();
  return { status: response.status, violations: body?.validation ?? [] };
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * Sends a request exactly as given, as a browser page or a fuzzer might: the path is not normalised or
 * re-encoded, any method may carry a body, and any header goes. Resolves with the answer, or rejects when
 * the connection fails (the mock closes it after refusing a body it did not read).
 */
export function sendRaw(
  base: string,
  {
    method,
    path,
    headers = {},
    body,
  }: { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port,
        method,
        path,
        headers: body === undefined ? headers : { 'content-length': String(Buffer.byteLength(body)), ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    // The mock may answer and close before a large body is written; the answer is what counts.
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * The reason a refusal gives a developer, or undefined when it gives none: the messages of its
 * `sl-violations` header, else the `detail` of its problem+json body.
 */
export function reasonOf(answer: RawAnswer): string | undefined {
  const header = answer.headers['sl-violations'];
  // Prism's form when the reasons outgrow a header: a readable prefix, then the start of the list.
  if (typeof header === 'string' && header.startsWith('Too many violations! ')) return header;
  if (typeof header === 'string') {
    const violations = JSON.parse(header) as Violation[];
    const messages = violations
      .map((violation) => violation.message)
      .filter((message) => typeof message === 'string' && message.trim() !== '');
    if (messages.length > 0) return messages.join('; ');
  }
  if (String(answer.headers['content-type']).startsWith('application/problem+json')) {
    const problem = JSON.parse(answer.body) as { detail?: unknown };
    if (typeof problem.detail === 'string' && problem.detail.trim() !== '') return problem.detail;
  }
  return undefined;
}
