import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories.ts';
import type { DashboardStats } from '#protocol/shapes.ts';
import { connectSocket, nextEvent, nextEventWhere, type TestSocket } from '../../test/socket-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { requestBody } from '../requests/requests.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const badgesWhere = (socket: TestSocket, check: (s: DashboardStats) => boolean) => nextEventWhere(socket, 'badges', check);

describe('live updates of requests and matches', () => {
  it('refuses a socket without a session', async () => {
    await expect(connectSocket(app.url, '')).rejects.toThrow(/unauthorized/);
  });

  it('sends board:upsert to the group, match:new and badges to both users, board:remove on delete', async () => {
    const group = { base: 'RTM' };
    const a = await makeUser(app, group);
    const b = await makeUser(app, group);
    const outsider = await makeUser(app, { base: 'RTX' });
    let outsiderFirstBadges: Promise<unknown> | undefined;
    const [sa, sb, so] = await Promise.all([
      connectSocket(app.url, a.client.cookieHeader),
      connectSocket(app.url, b.client.cookieHeader),
      connectSocket(app.url, outsider.client.cookieHeader, (s) => {
        outsiderFirstBadges = nextEvent(s, 'badges');
      }),
    ]);
    // Every socket gets its own counts on connect; after those, the outsider must hear nothing.
    await outsiderFirstBadges;
    const outsiderGot: string[] = [];
    so.onAny((event: string) => outsiderGot.push(event));
    try {
      const upsert = nextEvent(sb, 'board:upsert');
      const drop = await a.client.post('/api/requests', requestBody());
      expect((await upsert)[0]).toMatchObject({ id: drop.body.id, user: { id: a.user.id } });

      const matchForA = nextEvent(sa, 'match:new');
      const matchForB = nextEvent(sb, 'match:new');
      const notifyA = nextEvent(sa, 'notifications:changed');
      const badgesA = badgesWhere(sa, (s) => s.pendingMatches === 1);
      const pickup = await b.client.post('/api/requests', requestBody({ type: 'pickup', date: drop.body.date }));
      const [forA] = await matchForA;
      const [forB] = await matchForB;
      expect(forA).toMatchObject({ status: 'pending', request: { id: drop.body.id }, matchedRequest: { id: pickup.body.id } });
      expect(forB).toMatchObject({ id: forA.id, request: { id: pickup.body.id }, matchedRequest: { id: drop.body.id } });
      await notifyA;
      expect(await badgesA).toMatchObject({ activeRequests: 1, pendingMatches: 1, unacknowledgedNotifications: 1 });

      const removed = nextEvent(sb, 'board:remove');
      const matchGone = nextEvent(sb, 'match:update');
      const badgesB = badgesWhere(sb, (s) => s.pendingMatches === 0);
      await a.client.delete(`/api/requests/${drop.body.id}`);
      expect((await removed)[0]).toEqual({ id: drop.body.id });
      // The colleague is told which request took it, and that it was deleted (docs/decisions/0042).
      expect((await matchGone)[0]).toEqual({
        id: forA.id,
        status: 'deleted',
        closedReason: 'request_deleted',
        closedByRequestId: drop.body.id,
      });
      expect(await badgesB).toMatchObject({ activeRequests: 1, pendingMatches: 0 });

      await new Promise((r) => setTimeout(r, 100));
      expect(outsiderGot).toEqual([]);
    } finally {
      for (const s of [sa, sb, so]) s.close();
    }
  });

  it('sends match:update and badges when a match moves to trade_requested', async () => {
    const group = { base: 'RTN' };
    const a = await makeUser(app, group);
    const b = await makeUser(app, group);
    const drop = await a.client.post('/api/requests', requestBody());
    await b.client.post('/api/requests', requestBody({ type: 'pickup', date: drop.body.date }));
    const [match] = (await a.client.get('/api/matches')).body;
    const sb = await connectSocket(app.url, b.client.cookieHeader);
    try {
      const update = nextEvent(sb, 'match:update');
      const badges = badgesWhere(sb, (s) => s.pendingMatches === 0);
      await a.client.put(`/api/matches/${match.id}/status`, { status: 'trade_requested' });
      expect((await update)[0]).toEqual({ id: match.id, status: 'trade_requested' });
      expect(await badges).toMatchObject({ pendingMatches: 0, activeRequests: 1 });
    } finally {
      sb.close();
    }
  });
});
