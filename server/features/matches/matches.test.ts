import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { makeUser } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { requestBody } from '../requests/requests.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

let seq = 0;
/** Two colleagues whose drop and pickup matched; a third crew member of the same group outside it. */
async function matchedPair() {
  const group = { base: `X${seq++}` };
  const a = await makeUser(app, { ...group, firstName: 'Ada' });
  const b = await makeUser(app, { ...group, firstName: 'Bo' });
  const outsider = await makeUser(app, group);
  const drop = await a.client.post('/api/requests', requestBody());
  const pickup = await b.client.post('/api/requests', requestBody({ type: 'pickup', date: drop.body.date }));
  const [match] = (await a.client.get('/api/matches')).body;
  return { a, b, outsider, drop: drop.body, pickup: pickup.body, matchId: match.id as number };
}

describe('GET /api/matches', () => {
  it('lists the caller’s matches newest first, oriented for the caller, with users and images', async () => {
    const { a, b, drop, pickup, matchId } = await matchedPair();
    const second = await b.client.post('/api/requests', requestBody({ type: 'pickup', date: drop.date, route: 'OTHER' }));
    const forA = (await a.client.get('/api/matches')).body;
    expect(forA.map((m: { id: number }) => m.id)).toEqual([expect.any(Number), matchId]);
    expect(forA[0]).toMatchObject({ status: 'pending', request: { id: drop.id }, matchedRequest: { id: second.body.id } });
    const forB = (await b.client.get('/api/matches')).body;
    expect(forB.at(-1)).toMatchObject({
      id: matchId,
      request: { id: pickup.id, user: { firstName: 'Bo' }, tripImages: [] },
      matchedRequest: { id: drop.id, user: { firstName: 'Ada' } },
    });
  });

  it('shows nothing of others’ matches and is 401 signed out', async () => {
    const { outsider } = await matchedPair();
    expect((await outsider.client.get('/api/matches')).body).toEqual([]);
    expect((await app.client().get('/api/matches')).status).toBe(401);
  });
});

describe('PUT /api/matches/{id}/status', () => {
  it('moves a pending match to trade_requested and acknowledges the caller’s notification', async () => {
    const { a, b, matchId } = await matchedPair();
    const res = await a.client.put(`/api/matches/${matchId}/status`, { status: 'trade_requested' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: matchId, status: 'trade_requested' });
    expect((await b.client.get('/api/matches')).body[0].status).toBe('trade_requested');
    const acks = await sql(app.databaseUrl, 'select user_id from notification_acknowledgments where match_id = $1', [matchId]);
    expect(acks).toEqual([{ user_id: a.user.id }]);
  });

  it('refuses other statuses, and changes from a closed state', async () => {
    const { a, matchId } = await matchedPair();
    const bad = await a.client.put(`/api/matches/${matchId}/status`, { status: 'approved' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.matchStatusInvalid);
    await sql(app.databaseUrl, "update matches set status = 'approved' where id = $1", [matchId]);
    const closed = await a.client.put(`/api/matches/${matchId}/status`, { status: 'trade_requested' });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(MSG.matchClosed);
  });

  it('is 404 "Match not found" for someone else’s or a missing match', async () => {
    const { outsider, matchId } = await matchedPair();
    for (const id of [matchId, 999999]) {
      const res = await outsider.client.put(`/api/matches/${id}/status`, { status: 'trade_requested' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MSG.matchNotFound);
    }
    expect((await sql(app.databaseUrl, 'select status from matches where id = $1', [matchId]))[0]!.status).toBe('pending');
  });

  it('is 401 signed out', async () => {
    expect((await app.client().put('/api/matches/1/status', { status: 'trade_requested' })).status).toBe(401);
  });
});

describe('DELETE /api/matches/{id}', () => {
  it('lets either participant delete it', async () => {
    const { a, b, matchId } = await matchedPair();
    const res = await b.client.delete(`/api/matches/${matchId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Match deleted' });
    expect((await a.client.get('/api/matches')).body).toEqual([]);
  });

  it('is 404 "Match not found" for someone else’s or a missing match, and keeps it', async () => {
    const { a, outsider, matchId } = await matchedPair();
    for (const id of [matchId, 999999, 'nope']) {
      const res = await outsider.client.delete(`/api/matches/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MSG.matchNotFound);
    }
    expect((await a.client.get('/api/matches')).body).toHaveLength(1);
  });

  it('is 401 signed out', async () => {
    expect((await app.client().delete('/api/matches/1')).status).toBe(401);
  });
});
