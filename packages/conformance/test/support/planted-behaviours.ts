// The planted services of the behaviour tests: the sandbox with one behaviour broken, every answer still
// valid against the contract. The thirteen departures of issue 26 first, then one for each behaviour they
// leave. test/behaviour.test.ts runs the runner against each; the README's peer table came from running
// Portman and Dredd against the same ones.
import type { BehaviourId } from '../../src/index.js';
import type { Answer, Plant } from './servers.js';

type Body = Record<string, unknown>;
const bodyOf = (answer: Answer) => answer.body as Body;
const json = (body: unknown) => ({ status: 200, headers: { 'content-type': 'application/json' }, body });

/** Answers as if another query had been sent (a parameter ignored, or answered for another value). */
const askedInstead =
  (change: (query: URLSearchParams) => boolean): Plant =>
  async (answer, request) => {
    const query = new URLSearchParams(request.query);
    return change(query) ? request.upstream({ query }) : answer;
  };
const ignoring = (...names: string[]) =>
  askedInstead((query) => {
    const present = names.some((name) => query.has(name));
    for (const name of names) query.delete(name);
    return present;
  });

/** Page N+1 starts with page N's last row (and keeps its size). */
const overlapping =
  (sizeName: 'size' | 'limit', envelope: (body: Body) => Body): Plant =>
  async (answer, request) => {
    const page = Number(request.query.get('page') ?? 0);
    if (page < 1 || answer.status !== 200) return answer;
    const query = new URLSearchParams(request.query);
    query.set('page', String(page - 1));
    const before = envelope(bodyOf(await request.upstream({ query })));
    const last = (before.content as unknown[]).at(-1);
    const data = envelope(bodyOf(answer));
    const size = Number(request.query.get(sizeName));
    data.content = [last, ...(data.content as unknown[])].slice(0, size);
    return answer;
  };

/** totalElements six more than the rows the pages hold (totalPages following it). */
const inflatedTotals: Plant = (answer) => {
  const page = bodyOf(answer);
  if (answer.status !== 200 || typeof page.totalElements !== 'number') return answer;
  const totalElements = page.totalElements + 6;
  return json({ ...page, totalElements, totalPages: Math.ceil(totalElements / (page.pageSize as number)) });
};

export interface Planted {
  /** What is broken, as the issue words it. */
  what: string;
  behaviour: BehaviourId;
  operationId: string;
  plants: Record<string, Plant>;
  /** Answers given without asking the sandbox. */
  instead?: Record<string, () => Answer>;
  allowWrites?: boolean;
}

