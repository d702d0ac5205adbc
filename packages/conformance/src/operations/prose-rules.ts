// The service description's rules in prose that no schema can hold: a page echoes the request, an answer is
// for the address asked, every pair asked for is answered... (An empty account's zeros, once a rule here, are
// the UnrealizedPnl schema's now, checked with the rest of the answer.) Each is checked
// on the answer to the runner's own request and cites the description's words (`seed`). Two need a request
// of their own, sent once through the run's limiter like every other request: an unknown team code, and the
// competition list with a `userAddress` when the example request carries none.
import { type ContractOperation, type OpenApiDocument, resolve, type Schema } from '@trading-analytics/core';
import type { OperationFinding, RuleSeen } from '../reports/problem-words.js';
import type { RuleId } from '../reports/report-types.js';
import { jsonOf, type RequestSpec, type Sent } from '../transport/http-client.js';
import { type ParameterValues, requestTarget, withPreference } from './request-values.js';

/** One rule of one operation, with the service description's words for it (passages joined by ` … `). */
export interface Rule {
  id: RuleId;
  operationId: string;
  seed: string;
}

const ENVELOPE =
  'Paginated responses are an object with `content` (array), `pageNumber` (integer, 0-indexed), `pageSize` (integer), `totalPages` (integer), `totalElements` (integer).';

const PAGE_FIELDS = '`pageNumber` (integer, 0-indexed), `pageSize` (integer)';

/** A list answered with the pagination envelope, and what the description says of its paging. */
interface PagedList {
  operationId: string;
  /** The envelope is the body, or the body's `data`. */
  envelope: '' | '/data';
  /** The name of the page-size parameter. */
  size: 'size' | 'limit';
  /** The page and size when none is asked, where the description gives them. */
  defaults?: { page: number; size: number };
  /** The description's words on the list's `page` and `size`. */
  paging: string;
}

const PAGED_LISTS: readonly PagedList[] = [
  {
    operationId: 'listLeaderboard',
    envelope: '',
    size: 'size',
    defaults: { page: 0, size: 50 },
    paging: '`page` | integer | 0 … `size` | integer | 50 … Default page size | leaderboard 50',
  },
  {
    operationId: 'listTeamLeaderboard',
    envelope: '',
    size: 'size',
    defaults: { page: 0, size: 50 },
    paging:
      'same response shape, scoped to one team; accepts the same query parameters as `/v1/leaderboard` … `size` | integer | 50',
  },
  {
    operationId: 'listTradeHistory',
    envelope: '',
    size: 'size',
    defaults: { page: 0, size: 10 },
    paging: 'query `page` (default 0), `size` (default 10)',
  },
  {
    operationId: 'listPairs',
    envelope: '',
    size: 'size',
    defaults: { page: 0, size: 20 },
    paging: '`GET /v1/pairs` returns a pagination envelope of Pair … `page` | 0 … `size` | 20',
  },
  {
    operationId: 'listCompetitionLeaderboard',
    envelope: '/data',
    size: 'limit',
    defaults: { page: 0, size: 10 },
    paging:
      '`page` | 0 | 0-indexed. … `limit` | 10 | Rows per page; the name is `limit`, not `size`. … Supplemental: it does not change the page size or page count.',
  },
  {
    operationId: 'listPositions',
    envelope: '',
    size: 'size',
    paging: 'query `size` (integer, items per page) and `page` (integer, 0-indexed) … Default of `size`: not shown.',
  },
];

const SEED = {
  myRank:
    '`GET /v1/leaderboard/my-rank` returns one LeaderboardEntry. … `user_address` | yes | `<address>` … a trader outside the ranked set gets their stats with `rank` 0 … Addresses in paths and parameters are lookups only.',
  tradingStatsAddress:
    '`GET /v1/leaderboard/{user_address}/trading-stats` returns one LeaderboardEntry … Addresses in paths and parameters are lookups only.',
  tradingStatsRank:
    '`GET /v1/leaderboard/{user_address}/trading-stats` returns one LeaderboardEntry with `rank` 0 (a stats query, not a ranking). … 0 means the trader is outside the ranked set, or the record comes from a windowed stats query.',
  unrealizedPnlAddress:
    '`userAddress` | string | Lowercase `<address>`. … Where stated, responses return them in lowercase.',
  latestPrices:
    'pairBases: array of string (must not be empty; duplicates collapsed) … Pairs that cannot be resolved are listed in `failures` with a reason … One item per pair that could not be resolved.',
  hasJoined:
    '`userAddress` | none | When given, `hasJoined` is populated. … `hasJoined` | boolean | Filled in only when `userAddress` was supplied to the list.',
  cumulativePeriod:
    '`GET /v1/pairs/{pairBase}/cumulative-volume`: same response with `period` equal to `ALL`; equivalent to `/volume` with `range=ALL`.',
  unknownTeamCode:
    '`GET /v1/genesis-airdrop/team-info-by-code/{code}` | One TeamInfo, or null when the code is unknown. … Unknown team invite code: the result is a null body with a successful status, not an error.',
} as const;

