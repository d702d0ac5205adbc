// The join is remembered (issue 20, item 4): hasJoined and currentParticipants follow it, joining twice
// counts once, a private competition needs its invite code, older clients join by code, reset forgets.
import { beforeEach, describe, expect, it } from 'vitest';
import { createSandbox } from '../src/index.js';
import { ask, BEN, type Body, DEE, ok } from './support/world.js';

const sandbox = createSandbox();
const competition = (id: number, user = DEE): Body =>
  ok(ask(sandbox, 'listCompetitions', { userAddress: user })).find((one: Body) => one.id === id);
const join = (body: object) => ask(sandbox, 'joinCompetition', {}, {}, body);

describe('joining', () => {
  beforeEach(() => sandbox.reset());

  it('fills hasJoined on every listed competition when userAddress is given', () => {
    const listed = ok(ask(sandbox, 'listCompetitions', { userAddress: DEE }));
    expect(listed.length).toBeGreaterThan(0);
    for (const one of listed) expect(one.hasJoined).toBe(false);
  });

  it('records a public join: hasJoined, the participant count and the leaderboard follow; twice counts once', () => {
    const before = competition(7);
    expect(join({ trader: DEE, competitionId: 7 })).toEqual({ status: 200 });
    const after = competition(7);
    expect(after.hasJoined).toBe(true);
    expect(after.currentParticipants).toBe(before.currentParticipants + 1);
    const row = ok(ask(sandbox, 'listCompetitionLeaderboard', { userAddress: DEE }, { id: 7 })).currentUser;
    expect(row).toMatchObject({ trader: DEE, stats: { tradingVolume: 0 } });
    expect(row.stats).not.toHaveProperty('pnl');
    expect(join({ trader: DEE.toUpperCase().replace('0X', '0x'), competitionId: 7 }).status).toBe(200);
    expect(competition(7).currentParticipants).toBe(before.currentParticipants + 1);
    expect(competition(8).hasJoined).toBe(false);
  });

  it('counts a participant who was already in once: Ben is in competition 7', () => {
    const before = competition(7, BEN);
    expect(before.hasJoined).toBe(true);
    expect(join({ trader: BEN, competitionId: 7 }).status).toBe(200);
    expect(competition(7, BEN).currentParticipants).toBe(before.currentParticipants);
  });

  it('needs the invite code of a private competition', () => {
    const missing = join({ trader: BEN, competitionId: 8 });
    expect(missing.status).toBe(403);
    expect(missing.body.type).toBe('urn:trading-analytics-sandbox:invite-code-required');
    const wrong = join({ trader: BEN, competitionId: 8, inviteCode: 'MAXI-0000' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.type).toBe('urn:trading-analytics-sandbox:wrong-invite-code');
    expect(competition(8, BEN).hasJoined).toBe(false);
    expect(join({ trader: BEN, competitionId: 8, inviteCode: 'MAXI-8F3K' }).status).toBe(200);
    expect(competition(8, BEN)).toMatchObject({ hasJoined: true, currentParticipants: 38 });
  });

  it('lets older clients join with the trader and the invite code only', () => {
    expect(join({ trader: DEE, inviteCode: 'MAXI-8F3K' }).status).toBe(200);
    expect(competition(8).hasJoined).toBe(true);
    expect(join({ trader: DEE }).status).toBe(400);
    expect(join({ trader: DEE, inviteCode: '  ' }).status).toBe(400);
    expect(join({ trader: DEE, inviteCode: 'NOPE-0000' }).status).toBe(404);
  });

  it('refuses an unknown competition, an ended one and a malformed body', () => {
    expect(join({ trader: DEE, competitionId: 99 }).status).toBe(404);
    expect(join({ trader: DEE, competitionId: 5 }).status).toBe(409);
    expect(join({ trader: 'dee', competitionId: 7 }).status).toBe(400);
    expect(join({ trader: DEE, competitionId: '7' }).status).toBe(400);
    expect(competition(7).hasJoined).toBe(false);
  });

  it('takes joins for an upcoming competition', () => {
    expect(join({ trader: DEE, competitionId: 9 }).status).toBe(200);
    expect(competition(9)).toMatchObject({ hasJoined: true, currentParticipants: 1, status: 'UPCOMING' });
    expect(ok(ask(sandbox, 'listCompetitionLeaderboard', {}, { id: 9 })).data.content).toMatchObject([
      { rank: 1, trader: DEE },
    ]);
  });

  it('forgets every join on reset', () => {
    join({ trader: DEE, competitionId: 7 });
    join({ trader: BEN, competitionId: 8, inviteCode: 'MAXI-8F3K' });
    expect(sandbox.describe().counts.joinsSinceStart).toBe(2);
    sandbox.reset();
    expect(competition(7)).toMatchObject({ hasJoined: false, currentParticipants: 412 });
    expect(competition(8, BEN)).toMatchObject({ hasJoined: false, currentParticipants: 37 });
    expect(sandbox.describe().counts.joinsSinceStart).toBe(0);
  });

  it("keeps each sandbox's joins to itself", () => {
    const other = createSandbox();
    join({ trader: DEE, competitionId: 7 });
    expect(ok(ask(other, 'listCompetitions', { userAddress: DEE })).find((one: Body) => one.id === 7).hasJoined).toBe(
      false,
    );
  });
});
