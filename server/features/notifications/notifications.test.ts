import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { makeUser } from '../../test/factories.ts';
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
async function matchedPair() {
  const group = { base: `N${seq++}` };
  const a = await makeUser(app, { ...group, firstName: 'Ada', lastName: 'Lane' });
  const b = await makeUser(app, { ...group, firstName: 'Bo', lastName: 'Park' });
  const outsider = await makeUser(app, group);
  await a.client.post('/api/requests', requestBody({ date: '2099-01-05' }));
  await b.client.post('/api/requests', requestBody({ type: 'pickup', date: '2099-01-05' }));
  const [match] = (await a.client.get('/api/matches')).body;
  return { a, b, outsider, matchId: match.id as number };
}

describe('GET /api/notifications', () => {
  it('lists the caller’s unacknowledged pending matches', async () => {
    const { a, b, outsider, matchId } = await matchedPair();
    const res = await a.client.get('/api/notifications');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        type: 'match',
        matchId,
        title: 'New Match Found',
        // The colleague's trip on the match's own day (docs/decisions/0042).
        message: expect.stringMatching(/^Bo Park's pickup on Jan 5 \(P\d+\) matches your drop$/),
        createdAt: expect.any(String),
      },
    ]);
    expect((await b.client.get('/api/notifications')).body[0].message).toMatch(/^Ada Lane's drop on Jan 5 \(P\d+\) matches your pickup$/);
    expect((await outsider.client.get('/api/notifications')).body).toEqual([]);
  });

  it('lists newest first', async () => {
    const { a, b, matchId } = await matchedPair();
    await b.client.post('/api/requests', requestBody({ type: 'pickup', date: '2099-01-05', route: 'TWO' }));
    const ids = (await a.client.get('/api/notifications')).body.map((n: { matchId: number }) => n.matchId);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(matchId);
  });

  it('is 401 signed out', async () => {
    expect((await app.client().get('/api/notifications')).status).toBe(401);
  });
});

describe('POST /api/notifications/acknowledge', () => {
  it('hides the notification for the caller only, and is idempotent', async () => {
    const { a, b, matchId } = await matchedPair();
    for (let i = 0; i < 2; i++) {
      const res = await a.client.post('/api/notifications/acknowledge', { matchId });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Notification acknowledged' });
    }
    expect((await a.client.get('/api/notifications')).body).toEqual([]);
    expect((await b.client.get('/api/notifications')).body).toHaveLength(1);
  });

  it('is 404 "Match not found" for someone else’s, a missing or a malformed match', async () => {
    const { outsider, matchId } = await matchedPair();
    for (const body of [{ matchId }, { matchId: 999999 }, { matchId: 'x' }, {}]) {
      const res = await outsider.client.post('/api/notifications/acknowledge', body);
      expect(res.status, JSON.stringify(body)).toBe(body.matchId === 'x' || !('matchId' in body) ? 400 : 404);
      expect(res.body.message).toBe(MSG.matchNotFound);
    }
  });

  it('is 401 signed out', async () => {
    expect((await app.client().post('/api/notifications/acknowledge', { matchId: 1 })).status).toBe(401);
  });
});