/** Every rule, by operation: what the README's table lists. */
export const RULES: readonly Rule[] = [
  ...PAGED_LISTS.flatMap(({ operationId, paging }): Rule[] => [
    { id: 'page-number', operationId, seed: `${PAGE_FIELDS} … ${paging}` },
    { id: 'page-size', operationId, seed: `${PAGE_FIELDS} … ${paging}` },
    { id: 'page-content', operationId, seed: ENVELOPE },
    { id: 'total-pages', operationId, seed: ENVELOPE },
  ]),
  { id: 'my-rank-address', operationId: 'getMyRank', seed: SEED.myRank },
  { id: 'trading-stats-address', operationId: 'getTradingStats', seed: SEED.tradingStatsAddress },
  { id: 'trading-stats-rank', operationId: 'getTradingStats', seed: SEED.tradingStatsRank },
  { id: 'unrealized-pnl-address', operationId: 'getUnrealizedPnl', seed: SEED.unrealizedPnlAddress },
  { id: 'latest-prices-pairs', operationId: 'queryLatestPrices', seed: SEED.latestPrices },
  { id: 'has-joined', operationId: 'listCompetitions', seed: SEED.hasJoined },
  { id: 'cumulative-volume-period', operationId: 'getPairCumulativeVolume', seed: SEED.cumulativePeriod },
  { id: 'unknown-team-code', operationId: 'getTeamInfoByCode', seed: SEED.unknownTeamCode },
];

function seedOf(id: RuleId, operationId: string): string {
  return RULES.find((rule) => rule.id === id && rule.operationId === operationId)?.seed ?? '';
}

/** A code no team has: the unknown-team-code rule asks for it. */
const UNKNOWN_TEAM_CODE = 'NO-TEAM-HAS-THIS-CODE';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isInteger = (value: unknown): value is number => Number.isSafeInteger(value);