export const PLANTED: Planted[] = [
  {
    what: 'sort_field answered in PNL order',
    behaviour: 'leaderboard-order',
    operationId: 'listLeaderboard',
    plants: {
      listLeaderboard: askedInstead((query) => {
        const asked = query.get('sort_field');
        query.set('sort_field', 'PNL');
        return asked !== null && asked !== 'PNL';
      }),
    },
  },
  {
    what: 'sort_direction=ASC answered descending',
    behaviour: 'leaderboard-order',
    operationId: 'listLeaderboard',
    plants: {
      listLeaderboard: askedInstead((query) => {
        const ascending = query.get('sort_direction') === 'ASC';
        query.set('sort_direction', 'DESC');
        return ascending;
      }),
    },
  },
  {
    what: "page N+1 starting with page N's last row",
    behaviour: 'leaderboard-pages',
    operationId: 'listLeaderboard',
    plants: { listLeaderboard: overlapping('size', (body) => body) },
  },
  {
    what: 'totalElements larger than the rows the pages hold',
    behaviour: 'leaderboard-totals',
    operationId: 'listLeaderboard',
    plants: { listLeaderboard: inflatedTotals },
  },
  {
    what: 'search ignored',
    behaviour: 'leaderboard-search',
    operationId: 'listLeaderboard',
    plants: { listLeaderboard: ignoring('search') },
  },
  {
    what: "my-rank one off the trader's row",
    behaviour: 'my-rank-row',
    operationId: 'getMyRank',
    plants: {
      getMyRank: (answer) => {
        const entry = bodyOf(answer);
        return (entry.rank as number) > 0 ? json({ ...entry, rank: (entry.rank as number) + 1 }) : answer;
      },
    },
  },
  {
    what: 'the competition status filter ignored',
    behaviour: 'competition-status',
    operationId: 'listCompetitions',
    plants: { listCompetitions: ignoring('status') },
  },
  {
    what: 'hidden competitions listed by default',
    behaviour: 'competition-ready-default',
    operationId: 'listCompetitions',
    plants: {
      listCompetitions: async (answer, request) => {
        if (request.query.has('isReadyToDisplay')) return answer;
        const query = new URLSearchParams(request.query);
        query.set('isReadyToDisplay', 'false');
        const hidden = (await request.upstream({ query })).body as unknown[];
        return json([...(answer.body as unknown[]), ...hidden]);
      },
    },
  },
  {
    what: 'orderBy ignored on a competition leaderboard',
    behaviour: 'competition-leaderboard-order',
    operationId: 'listCompetitionLeaderboard',
    plants: { listCompetitionLeaderboard: ignoring('orderBy', 'orderDirection') },
  },
  {
    what: 'currentUser off its row',
    behaviour: 'competition-current-user',
    operationId: 'listCompetitionLeaderboard',
    plants: {
      listCompetitionLeaderboard: (answer) => {
        const board = bodyOf(answer);
        const current = board.currentUser as Body | undefined;
        if (!current || typeof current.rank !== 'number') return answer;
        return json({ ...board, currentUser: { ...current, rank: current.rank + 1 } });
      },
    },
  },
  {
    what: 'duplicate pairBases not collapsed',
    behaviour: 'latest-prices-duplicates',
    operationId: 'queryLatestPrices',
    plants: {
      queryLatestPrices: (answer, request) => {
        const asked = ((request.body as Body).pairBases as string[]).map((pair) => pair.toLowerCase());
        const latest = bodyOf(answer);
        const failures = (latest.failures as Body[]).flatMap((failure) =>
          asked.filter((pair) => pair === String(failure.pairBase).toLowerCase()).map(() => failure),
        );
        return json({ ...latest, failures });
      },
    },
  },
  {
    what: 'the pairs symbol filter ignored',
    behaviour: 'pairs-symbol',
    operationId: 'listPairs',
    plants: { listPairs: ignoring('symbol') },
  },
  {
    what: 'a join answered 200 but never registered',
    behaviour: 'join-registered',
    operationId: 'joinCompetition',
    allowWrites: true,
    plants: {},
    instead: { joinCompetition: () => ({ status: 200, headers: {}, body: undefined }) },
  },
  // The behaviours the thirteen leave: the team's leaderboard (a team of more than ten), my-rank outside the
  // ranked set, trading stats, hasJoined, the competition's pages, the tags filter and the epoch.
  {
    what: "a team leaderboard's sort_direction ignored",
    behaviour: 'leaderboard-order',
    operationId: 'listTeamLeaderboard',
    plants: { listTeamLeaderboard: ignoring('sort_direction') },
  },
  {
    what: "a team leaderboard's page N+1 starting with page N's last row",
    behaviour: 'leaderboard-pages',
    operationId: 'listTeamLeaderboard',
    plants: { listTeamLeaderboard: overlapping('size', (body) => body) },
  },
  {
    what: "a team leaderboard's totalElements larger than its rows",
    behaviour: 'leaderboard-totals',
    operationId: 'listTeamLeaderboard',
    plants: { listTeamLeaderboard: inflatedTotals },
  },
  {
    what: "a team leaderboard's search ignored",
    behaviour: 'leaderboard-search',
    operationId: 'listTeamLeaderboard',
    plants: { listTeamLeaderboard: ignoring('search') },
  },
  {
    what: 'my-rank ranking a trader outside the ranked set',
    behaviour: 'my-rank-outside',
    operationId: 'getMyRank',
    plants: {
      getMyRank: (answer) => {
        const entry = bodyOf(answer);
        return entry.rank === 0 ? json({ ...entry, rank: 1285 }) : answer;
      },
    },
  },
  {
    what: 'trading stats ranked',
    behaviour: 'trading-stats-windows',
    operationId: 'getTradingStats',
    plants: { getTradingStats: (answer) => json({ ...bodyOf(answer), rank: 7 }) },
  },
  {
    what: 'hasJoined left out for every userAddress but the example',
    behaviour: 'competition-has-joined',
    operationId: 'listCompetitions',
    plants: {
      listCompetitions: (answer, request) =>
        request.query.get('userAddress') === '0x4a7f2c9e1b3d5f60718293a4b5c6d7e8f9012a3b'
          ? answer
          : json((answer.body as Body[]).map(({ hasJoined: _left, ...competition }) => competition)),
    },
  },
  {
    what: "a competition leaderboard's page N+1 starting with page N's last row",
    behaviour: 'competition-leaderboard-pages',
    operationId: 'listCompetitionLeaderboard',
    plants: { listCompetitionLeaderboard: overlapping('limit', (body) => body.data as Body) },
  },
  {
    what: "currentUser's row added to the page (the page size changed)",
    behaviour: 'competition-current-user',
    operationId: 'listCompetitionLeaderboard',
    plants: {
      listCompetitionLeaderboard: (answer) => {
        const board = bodyOf(answer);
        const data = board.data as Body | undefined;
        if (!board.currentUser || !data) return answer;
        return json({ ...board, data: { ...data, content: [...(data.content as unknown[]), board.currentUser] } });
      },
    },
  },
  {
    what: 'the pairs tags filter ignored',
    behaviour: 'pairs-tags',
    operationId: 'listPairs',
    plants: { listPairs: ignoring('tags') },
  },
  {
    what: 'the team leaderboard answering epoch 1 when no epoch is asked',
    behaviour: 'team-points-epoch',
    operationId: 'listTeamPointsLeaderboard',
    plants: {
      listTeamPointsLeaderboard: askedInstead((query) => {
        const absent = !query.has('epoch');
        query.set('epoch', '1');
        return absent;
      }),
    },
  },
];