/** A parameter value asked as a whole number (a number, or a string of digits from --params), else undefined. */
function askedInteger(value: unknown): number | undefined {
  if (isInteger(value)) return value;
  return typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

/** What every rule of an operation reads: the request sent and the answer, its body parsed when it is JSON. */
interface Exchange {
  values: ParameterValues;
  body: unknown;
  /** The parsed body of a 2xx answer; undefined when there is none to read. */
  answer: unknown;
}

type Broken = { rule: RuleId; expected: string; seen: RuleSeen[] };

function pageRules(list: PagedList, { values, answer }: Exchange): Broken[] {
  const page = list.envelope ? (isObject(answer) ? answer.data : undefined) : answer;
  if (!isObject(page) || !Array.isArray(page.content)) return [];
  const at = (field: string) => `${list.envelope}/${field}`;
  const broken: Broken[] = [];
  const { pageNumber, pageSize, totalPages, totalElements } = page;
  const askedPage = askedInteger(values.page);
  const wantedPage = askedPage ?? list.defaults?.page;
  if (wantedPage !== undefined && isInteger(pageNumber) && pageNumber !== wantedPage) {
    const why = askedPage === undefined ? 'no page asked: the default' : `page=${askedPage} asked`;
    broken.push({
      rule: 'page-number',
      expected: `pageNumber ${wantedPage} (${why})`,
      seen: [{ at: at('pageNumber'), value: pageNumber }],
    });
  }
  const askedSize = askedInteger(values[list.size]);
  const wantedSize = askedSize ?? list.defaults?.size;
  if (wantedSize !== undefined && isInteger(pageSize) && pageSize !== wantedSize) {
    const why = askedSize === undefined ? `no ${list.size} asked: the default` : `${list.size}=${askedSize} asked`;
    broken.push({
      rule: 'page-size',
      expected: `pageSize ${wantedSize} (${why})`,
      seen: [{ at: at('pageSize'), value: pageSize }],
    });
  }
  if (isInteger(pageSize) && page.content.length > pageSize) {
    broken.push({
      rule: 'page-content',
      expected: `at most pageSize (${pageSize}) items in content`,
      seen: [{ at: `${at('content')} length`, value: page.content.length }],
    });
  }
  if (isInteger(pageSize) && pageSize > 0 && isInteger(totalPages) && isInteger(totalElements)) {
    const pages = Math.ceil(totalElements / pageSize);
    // An empty list is one empty page to some services and no page to others; the description says neither.
    const accepted = totalElements === 0 ? [0, 1] : [pages];
    if (!accepted.includes(totalPages)) {
      broken.push({
        rule: 'total-pages',
        expected: `totalPages ${accepted.join(' or ')} (totalElements ${totalElements} / pageSize ${pageSize}, rounded up)`,
        seen: [{ at: at('totalPages'), value: totalPages }],
      });
    }
  }
  return broken;
}

/** The answer's `userAddress` is the address asked: the same hex digits, in any case, or in lowercase. */
function addressRule(rule: RuleId, asked: unknown, answer: unknown, lowercase: boolean): Broken[] {
  if (typeof asked !== 'string' || !isObject(answer) || typeof answer.userAddress !== 'string') return [];
  const matches = lowercase
    ? answer.userAddress === asked.toLowerCase()
    : answer.userAddress.toLowerCase() === asked.toLowerCase();
  if (matches) return [];
  const expected = lowercase
    ? `userAddress ${asked.toLowerCase()} (the address asked, in lowercase)`
    : `userAddress ${asked} (the address asked, in any case)`;
  return [{ rule, expected, seen: [{ at: '/userAddress', value: answer.userAddress }] }];
}

function latestPricesRule({ body, answer }: Exchange): Broken[] {
  const asked = isObject(body) && Array.isArray(body.pairBases) ? body.pairBases : [];
  if (!isObject(answer) || !isObject(answer.prices) || !Array.isArray(answer.failures)) return [];
  const answered = [
    ...Object.keys(answer.prices),
    ...answer.failures.map((failure) => (isObject(failure) ? failure.pairBase : undefined)),
  ]
    .filter((pair): pair is string => typeof pair === 'string')
    .map((pair) => pair.toLowerCase());
  const pairs = [
    ...new Set(asked.filter((pair): pair is string => typeof pair === 'string').map((pair) => pair.toLowerCase())),
  ];
  const seen: RuleSeen[] = [];
  for (const pair of pairs) {
    const times = answered.filter((candidate) => candidate === pair).length;
    if (times === 0) seen.push({ at: `${pair} in prices or failures`, value: undefined });
    if (times > 1) seen.push({ at: `times ${pair} is in prices and failures`, value: times });
  }
  if (seen.length === 0) return [];
  return [
    {
      rule: 'latest-prices-pairs',
      expected: `each of the ${pairs.length} pairs asked for (duplicates collapsed) once, a key of prices or the pairBase of a failures item`,
      seen,
    },
  ];
}

function hasJoinedRule(answer: unknown): Broken[] {
  if (!Array.isArray(answer)) return [];
  const seen = answer.flatMap((competition, index): RuleSeen[] =>
    isObject(competition) && (competition.hasJoined === undefined || competition.hasJoined === null)
      ? [{ at: `/${index}/hasJoined`, value: competition.hasJoined }]
      : [],
  );
  return seen.length === 0
    ? []
    : [{ rule: 'has-joined', expected: 'hasJoined on every competition (userAddress given)', seen }];
}

/** The rules an answer to the operation's own request breaks. */
function answerRules(operationId: string, exchange: Exchange): Broken[] {
  const { values, answer } = exchange;
  const list = PAGED_LISTS.find((candidate) => candidate.operationId === operationId);
  if (list) return pageRules(list, exchange);
  switch (operationId) {
    case 'getMyRank':
      return addressRule('my-rank-address', values.user_address, answer, false);
    case 'getTradingStats': {
      const rank =
        isObject(answer) && isInteger(answer.rank) && answer.rank !== 0
          ? [{ rule: 'trading-stats-rank' as const, expected: 'rank 0', seen: [{ at: '/rank', value: answer.rank }] }]
          : [];
      return [...addressRule('trading-stats-address', values.user_address, answer, false), ...rank];
    }
    case 'getUnrealizedPnl':
      return addressRule('unrealized-pnl-address', values.user_address, answer, true);
    case 'queryLatestPrices':
      return latestPricesRule(exchange);
    case 'listCompetitions':
      return values.userAddress === undefined ? [] : hasJoinedRule(answer);
    case 'getPairCumulativeVolume':
      return isObject(answer) && typeof answer.period === 'string' && answer.period !== 'ALL'
        ? [
            {
              rule: 'cumulative-volume-period',
              expected: 'period ALL',
              seen: [{ at: '/period', value: answer.period }],
            },
          ]
        : [];
    default:
      return [];
  }
}

/** How the rules send a request of their own: the run's limiter and the --header values. */
export interface RuleSender {
  document: OpenApiDocument;
  headers: Record<string, string>;
  send: (spec: RequestSpec) => Promise<Sent>;
}

/** The body of a 2xx JSON answer, or undefined. */
function parsedBody(answer: Sent): unknown {
  if (answer.kind !== 'answer' || answer.status < 200 || answer.status > 299) return undefined;
  return jsonOf(answer.text);
}

/** A request of a rule's own, naming the contract's example of the case (see withPreference). */
async function sendOwn(sender: RuleSender, entry: ContractOperation, values: ParameterValues, example: string) {
  const headers = withPreference(sender.headers, `example=${example}`);
  const target = requestTarget(entry, values);
  return { target, answer: await sender.send({ method: entry.method, target, headers }) };
}

/** The rules that need a request of their own, for the operations that have one. */
async function ownRequestRules(sender: RuleSender, entry: ContractOperation, values: ParameterValues) {
  const findings: OperationFinding[] = [];
  if (entry.operationId === 'getTeamInfoByCode') {
    const { target, answer } = await sendOwn(sender, entry, { ...values, code: UNKNOWN_TEAM_CODE }, 'unknownCode');
    const isNull = answer.kind === 'answer' && answer.status === 200 && answer.text.trim() === 'null';
    if (!isNull) {
      const rule = 'unknown-team-code';
      const expected = `200 with a null body for code=${UNKNOWN_TEAM_CODE}, a code no team has`;
      findings.push({ check: 'rule', rule, seed: seedOf(rule, entry.operationId), expected, answer, target });
    }
  }
  if (entry.operationId === 'listCompetitions' && values.userAddress === undefined) {
    const parameter = entry.parameters.find((candidate) => candidate.name === 'userAddress');
    const examples: unknown = resolve<Schema>(sender.document, parameter?.schema)?.examples;
    const address: unknown = Array.isArray(examples) ? examples[0] : undefined;
    if (typeof address !== 'string') return findings;
    const asked = { ...values, userAddress: address };
    const { target, answer } = await sendOwn(sender, entry, asked, 'ongoingWithUserAddress');
    const body = parsedBody(answer);
    const rule = 'has-joined';
    const seed = seedOf(rule, entry.operationId);
    if (!Array.isArray(body)) {
      findings.push({ check: 'rule', rule, seed, expected: `a 2xx list for userAddress=${address}`, answer, target });
    } else {
      for (const broken of hasJoinedRule(body)) findings.push({ check: 'rule', seed, target, ...broken });
    }
  }
  return findings;
}

/**
 * The findings of an operation with its rules applied: the rules its answer breaks, and those of the rules'
 * own requests. A rule judges only values of the type the schema gives (the schema check reports the rest);
 * where it breaks at a field the schema check also flagged (a mixed-case address, a `period` outside the
 * enum), the rule's problem, which cites the description, is the one kept.
 */
export async function applyRules(
  sender: RuleSender,
  entry: ContractOperation,
  request: { values: ParameterValues; body: unknown; answer: Sent },
  findings: OperationFinding[],
): Promise<OperationFinding[]> {
  const exchange = { values: request.values, body: request.body, answer: parsedBody(request.answer) };
  const broken = exchange.answer === undefined ? [] : answerRules(entry.operationId, exchange);
  const ruled: OperationFinding[] = broken.map((found) => ({
    check: 'rule',
    seed: seedOf(found.rule, entry.operationId),
    ...found,
  }));
  const fields = new Set(broken.flatMap((found) => found.seen.map((seen) => seen.at)));
  const kept = findings.filter((finding) => finding.check !== 'schema' || !fields.has(finding.error.at));
  return [...kept, ...ruled, ...(await ownRequestRules(sender, entry, request.values))];
}
